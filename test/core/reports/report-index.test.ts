import { describe, expect, it } from "vitest";
import { ReportIndex, reportIndex, weekSummary } from "../../../src/core/reports/report-index.ts";
import { weeklyReport, type WeeklyReport } from "../../../src/core/reports/weekly-report.ts";
import { flow, mainSession, reportOf } from "./fixtures.ts";

const a = reportOf(
  [
    mainSession("ws-1", "2026-02-24T10:00:00Z", { collabCategory: "infra_ops" }),
    mainSession("ws-2", "2026-03-03T10:00:00Z", { collabCategory: "qa_validation" }),
    mainSession("ws-3", "2026-03-04T10:00:00Z", { collabCategory: "infra_ops" }),
  ],
  [flow("2026-03-04T12:00:00Z", "ws-3")],
);
const reports = a.report.weeks.map((w) => weeklyReport(a.report, a.untitledSessions, w.week) as WeeklyReport);

describe("the index of the weeks", () => {
  it("lists the weeks newest first with their headline numbers", () => {
    const index = ReportIndex.parse(reportIndex(reports, a.report.generatedAt, a.report.timeZone));
    expect(index.weeks.map((w) => w.week)).toEqual(["2026-W10", "2026-W09"]);
    expect(index.weeks[0]).toEqual({
      week: "2026-W10",
      startMs: Date.parse("2026-03-02T00:00:00Z"),
      endMs: Date.parse("2026-03-09T00:00:00Z"),
      sessions: 2,
      change: 1,
      topCategory: "infra_ops",
      blockedFlows: 1,
      fallbackRatio: 0,
    });
    expect(index.generatedAt).toBe("2026-03-09T00:00:00.000Z");
  });

  it("gives a tie of top categories to the earlier category", () => {
    const w10 = reports.find((r) => r.week === "2026-W10") as WeeklyReport;
    const tied = {
      ...w10,
      categories: w10.categories.map((c) => (c.category === "infra_ops" ? { ...c, sessions: 1 } : c)),
    };
    // infra_ops comes before qa_validation in CollabCategory.
    expect(weekSummary(tied).topCategory).toBe("infra_ops");
  });
});
