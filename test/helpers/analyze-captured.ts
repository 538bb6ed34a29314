import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, vi } from "vitest";
import { runAnalyze } from "../../scripts/commands/analyze.ts";

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
