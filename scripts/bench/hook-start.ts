// The start-up of the hook collector against Node's own: Claude Code starts the collector at every
// hook event and waits for it, so what counts is how much longer it takes than a bare `node -e 0`.
// The two are run in alternating order and compared round by round, as everywhere in the bench.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { median, pairedRatio, roundOrder, type Run } from "./stats.ts";

/** The collector's start may take at most this many times a bare Node's. */
export const HOOK_START_TARGET = 2.5;

/** The Node a hook meets when the system's is first on the PATH, timed besides the one running. */
export const SYSTEM_NODE = "/usr/bin/node";

/** A PostToolUse payload of a Bash call, shaped as Claude Code sends it, of a usual size. */
export const POST_TOOL_USE = JSON.stringify({
  session_id: "0b9e3c52-7d41-4f7a-9c1e-5a8d2f6b4e90",
  transcript_path: "/home/dev/.claude/projects/-home-dev-shop-api/0b9e3c52-7d41-4f7a-9c1e-5a8d2f6b4e90.jsonl",
  cwd: "/home/dev/shop-api",
  permission_mode: "default",
  hook_event_name: "PostToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test -- --run src/cart", description: "Run the cart tests" },
  tool_response: {
    stdout: `${" ✓ src/cart/total.test.ts (12 tests) 41ms\n".repeat(40)} Test Files  40 passed (40)\n`,
    stderr: "",
    interrupted: false,
    isImage: false,
  },
  tool_use_id: "toolu_01HkTq8rWm2bXc4VzN7pLs9D",
});

/** The two timings of one Node. */
export interface HookStartRow {
  /** Which Node ran them, e.g. `v22.23.3 (/work/main/node_modules/node/bin/node)`. */
  node: string;
  /** `node -e 0`, one run a round. */
  bare: Run[];
  /** `node bin/workscope-hook.mjs --out FILE` fed the payload, one run a round. */
  hook: Run[];
}

/** One process's wall time, from its start to its exit; NaN when it failed. */
function timed(node: string, args: readonly string[], input: string): Run {
  const started = performance.now();
  const run = spawnSync(node, args, { input, stdio: ["pipe", "ignore", "ignore"] });
  const ms = performance.now() - started;
  return { ms: run.status === 0 ? ms : Number.NaN, peakBytes: 0 };
}

/**
 * Times the collector and a bare Node under each Node (this one, and the system's when it is
 * another), `rounds` times each in alternating order, appending to `out`.
 */
export function measureHookStart(collector: string, out: string, rounds: number): HookStartRow[] {
  const nodes = [process.execPath];
  if (existsSync(SYSTEM_NODE) && realpathSync(SYSTEM_NODE) !== realpathSync(process.execPath))
    nodes.push(SYSTEM_NODE);
  return nodes.map((node) => {
    const row: HookStartRow = { node: `${nodeVersion(node)} (${node})`, bare: [], hook: [] };
    const steps: Array<() => void> = [
      () => void row.bare.push(timed(node, ["-e", "0"], POST_TOOL_USE)),
      () => void row.hook.push(timed(node, [collector, "--out", out], POST_TOOL_USE)),
    ];
    // One run of each first, unmeasured, so that the first round does not pay for a cold disk cache.
    for (const step of steps) step();
    row.bare.length = 0;
    row.hook.length = 0;
    for (let round = 0; round < rounds; round++) for (const step of roundOrder(steps, round)) step();
    return row;
  });
}

function nodeVersion(node: string): string {
  return spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim() || "node";
}

/** The collector's start as a multiple of a bare Node's: the median of the rounds' ratios. */
export function hookStartRatio(row: HookStartRow): number {
  return pairedRatio(row.hook, row.bare);
}

/** The table of the rows: median wall times and the ratio, a line per Node. */
export function formatHookStart(rows: readonly HookStartRow[], collector: string): string {
  const ms = (runs: readonly Run[]): string => {
    const m = median(runs.map((r) => r.ms));
    return Number.isFinite(m) ? m.toFixed(1) : "–";
  };
  const width = Math.max(4, ...rows.map((r) => r.node.length)) + 2;
  const lines = [
    `${"node".padEnd(width)}${"node -e 0 ms".padStart(14)}${"hook ms".padStart(10)}${"× bare".padStart(9)}`,
  ];
  for (const row of rows) {
    const ratio = hookStartRatio(row);
    const failed = row.hook.filter((r) => !Number.isFinite(r.ms)).length;
    lines.push(
      `${row.node.padEnd(width)}${ms(row.bare).padStart(14)}${ms(row.hook).padStart(10)}${(Number.isFinite(ratio) ? ratio.toFixed(2) : "–").padStart(9)}${failed > 0 ? `  FAILED in ${failed} of ${row.hook.length} rounds` : ""}`,
    );
  }
  const rounds = Math.max(0, ...rows.map((r) => r.hook.length));
  lines.push(
    `  hook = node ${path.basename(path.dirname(collector))}/${path.basename(collector)} --out FILE fed a ${(POST_TOOL_USE.length / 1024).toFixed(1)} KB PostToolUse payload; ${rounds} rounds in alternating order; medians of wall time; × bare = the median of the rounds' hook / bare`,
  );
  return `${lines.join("\n")}\n`;
}
