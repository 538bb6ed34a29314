import { createReadStream } from "node:fs";
import { distinctEvents } from "../../src/core/analyze.ts";
import { dedupeEvents } from "../../src/core/dedupe.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import { loadInputs } from "../../src/ingest/load.ts";
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
 * JSON.parse each line, nothing else: the fastest any reader of the file could be.
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
 * Ingest, with the product's own loader: discover, read, parse, validate, normalize (with the
 * payload facts), then dedupe and order with dedupeEvents, the stage distinctEvents starts with.
 * Nothing is classified yet.
 */
export async function ingest(file: string): Promise<Measurement> {
  const started = performance.now();
  const input = await loadInputs([file], process.cwd(), () => silentProgress);
  const { events } = dedupeEvents(input.events);
  return { ms: performance.now() - started, events: events.length };
}

/**
 * The first part of `workscope analyze`: reading, then analyze's own first stages (distinctEvents:
 * dedupe, then classification of the distinct events into roles and session types).
 */
export async function firstPass(file: string): Promise<Measurement> {
  const started = performance.now();
  const input = await loadInputs([file], process.cwd(), () => silentProgress);
  const { events } = distinctEvents(input);
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
