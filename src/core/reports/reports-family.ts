import type { FamilyBuilder } from "../site/site-family.ts";
import { reportIndex } from "./report-index.ts";
import { weeklyReport, type WeeklyReport } from "./weekly-report.ts";

/**
 * The page data of `/reports/`: the index of the weeks, and one page per week the Report holds,
 * whose path segment is the week itself (`2026-W10`, which needs no escaping).
 */
export const reportsFamily: FamilyBuilder = (analysis) => {
  const { report } = analysis;
  const reports = report.weeks
    .map((w) => weeklyReport(report, analysis.untitledSessions, w.week))
    .filter((r): r is WeeklyReport => r !== null);
  return {
    family: "reports",
    index: reportIndex(reports, report.generatedAt, report.timeZone),
    pages: reports.map((page) => ({ segment: page.week, page })),
  };
};
