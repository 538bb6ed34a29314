import { stat } from "node:fs/promises";
import type { ClassifyContext } from "../core/classify/classify-event.ts";
import type { CanonicalEvent } from "../core/event.ts";
import type { Finding } from "../core/finding.ts";
import { normalizeLine } from "../core/formats/normalize-line.ts";
import type { InputFile } from "../core/input.ts";
import type { DiscoveredFile } from "./discover.ts";
import type { Progress } from "./progress.ts";
import { readLines } from "./read-lines.ts";

/**
 * Reads one NDJSON file into canonical events. Every line that cannot become an event, or that
 * had something wrong with it, leaves a finding with its line number.
 */
export async function readEventsFile(
  file: DiscoveredFile,
  context: ClassifyContext,
  events: CanonicalEvent[],
  findings: Finding[],
  progress: Progress,
): Promise<InputFile> {
  const first = events.length;
  const untimed: number[] = [];
  let errors = 0;
  const note = (line: number, reason: string): void => {
    findings.push({ file: file.path, line, reason });
    errors++;
  };
  const result = await readLines(
    file.absPath,
    (text, line, bytes) => {
      const normalized = normalizeLine({ file: file.path, line, text, bytes }, context);
      if (normalized.event !== null) {
        if (normalized.needsTime) untimed.push(events.length);
        events.push(normalized.event);
      }
      for (const reason of normalized.problems) note(line, reason);
    },
    { onBytes: (n) => progress.bytes(n) },
  );
  for (const problem of result.problems) note(problem.line, problem.reason);
  if (untimed.length > 0) {
    await estimateTimes(events, first, untimed, file.absPath);
    const firstLine = events[untimed[0] ?? first]?.line ?? 0;
    note(
      firstLine,
      `${untimed.length} hook payload(s) carry no time; their times were taken from neighbouring lines of this file`,
    );
  }
  progress.events(events.length - first);
  return {
    path: file.path,
    kind: "events",
    bytes: result.bytes,
    lines: result.lines,
    events: events.length - first,
    errors,
  };
}

/**
 * Raw hook captures have no timestamps, but they were appended in order, so each takes the time
 * of the nearest timed line before it in the same file, else after it, else the file's
 * modification time. Such events are marked `tsEstimated`.
 */
async function estimateTimes(
  events: CanonicalEvent[],
  first: number,
  untimed: number[],
  absPath: string,
): Promise<void> {
  const missing = new Set(untimed);
  let previous = Number.NaN;
  const forward: number[] = [];
  for (let i = first; i < events.length; i++) {
    const event = events[i];
    if (event === undefined) continue;
    if (!missing.has(i)) previous = event.ts;
    forward[i] = previous;
  }
  let next = Number.NaN;
  let fallback: number | null = null;
  for (let i = events.length - 1; i >= first; i--) {
    const event = events[i];
    if (event === undefined) continue;
    if (!missing.has(i)) {
      next = event.ts;
      continue;
    }
    let ts = forward[i] ?? Number.NaN;
    if (Number.isNaN(ts)) ts = next;
    if (Number.isNaN(ts)) ts = fallback ??= Math.floor((await stat(absPath)).mtimeMs);
    events[i] = { ...event, ts, tsEstimated: true };
  }
}
