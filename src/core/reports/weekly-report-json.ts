import { WeeklyReport } from "./weekly-report.ts";

/**
 * A week's report as JSON, the same bytes for the same report: the keys in the order of the
 * schema (parsing rebuilds every object in that order, whatever order it was made in), indented
 * by two spaces, with a final newline.
 */
export function weeklyReportJson(report: WeeklyReport): string {
  return `${JSON.stringify(WeeklyReport.parse(report), null, 2)}\n`;
}
