import { describe, expect, it } from "vitest";
import {
  isIsoWeek,
  nextIsoWeek,
  previousIsoWeek,
  weekBounds,
  weekDays,
  weekMondayWallMs,
} from "../../../src/core/reports/week-range.ts";

const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

describe("ISO weeks as ranges", () => {
  it.each([
    ["2026-W10", "2026-03-02T00:00:00.000Z"],
    ["2026-W01", "2025-12-29T00:00:00.000Z"],
    ["2021-W01", "2021-01-04T00:00:00.000Z"],
    ["2020-W53", "2020-12-28T00:00:00.000Z"],
  ])("%s starts on Monday %s", (week, monday) => {
    expect(iso(weekMondayWallMs(week))).toBe(monday);
  });

  it.each(["2021-W53", "2026-W00", "2026-W54", "2026-10", "2026-w10", "26-W10", "2026-W1", ""])(
    "%s is no week",
    (text) => {
      expect(isIsoWeek(text)).toBe(false);
      expect(previousIsoWeek(text)).toBeNull();
      expect(weekBounds(text, "UTC")).toBeNull();
    },
  );

  it("reads a week of the years 0–99 as those years, not 19xx", () => {
    expect(weekMondayWallMs("0050-W10")).not.toBeNull();
    expect(new Date(weekMondayWallMs("0050-W10") as number).getUTCFullYear()).toBe(50);
  });

  it.each([
    ["2026-W10", "2026-W09"],
    ["2026-W01", "2025-W52"],
    ["2021-W01", "2020-W53"],
  ])("the week before %s is %s", (week, before) => {
    expect(previousIsoWeek(week)).toBe(before);
  });

  it.each([
    ["2026-W09", "2026-W10"],
    ["2025-W52", "2026-W01"],
    ["2020-W53", "2021-W01"],
    ["2020-W52", "2020-W53"],
  ])("the week after %s is %s", (week, after) => {
    expect(nextIsoWeek(week)).toBe(after);
  });

  it("has no week after a text that is no week", () => {
    expect(nextIsoWeek("2021-W53")).toBeNull();
  });

  it("cuts a week at Monday 00:00 of the zone", () => {
    const seoul = weekBounds("2026-W10", "Asia/Seoul");
    expect(iso(seoul?.startMs)).toBe("2026-03-01T15:00:00.000Z");
    expect(iso(seoul?.endMs)).toBe("2026-03-08T15:00:00.000Z");
    const utc = weekBounds("2026-W10", "UTC");
    expect(iso(utc?.startMs)).toBe("2026-03-02T00:00:00.000Z");
    expect(iso(utc?.endMs)).toBe("2026-03-09T00:00:00.000Z");
  });

  it("follows a zone that changes its offset during the week", () => {
    // New York moves to summer time on Sunday 2026-03-08: the week is an hour short.
    const ny = weekBounds("2026-W10", "America/New_York");
    expect(iso(ny?.startMs)).toBe("2026-03-02T05:00:00.000Z");
    expect(iso(ny?.endMs)).toBe("2026-03-09T04:00:00.000Z");
  });
});

describe("weekDays", () => {
  it.each([
    ["UTC", "2026-03-02", "2026-03-08"],
    ["Asia/Seoul", "2026-03-02", "2026-03-08"],
    // The week New York moves to summer time in, an hour short.
    ["America/New_York", "2026-03-02", "2026-03-08"],
    // The week New York leaves summer time in, an hour long.
    ["America/New_York", "2026-11-02", "2026-11-08", "2026-W45"],
  ])("names Monday and Sunday of the week in %s: %s – %s", (zone, first, last, week = "2026-W10") => {
    const bounds = weekBounds(week, zone);
    expect(bounds).not.toBeNull();
    if (bounds === null) return;
    expect(weekDays(bounds.startMs, bounds.endMs, zone)).toEqual({ first, last });
  });
});
