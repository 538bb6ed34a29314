import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAnalyze as analyzeCommand } from "../../scripts/commands/analyze.ts";

/** The `now` every golden and CLI test judges against: fixed, so output is repeatable. */
export const TEST_NOW = "2026-03-09T00:00:00.000Z";

/**
 * Runs `workscope analyze` in-process, as the command line does, with `--json` and `--events`
 * written to a temporary folder, and gives back what it wrote: the Report's JSON (pretty, as the
 * golden files hold it) and the events' NDJSON, byte for byte.
 */
export async function runAnalyze(
  inputs: string[],
  cwd: string,
  now = TEST_NOW,
): Promise<{ json: string; events: string }> {
  const out = mkdtempSync(path.join(tmpdir(), "workscope-analyze-"));
  try {
    const json = path.join(out, "report.json");
    const events = path.join(out, "events.ndjson");
    const code = await analyzeCommand(
      [
        "--now",
        now,
        "--json",
        json,
        "--pretty",
        "--events",
        events,
        "--quiet",
        "--no-cache",
        "--",
        ...inputs,
      ],
      cwd,
    );
    if (code !== 0) throw new Error(`workscope analyze exited with ${code}`);
    return { json: readFileSync(json, "utf8"), events: readFileSync(events, "utf8") };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
