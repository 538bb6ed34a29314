import type { FamilyBuilder } from "../site/site-family.ts";
import { reportIndex } from "./report-index.ts";
import { weeklyReports } from "./weekly-report.ts";

/**
 * The page data of `/reports/`: the index of the weeks, and one page per week the Report holds,
 * whose path segment is the week itself (`2026-W10`, which needs no escaping).
 */
export const reportsFamily: FamilyBuilder = (analysis) => {
  const { report } = analysis;
  const reports = weeklyReports(report, analysis.untitledSessions);
  return {
    family: "reports",
    index: reportIndex(reports, report.generatedAt, report.timeZone),
    pages: reports.map((page) => ({ segment: page.week, page })),
  };
};
