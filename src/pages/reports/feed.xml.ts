// /reports/feed.xml: the weeks as an Atom feed, newest first (see src/core/reports/weeks-feed.ts).
import { absoluteLinks } from "../../core/reports/report-links.ts";
import type { ReportIndex } from "../../core/reports/report-index.ts";
import { weeksFeed } from "../../core/reports/weeks-feed.ts";
import { familyIndex, settings } from "../../site/data.ts";
import { urls } from "../../site/links.ts";
import { locale } from "../../site/locale.ts";

export function GET(): Response {
  const { siteUrl } = settings();
  const feed = weeksFeed(familyIndex<ReportIndex>("reports"), {
    locale,
    links: absoluteLinks(urls, siteUrl),
    siteUrl,
  });
  return new Response(feed, { headers: { "content-type": "application/atom+xml; charset=utf-8" } });
}
