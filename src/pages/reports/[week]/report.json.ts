// /reports/<week>/report.json: the week's report model as JSON, the same bytes `workscope report
// --week --format json` prints (see src/core/reports/weekly-report-json.ts).
import type { ReportIndex } from "../../../core/reports/report-index.ts";
import type { WeeklyReport } from "../../../core/reports/weekly-report.ts";
import { weeklyReportJson } from "../../../core/reports/weekly-report-json.ts";
import { familyIndex, familyPage, ownShare } from "../../../site/data.ts";

export function getStaticPaths() {
  return ownShare(familyIndex<ReportIndex>("reports").weeks).map((w) => ({ params: { week: w.week } }));
}

export function GET({ params }: { params: { week: string } }): Response {
  return new Response(weeklyReportJson(familyPage<WeeklyReport>("reports", params.week)), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
