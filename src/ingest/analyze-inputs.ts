import type { Analysis } from "../core/analysis.ts";
import { analyze } from "../core/analyze.ts";
import { loadInputs, type LoadOptions } from "./load.ts";
import { silentProgress, type Progress } from "./progress.ts";

/** How to read and judge the inputs. */
export interface AnalyzeOptions {
  /** The folder relative paths are resolved against and shown relative to. */
  cwd: string;
  /** The time the analysis judges against (session status, task age), epoch ms. */
  nowMs: number;
  /** The IANA time zone weeks and days are cut in (`--tz`); UTC when absent. */
  timeZone?: string;
  /** Makes the progress report once the number of files is known; silent when absent. */
  progress?: (files: number) => Progress;
  /** How event files are parsed (worker threads) and cached; see LoadOptions. */
  load?: LoadOptions;
}

/**
 * Discovers, reads and analyzes the inputs named on the command line: the one way every command,
 * test and benchmark turns inputs into an Analysis, so that they all see the same result.
 */
export async function analyzeInputs(inputs: readonly string[], options: AnalyzeOptions): Promise<Analysis> {
  const input = await loadInputs(
    inputs,
    options.cwd,
    options.progress ?? (() => silentProgress),
    options.load ?? {},
  );
  return analyze(input, options.nowMs, options.timeZone);
}
