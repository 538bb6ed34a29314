import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/site/markdown.ts";

describe("renderMarkdown", () => {
  it("renders markdown: bold, lists, code, tables", () => {
    expect(renderMarkdown("**bold** and `code`")).toBe(
      "<p><strong>bold</strong> and <code>code</code></p>\n",
    );
    expect(renderMarkdown("- a\n- b")).toContain("<ul>\n<li>a</li>");
    expect(renderMarkdown("| a |\n|---|\n| 1 |")).toContain("<table>");
  });

  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;"],
    ["<img src=x onerror=alert(1)>", "&lt;img"],
    ["<svg onload=alert(1)>", "&lt;svg"],
    ["<iframe srcdoc='<script>x</script>'></iframe>", "&lt;iframe"],
    ["<style>body{display:none}</style>", "&lt;style&gt;"],
    ['<a href="javascript:alert(1)">x</a>', "&lt;a href"],
  ])("escapes raw HTML: %s", (source, escaped) => {
    const html = renderMarkdown(source);
    expect(html).toContain(escaped);
    expect(html).not.toMatch(/<(script|img|svg|iframe|style)\b|<a href="javascript/i);
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:x",
    "data:text/html,<script>x</script>",
    "vbscript:x",
    "file:///etc/passwd",
    "/sessions/x/",
    "#top",
  ])("makes no link of %s", (url) => {
    expect(renderMarkdown(`[x](${url})`)).not.toContain("<a ");
  });

  it("keeps http(s) and mailto links, marked nofollow noopener noreferrer", () => {
    expect(renderMarkdown("[docs](https://example.com/a)")).toBe(
      '<p><a href="https://example.com/a" rel="nofollow noopener noreferrer">docs</a></p>\n',
    );
    expect(renderMarkdown("[me](mailto:a@b.c)")).toContain('href="mailto:a@b.c"');
  });

  it("renders no images, so a log cannot make the reader's browser fetch anything", () => {
    expect(renderMarkdown("![x](https://tracker.example/p.png)")).not.toContain("<img");
  });
});
