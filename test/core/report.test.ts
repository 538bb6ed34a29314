import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InputSummary, Report, SCHEMA_VERSION } from "../../src/core/report.ts";

const GOLDEN = path.resolve(import.meta.dirname, "../fixtures/golden");

describe("Report", () => {
  it("describes every golden Report", () => {
    const cases = readdirSync(GOLDEN).filter((name) => existsSync(path.join(GOLDEN, name, "expected.json")));
    expect(cases.length).toBeGreaterThan(0);
    for (const name of cases) {
      const report: unknown = JSON.parse(readFileSync(path.join(GOLDEN, name, "expected.json"), "utf8"));
      const parsed = Report.safeParse(report);
      expect(parsed.success, `${name}: ${parsed.error?.message ?? ""}`).toBe(true);
    }
  });

  it("names its own version, and no other", () => {
    expect(SCHEMA_VERSION).toBe(1);
    const report: unknown = JSON.parse(
      readFileSync(path.join(GOLDEN, "openclaw-state", "expected.json"), "utf8"),
    );
    expect(Report.safeParse({ ...(report as object), schemaVersion: 2 }).success).toBe(false);
  });
});

describe("InputSummary", () => {
  it("counts events and duplicates as whole, non-negative numbers", () => {
    const summary = { files: [], events: 3, duplicates: 0, errors: [] };
    expect(InputSummary.safeParse(summary).success).toBe(true);
    expect(InputSummary.safeParse({ ...summary, duplicates: -1 }).success).toBe(false);
  });
});
