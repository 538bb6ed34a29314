import { canonicalJson } from "./canonical-json.ts";
import {
  compareEvents,
  compareFingerprinted,
  compareOrigins,
  eventId,
  madeIdOf,
  type BaseEvent,
  type DistinctEvent,
} from "./event.ts";
import { eventText } from "./event-data.ts";
import { lineBytes } from "./stored-line.ts";
import type { Finding } from "./finding.ts";

/** The distinct events in timeline order, with what dedupe dropped. */
export interface Deduped<E extends DistinctEvent = DistinctEvent> {
  /** Distinct events, ordered by time, then id. */
  events: E[];
  /** How many copies were dropped. */
  duplicates: number;
  /** Copies that share a producer's id but not its content: the first copy is kept. */
  findings: Finding[];
  /** The producers' ids read more than once: only their first copy is kept. */
  repeatedIds: string[];
}

/**
 * Drops repeated events and puts the rest in timeline order. Of several copies the one read from
 * the first file and line is kept, so the result does not depend on the order files were given.
 * - Events without an id of their own (OpenClaw's) are the same event when their lines are;
 *   distinct events that share a fingerprint are numbered (`twin`), in the order of their lines.
 * - Events with a producer's id (v1.1, `workscope hook`, a transcript entry's uuid) are the same
 *   event when the id is; copies whose JSON is the same value are the same content, so a
 *   pretty-printed element of a `chat.json` array and its compact transcript line are one event.
 *
 * OpenClaw logs are most events, so they take the path that needs no table of ids: sorted, the
 * copies of an event are neighbours. Each distinct one of them is given the id made for it
 * (`madeId`): the events given are written to, as classification writes to them after.
 */
export function dedupeEvents<E extends DistinctEvent>(events: readonly E[]): Deduped<E> {
  const fingerprinted: E[] = [];
  // An id seen once holds its event, and a list only from its second copy on: most ids are seen
  // once, and a list for each would be one more object per event.
  const byId = new Map<string, E | E[]>();
  for (const event of events) {
    if (event.id === null) fingerprinted.push(event);
    else {
      const seen = byId.get(event.id);
      if (seen === undefined) byId.set(event.id, event);
      else if (Array.isArray(seen)) seen.push(event);
      else byId.set(event.id, [seen, event]);
    }
  }
  let duplicates = 0;
  const findings: Finding[] = [];
  const identified: E[] = [];
  const repeatedIds: string[] = [];
  for (const [id, seen] of byId) {
    if (!Array.isArray(seen)) {
      identified.push(seen);
      continue;
    }
    repeatedIds.push(id);
    const [kept, ...dropped] = seen.sort(compareOrigins);
    identified.push(kept as E);
    duplicates += dropped.length;
    // A loop, not a spread: an id repeated hundreds of thousands of times would pass more
    // arguments than a call may take.
    for (const finding of changedCopies(kept as E, dropped)) findings.push(finding);
  }

  // Copies of a fingerprinted event share its time and id, so sorting makes them neighbours; the
  // distinct events are then written back over the sorted list, which is never longer. The sort
  // reads the parts of the ids rather than making them, as a twin's id is not yet known.
  fingerprinted.sort((a, b) => compareFingerprinted(a, b) || compareOrigins(a, b));
  let kept = 0;
  for (let i = 0; i < fingerprinted.length;) {
    const first = fingerprinted[i] as E;
    let end = i + 1;
    while (end < fingerprinted.length && sameFingerprint(fingerprinted[end] as E, first)) end++;
    if (end === i + 1) fingerprinted[kept++] = first;
    else {
      const distinct = distinctLines(fingerprinted.slice(i, end));
      duplicates += end - i - distinct.length;
      for (const event of distinct) fingerprinted[kept++] = event;
    }
    i = end;
  }
  fingerprinted.length = kept;
  // Each distinct event's id is final now: made here once, for every stage after to read.
  for (const event of fingerprinted) event.madeId = madeIdOf(event);
  identified.sort(compareEvents);
  return { events: merge(fingerprinted, identified), duplicates, findings, repeatedIds };
}

/** Findings for the dropped copies of an id whose content differs from the kept copy's. */
function changedCopies<E extends BaseEvent>(kept: E, dropped: readonly E[]): Finding[] {
  return dropped
    .filter((copy) => !sameContent(copy, kept) || copy.ts !== kept.ts)
    .map((copy) => ({
      file: copy.file,
      line: copy.line,
      reason: `event id "${eventId(kept)}" is used again with different content; kept the copy at ${kept.file}:${kept.line}`,
    }));
}

/**
 * One run of events sharing a fingerprint, in origin order: one event per distinct line. Distinct
 * lines are numbered (`twin`) in the order of their text, so the numbers do not depend on where
 * each line was read.
 */
function distinctLines<E extends BaseEvent>(run: readonly E[]): E[] {
  const byContent = new Map<string, E>();
  for (const event of run) {
    const key = contentKey(event);
    if (!byContent.has(key)) byContent.set(key, event);
  }
  if (byContent.size === 1) return [run[0] as E];
  return [...byContent.keys()].sort().map((key, n) => ({ ...(byContent.get(key) as E), twin: n + 1 }));
}

/** True when two events have the same fingerprint id (see fingerprintId), without building it. */
function sameFingerprint(a: BaseEvent, b: BaseEvent): boolean {
  return a.ts === b.ts && a.raw.length === b.raw.length && a.type === b.type && a.agentId === b.agentId;
}

/** What makes two copies the same: the exact line ("exact duplicate lines count once"). */
function contentKey(event: BaseEvent): string {
  return eventText(event);
}

/**
 * True when two copies of an id hold the same JSON value: the same bytes (the common case, checked
 * first), else the same canonical JSON, which keeps the order the keys were written in and drops
 * the whitespace between tokens.
 */
function sameContent(a: BaseEvent, b: BaseEvent): boolean {
  if (sameBytes(lineBytes(a.raw), lineBytes(b.raw))) return true;
  return canonicalJson(eventText(a)) === canonicalJson(eventText(b));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Merges two lists already in timeline order. */
function merge<E extends BaseEvent>(a: E[], b: E[]): E[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: E[] = new Array<E>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    out[k++] = compareEvents(a[i] as E, b[j] as E) <= 0 ? (a[i++] as E) : (b[j++] as E);
  while (i < a.length) out[k++] = a[i++] as E;
  while (j < b.length) out[k++] = b[j++] as E;
  return out;
}
