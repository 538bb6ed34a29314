import * as z from "zod";
import { isLine, type StoredLine } from "./stored-line.ts";
import { CollabCategory } from "./category.ts";
import { EventRole } from "./classify/event-role.ts";
import { SessionType } from "./classify/session-type.ts";
import { EventFacts } from "./event-facts.ts";
import { fingerprintId, typeAgentHash } from "./fingerprint.ts";
import { TIME_RANGE_MS } from "./time.ts";

/** Which of the three formats workscope reads an event came from. */
export const EventSource = z.enum(["openclaw", "v1.1", "claude_code"]);
export type EventSource = z.infer<typeof EventSource>;

/**
 * The one shape every input event is normalized into, before classification. The fields at the
 * top level are the ones the analysis joins on, and `facts` the payload fields it reads;
 * everything the producer wrote is kept, unchanged, in `raw`, the line as read. `eventData()`
 * gives the producer's payload from it.
 *
 * The line is kept as bytes rather than as the parsed object because the dozen objects a parsed
 * event is made of, kept for every event, made the garbage collector the largest cost of ingest.
 */
export const BaseEvent = z.object({
  /**
   * The producer's id; null when it wrote none (OpenClaw's events), and `eventId()` then gives one
   * made from a fingerprint (`madeId`, which dedupe writes on the distinct events). It is not made
   * while reading, because building and keeping a string per event was a tenth of the cost of
   * ingest.
   */
  id: z.string().nullable(),
  /** Among distinct events that share a fingerprint, this one's place (1, 2, …) in line order. */
  twin: z.number().int().positive().optional(),
  /**
   * When it happened, in epoch milliseconds (UTC): always a time of the years 0000–9999
   * (TIME_RANGE_MS), as every format reads its times through readTime.
   */
  ts: z.number().min(TIME_RANGE_MS.min).max(TIME_RANGE_MS.max),
  /** True when the producer wrote no time and `ts` was taken from neighbouring lines. */
  tsEstimated: z.boolean().optional(),
  /**
   * True when neither the event nor anything tied to it tells its time: `ts` only keeps its place
   * in its file (the nearest dated line's time, else 0), and pages say it is undated.
   */
  undated: z.literal(true).optional(),
  /** The event type: OpenClaw's (`a2a.send`), v1.1's (`tool_failed`), or a hook's mapped type. */
  type: z.string(),
  /** Which format the event was read from. */
  source: EventSource,
  /** The agent that emitted the event, when known. */
  agentId: z.string().nullable(),
  /** The sending agent of an agent-to-agent event. */
  fromAgent: z.string().nullable(),
  /** The receiving or target agent. */
  toAgent: z.string().nullable(),
  /** The work session the producer attached the event to, when it did. */
  workSessionId: z.string().nullable(),
  /** The agent-to-agent conversation the event belongs to, when known. */
  conversationId: z.string().nullable(),
  /** The task the event is about, when known. */
  taskId: z.string().nullable(),
  /**
   * The line exactly as read (without its line ending or a BOM), as UTF-8 bytes: a view of the
   * chunk the reader read, so keeping it costs neither a copy nor the garbage collector's time; or,
   * where ingest leaves lines in their file, a StoredLine that reads them again (`lineBytes`).
   */
  raw: z.custom<Uint8Array | StoredLine>(isLine, "raw should be bytes"),
  /** Set on `schema_error` events made from v1.1 lines that broke the rules: why. */
  invalid: z.string().optional(),
  /** The file the event was read from (the first copy's, when copies were dropped). */
  file: z.string(),
  /** The 1-based line in that file. */
  line: z.number().int().positive(),
  /** The payload's fields the analysis reads (see EventFacts). */
  facts: EventFacts,
});
export type BaseEvent = z.infer<typeof BaseEvent>;

/**
 * An event as dedupe hands it on: one of the distinct events, and the id made for it when its
 * producer wrote none. Events are read and cached without it, as it is only known after dedupe.
 */
export const DistinctEvent = BaseEvent.extend({
  /**
   * The id `eventId()` gives an event whose producer wrote none (`madeIdOf`), written by dedupe on
   * each distinct event once its twin number is known. Every later stage asks for the ids (sorts,
   * turns, listings, the events NDJSON, the site), and making the text anew each time cost more
   * than dedupe and classification together. Absent on events with an id of their own; `id`
   * stays null, so what reads it still learns that the producer wrote none.
   */
  madeId: z.string().optional(),
});
export type DistinctEvent = z.infer<typeof DistinctEvent>;

/**
 * A distinct event with what classification adds (`classifyEvents`): the event every stage after
 * dedupe works with.
 */
export const CanonicalEvent = DistinctEvent.extend({
  /** The event's role: where it is shown. */
  eventRole: EventRole,
  /** The sender's session type. */
  fromSessionType: SessionType,
  /** The receiver's session type. */
  toSessionType: SessionType,
  /** The category the event itself states (`collabCategory` in its data), when valid. */
  statedCategory: CollabCategory.nullable(),
});
export type CanonicalEvent = z.infer<typeof CanonicalEvent>;

/** Orders events by time, then id: the one order every output uses. */
export function compareEvents(a: BaseEvent, b: BaseEvent): number {
  if (a.ts !== b.ts) return a.ts - b.ts;
  return compareText(eventId(a), eventId(b));
}

/**
 * An event's id: the producer's, or a fingerprint of its time, line length, type and agent (the
 * one dedupe wrote down, else made now).
 */
export function eventId(event: DistinctEvent): string {
  if (event.id !== null) return event.id;
  return event.madeId ?? madeIdOf(event);
}

/** The id of an event whose producer wrote none: its fingerprint, with its twin number if any. */
export function madeIdOf(event: BaseEvent): string {
  const id = fingerprintId(event.ts, event.type, event.agentId, event.raw.length);
  return event.twin === undefined ? id : `${id}~${event.twin}`;
}

/**
 * `compareEvents` of two events whose producers wrote no id, without making their ids: dedupe
 * sorts all of them before their ids are final. Ids of one time share their start (`fp-<ts>-`),
 * so they differ first in the line length's digits, then in the hash of type and agent (always
 * eight hex digits, so neither is the start of another), then in the twin's number; each part is
 * compared as the text the id holds, which gives the order of the ids themselves.
 */
export function compareFingerprinted(a: BaseEvent, b: BaseEvent): number {
  if (a.ts !== b.ts) return a.ts - b.ts;
  if (a.raw.length !== b.raw.length) return compareText(String(a.raw.length), String(b.raw.length));
  const hash = compareText(typeAgentHash(a.type, a.agentId), typeAgentHash(b.type, b.agentId));
  if (hash !== 0 || a.twin === b.twin) return hash;
  // An id without a twin number is the start of its twins' ids.
  if (a.twin === undefined) return -1;
  if (b.twin === undefined) return 1;
  return compareText(String(a.twin), String(b.twin));
}

function compareText(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Orders copies of one event by where they were read: the first file and line comes first. */
export function compareOrigins(a: BaseEvent, b: BaseEvent): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
