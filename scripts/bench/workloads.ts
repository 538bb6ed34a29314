import { createReadStream } from "node:fs";
import { dedupeEvents } from "../../src/core/dedupe.ts";
import type { BaseEvent } from "../../src/core/event.ts";
import type { Finding } from "../../src/core/finding.ts";
import { parseLine } from "../../src/core/formats/normalize-line.ts";
import { discover } from "../../src/ingest/discover.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import { loadInputs } from "../../src/ingest/load.ts";
import { readLines } from "../../src/ingest/read-lines.ts";
import { silentProgress } from "../../src/ingest/progress.ts";

/** What one run of a workload measured. */
export interface Measurement {
  /** Wall time in ms. */
  ms: number;
  /** Events (lines parsed, or distinct events) it produced. */
  events: number;
}

/**
 * The baseline every figure is a ratio of: read the file in 1 MiB chunks, split on newlines and
 * JSON.parse each line, nothing else (DESIGN.md §6 measured ~240 MB/s for this loop).
 */
export async function rawLoop(file: string): Promise<Measurement> {
  const started = performance.now();
  let events = 0;
  let pending: Buffer | null = null;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    const buf: Buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      if (nl > start) {
        JSON.parse(buf.toString("utf8", start, nl));
        events++;
      }
      start = nl + 1;
    }
    pending = start < buf.length ? buf.subarray(start) : null;
  }
  if (pending !== null && pending.length > 0) {
    JSON.parse(pending.toString("utf8"));
    events++;
  }
  return { ms: performance.now() - started, events };
}

/**
 * Ingest as issue 2 names its stages — discover, read, parse, validate, normalize, dedupe and
 * order — with the product's own functions (readLines, parseLine, dedupeEvents), before any
 * classification.
 */
export async function ingest(file: string): Promise<Measurement> {
  const started = performance.now();
  const events: BaseEvent[] = [];
  const findings: Finding[] = [];
  for (const found of await discover([file], process.cwd())) {
    const read = await readLines(found.absPath, (text, line, bytes) => {
      const normalized = parseLine({ file: found.path, line, text, bytes });
      if (normalized.event !== null) events.push(normalized.event);
      for (const reason of normalized.problems) findings.push({ file: found.path, line, reason });
    });
    for (const problem of read.problems)
      findings.push({ file: found.path, line: problem.line, reason: problem.reason });
  }
  const { events: distinct } = dedupeEvents(events);
  return { ms: performance.now() - started, events: distinct.length };
}

/**
 * The first pass of `workscope analyze`: ingest with classification (roles, session types, the
 * payload facts the analysis reads), as loadInputs does it, each line parsed once.
 */
export async function firstPass(file: string): Promise<Measurement> {
  const started = performance.now();
  const input = await loadInputs([file], process.cwd(), () => silentProgress);
  const { events } = dedupeEvents(input.events);
  return { ms: performance.now() - started, events: events.length };
}

/** The whole of `workscope analyze`: ingest, then work sessions, threads, tasks, agents, weeks. */
export async function fullAnalyze(file: string): Promise<Measurement> {
  const started = performance.now();
  const { events } = await analyzeInputs([file], {
    cwd: process.cwd(),
    nowMs: Date.parse("2026-12-31T00:00:00Z"),
  });
  return { ms: performance.now() - started, events: events.length };
}

export const WORKLOADS = { raw: rawLoop, ingest, firstPass, analyze: fullAnalyze } as const;
export type WorkloadName = keyof typeof WORKLOADS;
