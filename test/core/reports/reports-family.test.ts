import { describe, expect, it } from "vitest";
import { ReportIndex } from "../../../src/core/reports/report-index.ts";
import { reportsFamily } from "../../../src/core/reports/reports-family.ts";
import { WeeklyReport } from "../../../src/core/reports/weekly-report.ts";
import { FAMILY_BUILDERS } from "../../../src/core/site/families.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { mainSession, reportOf } from "./fixtures.ts";

describe("the reports family", () => {
  it("is registered among the family builders", () => {
    expect(FAMILY_BUILDERS).toContain(reportsFamily);
  });

  it("has the weeks newest first as its index and one page per week, named by the week", () => {
    const a = reportOf([
      mainSession("ws-1", "2026-02-24T10:00:00Z"),
      mainSession("ws-2", "2026-03-03T10:00:00Z"),
    ]);
    const data = reportsFamily(a, siteLookups(a));
    expect(data.family).toBe("reports");
    expect(ReportIndex.parse(data.index).weeks.map((w) => w.week)).toEqual(["2026-W10", "2026-W09"]);
    expect(data.pages.map((p) => p.segment)).toEqual(["2026-W09", "2026-W10"]);
    for (const { segment, page } of data.pages) expect(WeeklyReport.parse(page).week).toBe(segment);
  });

  it("has no pages and an empty index when no session holds a main-agent conversation", () => {
    const a = reportOf([]);
    const data = reportsFamily(a, siteLookups(a));
    expect(ReportIndex.parse(data.index).weeks).toEqual([]);
    expect(data.pages).toEqual([]);
  });
});
