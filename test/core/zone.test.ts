import { describe, expect, it } from "vitest";
import { isTimeZone, offsetText, wallTimeMs, zoneOffsetMs } from "../../src/core/zone.ts";

const HOUR = 3_600_000;

describe("zones", () => {
  it.each([
    ["UTC", "2026-03-09T00:00:00Z", 0, "Z"],
    ["Asia/Seoul", "2026-03-09T00:00:00Z", 9 * HOUR, "+09:00"],
    ["America/New_York", "2026-01-15T12:00:00Z", -5 * HOUR, "-05:00"],
    ["America/New_York", "2026-07-15T12:00:00Z", -4 * HOUR, "-04:00"],
    ["Asia/Kolkata", "2026-03-09T00:00:00Z", 5.5 * HOUR, "+05:30"],
  ])("knows the offset of %s at %s", (zone, at, offset, text) => {
    expect(zoneOffsetMs(Date.parse(at), zone)).toBe(offset);
    expect(offsetText(Date.parse(at), zone)).toBe(text);
    expect(wallTimeMs(Date.parse(at), zone)).toBe(Date.parse(at) + offset);
  });

  it("changes the offset at the exact second of a daylight-saving change", () => {
    // New York springs forward at 2026-03-08 07:00 UTC (02:00 local).
    const change = Date.parse("2026-03-08T07:00:00Z");
    expect(zoneOffsetMs(change - 1000, "America/New_York")).toBe(-5 * HOUR);
    expect(zoneOffsetMs(change, "America/New_York")).toBe(-4 * HOUR);
    // Asked again, in the other order, from what it remembered.
    expect(zoneOffsetMs(change, "America/New_York")).toBe(-4 * HOUR);
    expect(zoneOffsetMs(change - 1000, "America/New_York")).toBe(-5 * HOUR);
  });

  it("keeps the sub-second part of a time out of the offset", () => {
    expect(zoneOffsetMs(Date.parse("2026-03-09T00:00:00.999Z"), "Asia/Seoul")).toBe(9 * HOUR);
  });

  it("reads the local mean time of history and the years 0000 and 9999", () => {
    // Seoul kept 8:27:52 before 1908.
    expect(zoneOffsetMs(Date.parse("1900-01-01T00:00:00Z"), "Asia/Seoul")).toBe(30_472_000);
    expect(zoneOffsetMs(Date.parse("0000-01-01T00:00:00Z"), "Asia/Seoul")).toBe(30_472_000);
    expect(zoneOffsetMs(Date.parse("9999-12-31T23:59:59Z"), "Asia/Seoul")).toBe(9 * HOUR);
  });

  it("tells zones the runtime knows from names it does not", () => {
    expect(isTimeZone("Asia/Seoul")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
