import { stat } from "node:fs/promises";
import type { BaseEvent } from "../core/event.ts";
import { FindingCollector, type Finding, type OmittedFindings } from "../core/finding.ts";
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
  /** What was wrong with its lines, each with its line number: the first ones, up to the limit. */
  findings: Finding[];
  /** The findings past the limit, counted by reason. */
  omitted: OmittedFindings[];
}

export interface ReadEventsOptions {
  /** How many findings are kept; the rest are counted. Tests set a low one. */
  findingsListed?: number;
}

/**
 * Reads one NDJSON file into events. Every line that cannot become an event, or that had
 * something wrong with it, leaves a finding with its line number. Findings are kept up to a limit
 * and the rest counted, so a file of millions of bad lines does not fill memory with them.
 */
export async function readEventsFile(
  file: DiscoveredFile,
  progress: Progress,
  options: ReadEventsOptions = {},
): Promise<EventsFileRead> {
  let events: BaseEvent[] = [];
  const findings = new FindingCollector(options.findingsListed);
  let count = 0;
  const untimed: number[] = [];
  const note = (line: number, reason: string): void => {
    count++;
    findings.add({ file: file.path, line, reason });
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
    { onBytes: (n) => progress.bytes(n), onProblem: (p) => note(p.line, p.reason) },
  );
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
  const { listed, omitted } = findings.result();
  return {
    file: {
      path: file.path,
      kind: "events",
      bytes: result.bytes,
      lines: result.lines,
      events: events.length,
      errors: count,
    },
    events,
    findings: listed,
    omitted,
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
