// /reports/<week>/report.md: the week's report as Markdown, the same text `workscope report
// --week` prints (see src/core/reports/weekly-report-markdown.ts).
import { absoluteLinks } from "../../../core/reports/report-links.ts";
import type { ReportIndex } from "../../../core/reports/report-index.ts";
import type { WeeklyReport } from "../../../core/reports/weekly-report.ts";
import { weeklyReportMarkdown } from "../../../core/reports/weekly-report-markdown.ts";
import { familyIndex, familyPage, ownShare, settings } from "../../../site/data.ts";
import { urls } from "../../../site/links.ts";
import { locale } from "../../../site/locale.ts";

export function getStaticPaths() {
  return ownShare(familyIndex<ReportIndex>("reports").weeks).map((w) => ({ params: { week: w.week } }));
}

export function GET({ params }: { params: { week: string } }): Response {
  const report = familyPage<WeeklyReport>("reports", params.week);
  return new Response(weeklyReportMarkdown(report, locale, absoluteLinks(urls, settings().siteUrl)), {
    headers: { "content-type": "text/markdown; charset=utf-8" },
  });
}
