import path from "node:path";
import { describe, expect, it } from "vitest";
import { Analysis } from "../../src/core/analysis.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";

const INPUT = path.resolve(import.meta.dirname, "../fixtures/golden/openclaw-state/input");

describe("Analysis", () => {
  it("describes what analyze hands on, maps included", async () => {
    const analysis = await analyzeInputs(["."], { cwd: INPUT, nowMs: Date.parse(TEST_NOW) });
    const parsed = Analysis.safeParse(analysis);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(analysis.taskFiles.size).toBeGreaterThan(0);
  });

  it("holds what the site shows beside the Report: every field is required", () => {
    expect(Object.keys(Analysis.shape)).toEqual([
      "report",
      "events",
      "sessionEvents",
      "taskEvents",
      "taskFiles",
      "taskHistory",
      "untitledSessions",
      "legacyThreads",
      "mentionNames",
    ]);
    expect(Analysis.safeParse({ report: {} }).success).toBe(false);
  });
});
