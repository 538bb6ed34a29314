import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { runAnalyze } from "../../scripts/commands/analyze.ts";
import { TEST_NOW } from "./run-analyze.ts";

/** The repository's root, which the state directories below are named from. */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** What a run of the command wrote: the Report's bytes and everything on stderr. */
export interface CapturedRun {
  json: string;
  stderr: string;
}

/** The words the command writes to stderr when it reuses the last analysis, unless --quiet. */
export const REUSED = "reused the last analysis";

/**
 * Runs `workscope analyze state --json <out>` in-process in `cwd` (whose `state` folder is the
 * input), with stderr captured and kept off the test's output, and asserts it succeeded. Not
 * --quiet: the message about the kept analysis is only written without it.
 */
export async function analyzeCaptured(
  cwd: string,
  out: string,
  flags: readonly string[],
  now: string,
): Promise<CapturedRun> {
  const json = path.join(cwd, out);
  let stderr = "";
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    return true;
  });
  let code: number;
  try {
    code = await runAnalyze(["--now", now, "--json", out, ...flags, "--", "state"], cwd);
  } finally {
    spy.mockRestore();
  }
  expect(code, stderr).toBe(0);
  return { json: readFileSync(json, "utf8"), stderr };
}

/** The latest event times of state directories, by folder, once worked out. */
const latest = new Map<string, number>();

/**
 * The latest event time of a state directory (named from the repository's root), in ms, from its
 * events as a whole analysis writes them: a time after which appended lines are later than every
 * source of the state, task files and transcripts among them.
 */
export async function latestEvent(dir: string): Promise<number> {
  const known = latest.get(dir);
  if (known !== undefined) return known;
  const out = mkdtempSync(path.join(tmpdir(), "workscope-latest-"));
  let found = 0;
  try {
    const events = path.join(out, "events.ndjson");
    const argv = ["--now", TEST_NOW, "--json", path.join(out, "r.json"), "--events", events, "--quiet"];
    expect(await runAnalyze([...argv, "--no-cache", "--", dir], ROOT)).toBe(0);
    for (const line of readFileSync(events, "utf8").split("\n")) {
      if (line.length === 0) continue;
      const ts = (JSON.parse(line) as { ts: unknown }).ts;
      if (typeof ts === "number" && ts > found) found = ts;
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  // A state without events would make every "later" line of the tests meaningless.
  expect(found).toBeGreaterThan(0);
  latest.set(dir, found);
  return found;
}
