// /postmortems/<flow>/postmortem.md: one flow's postmortem as Markdown (src/core/postmortems/postmortem-markdown.ts).
import { flowSegments, type PostmortemIndex } from "../../../core/postmortems/postmortem-index.ts";
import { postmortemMarkdown } from "../../../core/postmortems/postmortem-markdown.ts";
import type { PostmortemPage } from "../../../core/postmortems/postmortem-page.ts";
import { familyIndex, familyPage, ownShare, settings } from "../../../site/data.ts";
import { transcriptUrl, urls } from "../../../site/links.ts";
import { locale } from "../../../site/locale.ts";

export function getStaticPaths() {
  return ownShare(flowSegments(familyIndex<PostmortemIndex>("postmortems"))).map((flow) => ({
    params: { flow },
  }));
}

export function GET({ params }: { params: { flow: string } }): Response {
  const page = familyPage<PostmortemPage>("postmortems", params.flow);
  const markdown = postmortemMarkdown(page, locale, {
    siteUrl: settings().siteUrl ?? null,
    postmortem: urls.postmortem(page.segment),
    session: page.sessionSegment === null ? null : urls.session(page.sessionSegment),
    transcript: transcriptUrl(page.transcript),
  });
  return new Response(markdown, { headers: { "content-type": "text/markdown; charset=utf-8" } });
}
