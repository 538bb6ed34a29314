import { describe, expect, it } from "vitest";
import { isIsoUtc, parseTime, readTime, TIME_RANGE_MS, toIso } from "../../src/core/time.ts";

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

describe("readTime", () => {
  it("takes every number of the years 0000–9999, integral or not, to its edges", () => {
    for (const ms of [0, -1, 1.5, TIME_RANGE_MS.max, TIME_RANGE_MS.min, 1_771_232_460_000]) {
      expect(readTime(ms), String(ms)).toEqual({ ms, note: null });
      expect(() => toIso(ms)).not.toThrow();
    }
  });

  it("rejects numbers outside those years (a Date's own limit too), with a reason naming the value", () => {
    for (const ms of [1e20, -1e20, 8.64e15, TIME_RANGE_MS.max + 1, TIME_RANGE_MS.min - 1, Number.MAX_VALUE]) {
      const reading = readTime(ms);
      expect(reading.ms, String(ms)).toBeNull();
      expect(reading, String(ms)).toMatchObject({
        reason: expect.stringContaining("outside the years 0000–9999"),
      });
    }
    expect(readTime(Number.NaN)).toMatchObject({ ms: null, reason: expect.stringContaining("not a finite") });
  });

  it("keeps a number that looks like epoch seconds, with a note saying so", () => {
    for (const ms of [1e9, 1_771_232_460, 1e11]) {
      const reading = readTime(ms);
      expect(reading.ms, String(ms)).toBe(ms);
      expect(reading, String(ms)).toMatchObject({ note: expect.stringContaining("looks like seconds") });
    }
    expect(readTime(1_771_232_460)).toMatchObject({
      note: expect.stringContaining("2026-02-16T09:01:00.000Z"),
    });
  });

  it("leaves numbers just outside the seconds range without a note", () => {
    for (const ms of [1e9 - 1, 1e11 + 1, 0]) expect(readTime(ms), String(ms)).toEqual({ ms, note: null });
  });

  it("gives a reason for text and values that are no time", () => {
    expect(readTime("")).toEqual({ ms: null, reason: "the time is empty" });
    expect(readTime("soon")).toEqual({
      ms: null,
      reason: 'the time "soon" is not an ISO-8601 time of the years 0000–9999',
    });
    expect(readTime("+275760-09-13T00:00:00.001Z").ms).toBeNull();
    // A Date holds it, but its year has five digits.
    expect(readTime("+010000-01-01T00:00:00Z").ms).toBeNull();
    expect(readTime(null)).toEqual({ ms: null, reason: "the time is null, not a number or ISO-8601 text" });
    expect(readTime([1])).toMatchObject({ reason: expect.stringContaining("an array") });
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

  it("refuses, with a message naming it, a value outside the years 0000–9999", () => {
    expect(() => toIso(1e20)).toThrow("100000000000000000000 is outside the years 0000–9999");
  });
});
