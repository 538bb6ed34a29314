import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDuration,
  formatTime,
  isoTime,
  relativeTime,
} from "../../../src/core/site/format.ts";

const NOW = Date.parse("2026-03-09T00:00:00Z");

describe("formats", () => {
  it("writes times on the wall clock of the zone asked for, the same on every machine", () => {
    expect(formatTime(Date.parse("2026-03-01T09:05:00Z"), "UTC")).toBe("2026-03-01 09:05");
    expect(formatTime(Date.parse("2026-03-01T20:05:00Z"), "Asia/Seoul")).toBe("2026-03-02 05:05");
    expect(formatTime(Date.parse("2026-03-01T09:05:00Z"), "America/New_York")).toBe("2026-03-01 04:05");
    expect(isoTime(Date.parse("2026-03-01T09:05:07.123Z"))).toBe("2026-03-01T09:05:07Z");
  });

  it.each([
    [NOW - 30_000, "방금", "just now"],
    [NOW - 5 * 60_000, "5분 전", "5min ago"],
    [NOW - 3 * 3_600_000, "3시간 전", "3h ago"],
    [NOW - 2 * 86_400_000, "2일 전", "2d ago"],
    [NOW - 15 * 86_400_000, "2주 전", "2w ago"],
    [NOW - 400 * 86_400_000, "1년 전", "1y ago"],
    [NOW + 2 * 3_600_000, "2시간 후", "in 2h"],
  ])("says %i relative to now as %s / %s", (ms, ko, en) => {
    expect(relativeTime(ms, NOW, "ko")).toBe(ko);
    expect(relativeTime(ms, NOW, "en")).toBe(en);
  });

  it("writes durations", () => {
    expect(formatDuration(42_000)).toBe("42s");
    expect(formatDuration(125_000)).toBe("2m 5s");
    expect(formatDuration(3_900_000)).toBe("1h 5m");
  });
});

describe("formatCount", () => {
  it("groups digits in each language's format", () => {
    expect(formatCount(1_234_567, "ko")).toBe("1,234,567");
    expect(formatCount(1_234_567, "en")).toBe("1,234,567");
    expect(formatCount(0, "en")).toBe("0");
  });
});
