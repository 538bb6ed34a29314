import { describe, expect, it } from "vitest";
import { compareFindings, Finding } from "../../src/core/finding.ts";

describe("Finding", () => {
  it("takes a file, a 1-based line or 0 for the whole file, and a reason", () => {
    expect(Finding.parse({ file: "a.ndjson", line: 0, reason: "damaged gzip" })).toEqual({
      file: "a.ndjson",
      line: 0,
      reason: "damaged gzip",
    });
    expect(Finding.safeParse({ file: "a.ndjson", line: -1, reason: "x" }).success).toBe(false);
    expect(Finding.safeParse({ file: "a.ndjson", line: 1.5, reason: "x" }).success).toBe(false);
    expect(Finding.safeParse({ file: "a.ndjson", line: 1 }).success).toBe(false);
  });
});

describe("compareFindings", () => {
  it("orders by file, then line as a number, then reason", () => {
    const findings: Finding[] = [
      { file: "b.ndjson", line: 1, reason: "a" },
      { file: "a.ndjson", line: 10, reason: "a" },
      { file: "a.ndjson", line: 9, reason: "b" },
      { file: "a.ndjson", line: 9, reason: "a" },
    ];
    expect([...findings].sort(compareFindings)).toEqual([
      { file: "a.ndjson", line: 9, reason: "a" },
      { file: "a.ndjson", line: 9, reason: "b" },
      { file: "a.ndjson", line: 10, reason: "a" },
      { file: "b.ndjson", line: 1, reason: "a" },
    ]);
    expect(compareFindings({ file: "f", line: 1, reason: "r" }, { file: "f", line: 1, reason: "r" })).toBe(0);
  });
});
