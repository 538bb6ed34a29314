import { stat } from "node:fs/promises";
import type { BaseEvent } from "../core/event.ts";
import type { Finding } from "../core/finding.ts";
import { normalizeLine } from "../core/formats/normalize-line.ts";
import type { InputFile } from "../core/input.ts";
import type { DiscoveredFile } from "./discover.ts";
import type { Progress } from "./progress.ts";
import { readLines } from "./read-lines.ts";

/** What one event file gave: the file as listed, its events in line order, and its findings. */
export interface EventsFileRead {
  /** The file as `input.files` lists it. */
  file: InputFile;
  /** Its events, as read, in line order. */
  events: BaseEvent[];
  /** What was wrong with its lines, each with its line number. */
  findings: Finding[];
}

/**
 * Reads one NDJSON file into events. Every line that cannot become an event, or that had
 * something wrong with it, leaves a finding with its line number.
 */
export async function readEventsFile(file: DiscoveredFile, progress: Progress): Promise<EventsFileRead> {
  let events: BaseEvent[] = [];
  const findings: Finding[] = [];
  const untimed: number[] = [];
  const note = (line: number, reason: string): void => {
    findings.push({ file: file.path, line, reason });
  };
  const result = await readLines(
    file.absPath,
    (text, line, bytes) => {
      const normalized = normalizeLine({ file: file.path, line, text, bytes });
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
    const fallbackMs = async (): Promise<number> => Math.floor((await stat(file.absPath)).mtimeMs);
    events = await withEstimatedTimes(events, untimed, fallbackMs);
    const firstLine = events[untimed[0] ?? 0]?.line ?? 0;
    note(
      firstLine,
      `${untimed.length} hook payload(s) carry no time; their times were taken from neighbouring lines of this file`,
    );
  }
  progress.events(events.length);
  return {
    file: {
      path: file.path,
      kind: "events",
      bytes: result.bytes,
      lines: result.lines,
      events: events.length,
      errors: findings.length,
    },
    events,
    findings,
  };
}

/**
 * Raw hook captures have no timestamps, but they were appended in order, so each takes the time
 * of the nearest timed line before it in the same file, else after it, else the file's
 * modification time. Such events are marked `tsEstimated`.
 */
async function withEstimatedTimes(
  read: readonly BaseEvent[],
  untimed: readonly number[],
  fallbackMs: () => Promise<number>,
): Promise<BaseEvent[]> {
  const events = [...read];
  const missing = new Set(untimed);
  let previous = Number.NaN;
  const forward: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event === undefined) continue;
    if (!missing.has(i)) previous = event.ts;
    forward[i] = previous;
  }
  let next = Number.NaN;
  let fallback: number | null = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event === undefined) continue;
    if (!missing.has(i)) {
      next = event.ts;
      continue;
    }
    let ts = forward[i] ?? Number.NaN;
    if (Number.isNaN(ts)) ts = next;
    if (Number.isNaN(ts)) ts = fallback ??= await fallbackMs();
    events[i] = { ...event, ts, tsEstimated: true };
  }
  return events;
}
