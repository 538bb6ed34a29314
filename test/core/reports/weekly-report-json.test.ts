import { describe, expect, it } from "vitest";
import { WeeklyReport, weeklyReport } from "../../../src/core/reports/weekly-report.ts";
import { weeklyReportJson } from "../../../src/core/reports/weekly-report-json.ts";
import { flow, mainSession, reportOf } from "./fixtures.ts";

const a = reportOf([mainSession("ws-1", "2026-03-03T10:00:00Z")], [flow("2026-03-04T12:00:00Z", "ws-1")]);
const report = weeklyReport(a.report, a.untitledSessions, "2026-W10") as WeeklyReport;

/** The same value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

describe("weeklyReportJson", () => {
  it("writes the model in the schema's key order, whatever order it was made in", () => {
    const json = weeklyReportJson(report);
    expect(weeklyReportJson(reversed(report) as WeeklyReport)).toBe(json);
    expect(Object.keys(JSON.parse(json) as object)).toEqual(Object.keys(WeeklyReport.shape));
    expect(json.endsWith("}\n")).toBe(true);
  });

  it("round-trips through JSON.parse to the same report", () => {
    expect(WeeklyReport.parse(JSON.parse(weeklyReportJson(report)))).toEqual(report);
  });

  it("holds keys, not words", () => {
    const json = weeklyReportJson(report);
    expect(json).toContain('"category": "engineering_build"');
    expect(json).toContain('"reason": "timeout"');
    expect(json).not.toContain("Engineering");
  });
});
