import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookLine } from "../../../bin/workscope-hook.mjs";
import {
  formatHookStart,
  hookStartRatio,
  measureHookStart,
  POST_TOOL_USE,
  type HookStartRow,
} from "../../../scripts/bench/hook-start.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const COLLECTOR = path.join(ROOT, "bin", "workscope-hook.mjs");

const runs = (...ms: number[]) => ms.map((m) => ({ ms: m, peakBytes: 0 }));

describe("the hook collector's start in the bench", () => {
  it("feeds a PostToolUse payload the collector keeps", () => {
    expect(JSON.parse(POST_TOOL_USE)).toMatchObject({ hook_event_name: "PostToolUse", tool_name: "Bash" });
    expect(hookLine(POST_TOOL_USE, 0).line).toMatch(/^\{"workscope":"hook","v":1,.*\n$/);
  });

  it("takes the median of each round's hook / bare, and prints it beside the medians", () => {
    const row: HookStartRow = { node: "v22.0.0 (/n)", bare: runs(40, 50, 100), hook: runs(60, 100, 120) };
    expect(hookStartRatio(row)).toBe(1.5);
    const failed: HookStartRow = { node: "v20.0.0 (/m)", bare: runs(40, 40), hook: runs(Number.NaN, 80) };
    expect(hookStartRatio(failed)).toBe(2);
    const table = formatHookStart([row, failed], COLLECTOR).split("\n");
    expect(table[1]).toMatch(/^v22\.0\.0 \(\/n\) +50\.0 +100\.0 +1\.50$/);
    expect(table[2]).toMatch(/^v20\.0\.0 \(\/m\) +40\.0 +80\.0 +2\.00 {2}FAILED in 1 of 2 rounds$/);
    expect(table[3]).toMatch(
      /bin\/workscope-hook\.mjs --out FILE fed a 2\.\d KB PostToolUse payload; 3 rounds/,
    );
  });

  it("runs the collector and a bare Node once each a round, under each Node", () => {
    const out = path.join(tmpTree(), "hooks.ndjson");
    const rows = measureHookStart(COLLECTOR, out, 2);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      expect(row.bare).toHaveLength(2);
      expect(row.hook.every((r) => Number.isFinite(r.ms) && r.ms > 0)).toBe(true);
    }
    // Each Node's unmeasured first run and its two rounds appended a line each.
    expect(readFileSync(out, "utf8").trimEnd().split("\n")).toHaveLength(rows.length * 3);
  });
});
