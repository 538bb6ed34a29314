import { expect } from "vitest";
import type { BaseEvent } from "../../src/core/event.ts";
import type { KeyFilter } from "../../src/core/incremental/key-filter.ts";
import { bucketOf } from "../../src/core/sessions/thread-key.ts";
import { lineBytes } from "../../src/core/stored-line.ts";
import {
  columnsFromBytes,
  columnsToBytes,
  EventColumnsBuilder,
  type EventColumns,
} from "../../src/ingest/event-columns.ts";
import { FindingsTally } from "../../src/ingest/findings-tally.ts";
import { parsePart } from "../../src/ingest/parse-part.ts";

// What the tests of event columns, and of selections of rows read from a part's file, share.

/** Every event of a file as the reader makes it, with the columns made of them on the way. */
export async function readWithColumns(absPath: string, file: string, keepRaw: boolean) {
  const events: BaseEvent[] = [];
  const untimed: number[] = [];
  const builder = new EventColumnsBuilder(file, 0, keepRaw);
  await parsePart(
    { absPath, file, start: 0, lineBase: 0 },
    new FindingsTally(),
    (event, needsTime, offset) => {
      if (needsTime) untimed.push(events.length);
      events.push(event);
      builder.push(event, needsTime, offset);
    },
  );
  return { events, untimed, columns: builder.done() };
}

/** Two event lists are the same: fields, key order, and line bytes. */
export function expectSameEvents(actual: readonly BaseEvent[], expected: readonly BaseEvent[]): void {
  expect(actual).toHaveLength(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const [a, e] = [actual[i]!, expected[i]!];
    expect(Object.keys(a)).toEqual(Object.keys(e));
    expect(Object.keys(a.facts)).toEqual(Object.keys(e.facts));
    expect({ ...a, raw: null }).toEqual({ ...e, raw: null });
    expect(Object.is(a.ts, e.ts)).toBe(true);
    expect(Buffer.from(lineBytes(a.raw)).equals(Buffer.from(lineBytes(e.raw)))).toBe(true);
  }
}

/** The time halfway through the events' times. */
export function middle(events: readonly BaseEvent[]): number {
  const times = events
    .map((e) => e.ts)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Every third distinct value of a field the events hold. */
export function some(events: readonly BaseEvent[], field: (e: BaseEvent) => string | null): Set<string> {
  const values = [...new Set(events.map(field).filter((v) => v !== null))].sort();
  return new Set(values.filter((_, i) => i % 3 === 0));
}

/** Every other pair of agents that legacy lines name, in thread keys' order, each from `since`. */
export function pairsOf(events: readonly BaseEvent[], since: number): Map<string, Map<string, number>> {
  const pairs = new Map<string, Map<string, number>>();
  let n = 0;
  for (const e of events) {
    if (e.conversationId !== null || e.fromAgent === null || e.toAgent === null) continue;
    const [a, b] = e.fromAgent <= e.toAgent ? [e.fromAgent, e.toAgent] : [e.toAgent, e.fromAgent];
    if (pairs.get(a)?.has(b) === true || n++ % 2 === 1) continue;
    (pairs.get(a) ?? pairs.set(a, new Map()).get(a))?.set(b, since);
  }
  return pairs;
}

/** Every third five minutes of each type of the events of neither a conversation nor a pair. */
export function bucketsOf(events: readonly BaseEvent[]): Map<string, Set<number>> {
  const buckets = new Map<string, Set<number>>();
  events.forEach((e, i) => {
    if (e.conversationId !== null || (e.fromAgent !== null && e.toAgent !== null) || i % 3 !== 0) return;
    (buckets.get(e.type) ?? buckets.set(e.type, new Set()).get(e.type))?.add(bucketOf(e.ts));
  });
  return buckets;
}

/** The columns through their bytes, as the cache writes and reads them. */
export function throughBytes(columns: EventColumns, withRaw: boolean): EventColumns {
  const bytes = Buffer.concat(columnsToBytes(columns, withRaw));
  const aligned = new Uint8Array(bytes.length);
  aligned.set(bytes);
  const { columns: read, end } = columnsFromBytes(aligned, 0);
  expect(end).toBe(bytes.length);
  return read;
}

// One row per condition of a KeyFilter, alone and together: the columns must let through exactly
// the events meetsFilter lets through, and make each with its facts.
export const SAMPLE_LOG = "content/sample/logs/coordination-events-2026-02.ndjson";
export const FILTERS: Array<[string, (events: readonly BaseEvent[]) => KeyFilter]> = [
  ["no condition", () => ({})],
  ["before a time", (events) => ({ before: middle(events) })],
  ["from a time", (events) => ({ from: middle(events) })],
  ["of work sessions", (events) => ({ workSessionIds: some(events, (e) => e.workSessionId) })],
  ["of conversations", (events) => ({ conversationIds: some(events, (e) => e.conversationId) })],
  ["of tasks", (events) => ({ taskIds: some(events, (e) => e.taskId) })],
  [
    "of pairs from a time",
    (events) => ({
      pairs: pairsOf(events, middle(events.filter((e) => e.conversationId === null && e.toAgent !== null))),
    }),
  ],
  ["of five minutes of some types", (events) => ({ buckets: bucketsOf(events) })],
  [
    "before a time and of sessions, conversations or tasks",
    (events) => ({
      before: middle(events),
      workSessionIds: some(events, (e) => e.workSessionId),
      conversationIds: some(events, (e) => e.conversationId),
      taskIds: some(events, (e) => e.taskId),
      pairs: pairsOf(events, -Infinity),
      buckets: bucketsOf(events),
    }),
  ],
];
