import { describe, expect, it } from "vitest";
import { readCaptureTime } from "../../../src/core/formats/claude-time.ts";

describe("readCaptureTime", () => {
  it("reads ISO-8601 UTC and epoch milliseconds as readTime does", () => {
    expect(readCaptureTime("2026-03-10T23:15:33.335Z")).toEqual({
      ms: Date.parse("2026-03-10T23:15:33.335Z"),
      note: null,
    });
    expect(readCaptureTime(1_772_359_200_000)).toEqual({ ms: 1_772_359_200_000, note: null });
  });

  it("reads a local time without a zone as UTC, whatever the machine's zone, and says so", () => {
    expect(readCaptureTime("2026-03-10T23:15:33.335904")).toEqual({
      ms: Date.parse("2026-03-10T23:15:33.335Z"),
      note: 'the time "2026-03-10T23:15:33.335904" names no zone: it was read as UTC',
    });
    expect(readCaptureTime("2026-03-10 23:15:33").ms).toBe(Date.parse("2026-03-10T23:15:33Z"));
  });

  it("keeps an offset as written", () => {
    expect(readCaptureTime("2026-03-10T23:15:33+09:00")).toEqual({
      ms: Date.parse("2026-03-10T14:15:33Z"),
      note: null,
    });
  });

  it("gives the reason for text that is no time", () => {
    const reading = readCaptureTime("2026-13-45T99:00:00");
    expect(reading.ms).toBeNull();
    expect(reading).toHaveProperty("reason");
  });
});
