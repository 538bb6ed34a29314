import { describe, expect, it } from "vitest";
import type { WorkSession } from "../../src/core/sessions/work-session.ts";
import { isoWeek, weeklyCategories } from "../../src/core/weeks.ts";

describe("isoWeek", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "2026-W01"],
    ["2026-01-19T00:00:00Z", "2026-W04"],
    ["2026-03-08T23:59:59Z", "2026-W10"],
    ["2027-01-01T00:00:00Z", "2026-W53"],
    ["2024-12-30T00:00:00Z", "2025-W01"],
    // The edges of the times the analysis holds, and years Date.UTC would read as 19xx.
    ["0000-01-03T00:00:00Z", "0000-W01"],
    ["0050-06-15T00:00:00Z", "0050-W24"],
    ["9999-12-31T23:59:59.999Z", "9999-W52"],
  ])("%s is %s", (iso, week) => {
    expect(isoWeek(Date.parse(iso))).toBe(week);
  });

  it.each([
    // Monday 00:00 in Seoul is Sunday 15:00 UTC: the week turns there nine hours early.
    ["2026-03-08T14:59:59Z", "Asia/Seoul", "2026-W10"],
    ["2026-03-08T15:00:00Z", "Asia/Seoul", "2026-W11"],
    // Monday 00:00 in New York is Monday 04:00 UTC once summer time began on 2026-03-08.
    ["2026-03-09T03:59:59Z", "America/New_York", "2026-W10"],
    ["2026-03-09T04:00:00Z", "America/New_York", "2026-W11"],
    // A year's first week, cut at the zone's New Year.
    ["2025-12-28T15:00:00Z", "Asia/Seoul", "2026-W01"],
  ])("%s is in %s's week %s", (iso, zone, week) => {
    expect(isoWeek(Date.parse(iso), zone)).toBe(week);
  });
});

describe("weeklyCategories", () => {
  const s = (start: string, category: string, source: string, conversations = 1) =>
    ({
      startMs: Date.parse(start),
      collabCategory: category,
      categorySource: source,
      roleCounts: { "conversation.main": conversations },
    }) as unknown as WorkSession;
  it("counts conversation sessions per category and week, with the fallback share", () => {
    const weeks = weeklyCategories([
      s("2026-02-16T00:00:00Z", "infra_ops", "rule"),
      s("2026-02-17T00:00:00Z", "engineering_build", "fallback"),
      s("2026-02-18T00:00:00Z", "qa_validation", "rule", 0),
      s("2026-02-23T00:00:00Z", "infra_ops", "rule"),
    ]);
    expect(weeks.map((w) => [w.week, w.sessions, w.fallbackRatio, w.categoryCounts.infra_ops])).toEqual([
      ["2026-W08", 2, 0.5, 1],
      ["2026-W09", 1, 0, 1],
    ]);
    expect(Object.keys(weeks[0]?.categoryCounts ?? {})).toHaveLength(10);
  });

  it("leaves out sessions none of whose events has a known time", () => {
    const undated = { ...s("1970-01-01T00:00:00Z", "infra_ops", "rule"), undated: true } as WorkSession;
    const weeks = weeklyCategories([undated, s("2026-02-16T00:00:00Z", "infra_ops", "rule")]);
    expect(weeks.map((w) => [w.week, w.sessions])).toEqual([["2026-W08", 1]]);
  });
});
