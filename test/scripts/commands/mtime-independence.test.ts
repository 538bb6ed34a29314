import { cpSync, readdirSync, readFileSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAnalyze as analyzeCommand } from "../../../scripts/commands/analyze.ts";
import { runAnalyze, TEST_NOW } from "../../helpers/run-analyze.ts";
import { tmpTree } from "../../helpers/tmp.ts";

/**
 * Claude Code's hook captures carry no time, and nothing a Report says may come from when a file
 * was last written: a copy, a backup restore or a `touch` changes that and nothing else. These
 * tests analyze the Claude Code golden inputs, set every file's times to other values, analyze
 * again and want the same bytes.
 */
const GOLDEN = path.resolve(import.meta.dirname, "../../fixtures/golden");
const CASES = ["claude-hook-captures", "claude-transcripts"];
const FIRST_TOUCH = new Date("2001-02-03T04:05:06Z");
const SECOND_TOUCH = new Date("2031-07-08T09:10:11Z");
const DAY = 86_400_000;

/** A copy of the Claude Code golden inputs, one folder per case. */
function copyInputs(): string {
  const dir = tmpTree();
  for (const name of CASES)
    cpSync(path.join(GOLDEN, name, "input"), path.join(dir, name), { recursive: true });
  return dir;
}

/** Sets the access and modification times of every file and folder under `dir`. */
function touchAll(dir: string, at: Date): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    utimesSync(path.join(entry.parentPath, entry.name), at, at);
    count++;
  }
  utimesSync(dir, at, at);
  return count;
}

describe("the Report does not depend on the files' times", () => {
  it("gives byte-identical Reports and events after every file is touched to another time", async () => {
    const dir = copyInputs();
    touchAll(dir, FIRST_TOUCH);
    const before = await runAnalyze(["."], dir);
    expect(touchAll(dir, SECOND_TOUCH)).toBeGreaterThan(10);
    const after = await runAnalyze(["."], dir);
    expect(after.json).toBe(before.json);
    expect(after.events).toBe(before.events);
    // None took its time from either touch (an undated event without any dated neighbour has 0).
    const times = after.events
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { ts: number; source: string }).ts);
    expect(times.length).toBeGreaterThan(50);
    const touches = [FIRST_TOUCH, SECOND_TOUCH].map((d) => d.getTime());
    for (const ts of times) for (const touch of touches) expect(Math.abs(ts - touch)).toBeGreaterThan(DAY);
  });

  it("gives the same Report through the parse cache, which sees the touched files as changed", async () => {
    const dir = copyInputs();
    const cache = tmpTree();
    const out = tmpTree();
    const run = async (): Promise<string> => {
      const json = path.join(out, "report.json");
      const code = await analyzeCommand(
        ["--now", TEST_NOW, "--json", json, "--quiet", "--cache", cache, "."],
        dir,
      );
      expect(code).toBe(0);
      return readFileSync(json, "utf8");
    };
    touchAll(dir, FIRST_TOUCH);
    const cold = await run();
    touchAll(dir, SECOND_TOUCH);
    expect(await run()).toBe(cold);
    expect(await run()).toBe(cold);
  });
});
