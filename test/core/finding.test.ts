import { describe, expect, it } from "vitest";
import {
  boundFindings,
  compareFindings,
  Finding,
  FindingCollector,
  FINDINGS_LISTED_PER_FILE,
  OmittedFindings,
  OTHER_REASONS,
} from "../../src/core/finding.ts";

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

describe("FindingCollector", () => {
  it("keeps the first findings of each file up to the limit and counts the rest by reason", () => {
    const collector = new FindingCollector(2);
    for (let line = 1; line <= 5; line++)
      collector.add({ file: "a.ndjson", line, reason: line % 2 === 0 ? "even" : "odd" });
    collector.add({ file: "b.ndjson", line: 1, reason: "odd" });
    expect(collector.result()).toEqual({
      listed: [
        { file: "a.ndjson", line: 1, reason: "odd" },
        { file: "a.ndjson", line: 2, reason: "even" },
        { file: "b.ndjson", line: 1, reason: "odd" },
      ],
      omitted: [
        { file: "a.ndjson", reason: "even", count: 1 },
        { file: "a.ndjson", reason: "odd", count: 2 },
      ],
    });
  });

  it("counts reasons past the limit of distinct reasons under one, so the summary stays bounded", () => {
    const collector = new FindingCollector(1);
    for (let line = 1; line <= 5; line++) collector.add({ file: "a.ndjson", line, reason: `at ${line}` });
    expect(collector.result().omitted).toEqual([
      { file: "a.ndjson", reason: "at 2", count: 1 },
      { file: "a.ndjson", reason: OTHER_REASONS, count: 3 },
    ]);
  });

  it("holds a thousand findings per file by default", () => {
    expect(FINDINGS_LISTED_PER_FILE).toBe(1000);
  });
});

describe("boundFindings", () => {
  it("lists every finding, sorted, when no file passes the limit", () => {
    const findings: Finding[] = [
      { file: "b.ndjson", line: 2, reason: "x" },
      { file: "a.ndjson", line: 3, reason: "y" },
      { file: "b.ndjson", line: 1, reason: "x" },
    ];
    expect(boundFindings(findings, [], 2)).toEqual({
      listed: [...findings].sort(compareFindings),
      omitted: [],
    });
  });

  it("lists each file's first findings by line and adds the rest to those already omitted", () => {
    const findings: Finding[] = [
      { file: "a.ndjson", line: 9, reason: "id reused" },
      { file: "a.ndjson", line: 1, reason: "not JSON" },
      { file: "a.ndjson", line: 2, reason: "not JSON" },
    ];
    const earlier: OmittedFindings[] = [{ file: "a.ndjson", reason: "not JSON", count: 5 }];
    expect(boundFindings(findings, earlier, 2)).toEqual({
      listed: [
        { file: "a.ndjson", line: 1, reason: "not JSON" },
        { file: "a.ndjson", line: 2, reason: "not JSON" },
      ],
      omitted: [
        { file: "a.ndjson", reason: "id reused", count: 1 },
        { file: "a.ndjson", reason: "not JSON", count: 5 },
      ],
    });
  });
});

describe("OmittedFindings", () => {
  it("takes a file, a reason and a positive count", () => {
    expect(OmittedFindings.safeParse({ file: "a", reason: "r", count: 3 }).success).toBe(true);
    expect(OmittedFindings.safeParse({ file: "a", reason: "r", count: 0 }).success).toBe(false);
  });
});
