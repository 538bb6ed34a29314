import { toEventLine } from "../../src/core/event-line.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";

/** The `now` every golden and CLI test judges against: fixed, so output is repeatable. */
export const TEST_NOW = "2026-03-09T00:00:00.000Z";

/** Runs the same path as `workscope analyze`, in-process: the Report's JSON and the events' NDJSON. */
export async function runAnalyze(
  inputs: string[],
  cwd: string,
  now = TEST_NOW,
): Promise<{ json: string; events: string }> {
  const { report, events } = await analyzeInputs(inputs, { cwd, nowMs: Date.parse(now) });
  return {
    json: `${JSON.stringify(report, null, 2)}\n`,
    events: events.map((e) => `${toEventLine(e)}\n`).join(""),
  };
}
