import MarkdownIt from "markdown-it";

/**
 * Markdown from logs is untrusted. markdown-it with `html: false` escapes every tag in the source
 * instead of passing it through, so no `<script>`, `<style>`, `<iframe>` or event-handler attribute
 * can come from a message. On top of that:
 * - links must be http(s) or mailto: no `javascript:`, `data:`, `vbscript:` or `file:` URL, and no
 *   relative link that could point into the site as if the site had written it;
 * - images are not rendered (a log must not make the reader's browser fetch anything);
 * - links open with `rel="nofollow noopener noreferrer"`.
 */
const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });
md.disable(["image"]);
md.validateLink = (url: string): boolean => /^(https?:\/\/|mailto:)/i.test(url.trim());
md.renderer.rules["link_open"] = (tokens, i, options, _env, self) => {
  tokens[i]?.attrSet("rel", "nofollow noopener noreferrer");
  return self.renderToken(tokens, i, options);
};

/** A message's markdown as safe HTML. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
