import { describe, expect, it } from "vitest";
import { isIsoUtc, parseTime, toIso } from "../../src/core/time.ts";

describe("parseTime", () => {
  it("takes epoch milliseconds and ISO-8601 text", () => {
    expect(parseTime(1_771_232_460_000)).toBe(1_771_232_460_000);
    expect(parseTime("2026-02-16T09:01:00Z")).toBe(Date.UTC(2026, 1, 16, 9, 1));
    expect(parseTime("2026-02-16T18:01:00+09:00")).toBe(Date.UTC(2026, 1, 16, 9, 1));
  });

  it("gives null for what is no usable time", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, "", "soon", null, undefined, {}, [1]])
      expect(parseTime(value), String(value)).toBeNull();
  });
});

describe("isIsoUtc", () => {
  it("accepts ISO times with a UTC designator, with or without seconds and fractions", () => {
    for (const text of [
      "2026-02-16T09:01:00Z",
      "2026-02-16T09:01Z",
      "2026-02-16T09:01:00.123Z",
      "2026-02-16T09:01:00+00:00",
      "2026-02-16T09:01:00-0000",
    ])
      expect(isIsoUtc(text), text).toBe(true);
  });

  it("refuses local times, other offsets, dates alone and impossible dates", () => {
    for (const text of [
      "2026-02-16T09:01:00",
      "2026-02-16T18:01:00+09:00",
      "2026-02-16",
      "2026-13-40T09:01:00Z",
      " 2026-02-16T09:01:00Z",
    ])
      expect(isIsoUtc(text), text).toBe(false);
  });
});

describe("toIso", () => {
  it("writes epoch milliseconds as ISO-8601 UTC, and parseTime reads it back", () => {
    const ms = Date.UTC(2026, 2, 9, 0, 0, 0, 5);
    expect(toIso(ms)).toBe("2026-03-09T00:00:00.005Z");
    expect(parseTime(toIso(ms))).toBe(ms);
  });
});
