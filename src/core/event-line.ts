import * as z from "zod";
import { CollabCategory } from "./category.ts";
import { CategorySource } from "./classify/category-decision.ts";
import type { CategoryDecision } from "./classify/category-decision.ts";
import { eventCategory, textOf } from "./classify/event-category.ts";
import { CanonicalEvent, eventId } from "./event.ts";
import { eventData, eventDataJson, eventText } from "./event-data.ts";
import { isInTimeRange, toIso } from "./time.ts";

/**
 * One line of `analyze --events`, and one event of the static API's `/api/events.json`: the
 * canonical event's fields that say what happened and where it was read, its time also as ISO
 * text, its classification and its payload. The fields the line takes from the canonical event
 * keep that schema's types; the line writes its keys in the order of `eventLine`, not this one.
 */
export const EventLine = CanonicalEvent.pick({
  /** When it happened, epoch ms (UTC). */
  ts: true,
  /** The event type, as its format names it. */
  type: true,
  /** Which format the event was read from. */
  source: true,
  /** The agent that emitted it, when known. */
  agentId: true,
  /** The sending agent of an agent-to-agent event. */
  fromAgent: true,
  /** The receiving or target agent. */
  toAgent: true,
  /** The work session the producer attached it to, when it did. */
  workSessionId: true,
  /** The agent-to-agent conversation it belongs to, when known. */
  conversationId: true,
  /** The task it is about, when known. */
  taskId: true,
  /** Its role: where it is shown. */
  eventRole: true,
  /** The sender's session type. */
  fromSessionType: true,
  /** The receiver's session type. */
  toSessionType: true,
  /** The file it was read from, relative to its input. */
  file: true,
  /** The 1-based line in that file. */
  line: true,
}).extend({
  /** The producer's id, or the fingerprint id workscope made for an event without one. */
  id: z.string(),
  /** The same time as `ts`, as ISO-8601 UTC text. */
  time: z.string(),
  /**
   * Present and true when the producer wrote no time and `ts` was taken from what is tied to it
   * (its tool call in the transcript, its session's other events).
   */
  tsEstimated: z.literal(true).optional(),
  /** Present and true when nothing tells the event's time: `ts` only keeps its place in its file. */
  undated: z.literal(true).optional(),
  /** The event's own category: the one it states, else what its text says; null without either. */
  collabCategory: CollabCategory.nullable(),
  /** The specifics behind its category, at most 5; empty without a category. */
  collabSubTags: z.array(z.string()),
  /** How sure its category is, 0–1; null without a category. */
  categoryConfidence: z.number().nullable(),
  /** How its category was decided; null without a category. */
  categorySource: CategorySource.nullable(),
  /** The producer's payload (see eventData), or `{reason, text}` when it is nested too deeply to write again. */
  data: z.record(z.string(), z.unknown()),
});
export type EventLine = z.infer<typeof EventLine>;

/**
 * An event's line as an object, its payload as read: the one place its keys and their order are
 * set, for users who load their history into DuckDB or ClickHouse. Category fields are null for
 * events without text.
 */
export function eventLine(event: CanonicalEvent): EventLine {
  const category = eventCategory(event);
  return {
    id: eventId(event),
    ts: event.ts,
    time: toIso(event.ts),
    ...(event.tsEstimated ? { tsEstimated: true as const } : {}),
    ...(event.undated ? { undated: true as const } : {}),
    type: event.type,
    source: event.source,
    agentId: event.agentId,
    fromAgent: event.fromAgent,
    toAgent: event.toAgent,
    workSessionId: event.workSessionId,
    conversationId: event.conversationId,
    taskId: event.taskId,
    eventRole: event.eventRole,
    fromSessionType: event.fromSessionType,
    toSessionType: event.toSessionType,
    collabCategory: category?.collabCategory ?? null,
    collabSubTags: category?.collabSubTags ?? [],
    categoryConfidence: category?.categoryConfidence ?? null,
    categorySource: category?.categorySource ?? null,
    file: event.file,
    line: event.line,
    data: eventData(event),
  };
}

/** One line of `analyze --events`: the event's line as JSON text. */
export function toEventLine(event: CanonicalEvent): string {
  const line = eventLine(event);
  try {
    return JSON.stringify(line);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // JSON.parse reads any depth, but JSON.stringify recurses and runs out of stack on a payload
    // nested some thousands of levels deep. Such a line keeps its payload as the text it was read
    // as, which needs no recursion to write.
    return JSON.stringify(tooDeep(line, event));
  }
}

/** What `data` says, beside the line's text, when the payload is too deeply nested to write again. */
export const TOO_DEEP =
  "the payload is nested too deeply to write as JSON again; text holds its line as read";

/** The line with its payload replaced by the text of the line it was read from. */
export function tooDeep(line: EventLine, event: CanonicalEvent): EventLine {
  return { ...line, data: { reason: TOO_DEEP, text: eventText(event) } };
}

/**
 * A writer of `analyze --events` lines for one pass over the events: each call gives exactly
 * `toEventLine(event)`, made more cheaply. The payload is copied from the line when it is written
 * canonically (eventDataJson); the category fields are worked out once per distinct text and
 * stated category, as logs repeat their texts; the time's text is made once per second, as events
 * come in time order. The memory of the category fields lives as long as the writer, and is
 * emptied when it holds `memoSize` texts, so a log where every text is new costs one map
 * lookup per event and no more memory than that bound.
 */
export function eventLineWriter(memoSize = CATEGORY_MEMO_SIZE): (event: CanonicalEvent) => string {
  const category = categoryFields(memoSize);
  const time = isoTimes();
  const q = quotedStrings();
  let file: string | null = null;
  let fileJson = "";
  return (event) => {
    if (event.file !== file) {
      file = event.file;
      fileJson = JSON.stringify(file);
    }
    // A fingerprint id is made of digits, letters, `-`, `.`, `+` and `~` (fingerprintId), which
    // JSON writes as they are; a producer's id is quoted as any text, and not remembered, as
    // each is new.
    const id = event.id === null ? `"${eventId(event)}"` : JSON.stringify(event.id);
    let data: string;
    try {
      data = eventDataJson(event);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      // As in toEventLine: the payload's text stands in for a payload too deep to write.
      data = JSON.stringify({ reason: TOO_DEEP, text: eventText(event) });
    }
    return (
      `{"id":${id},"ts":${String(event.ts)},"time":"${time(event.ts)}"` +
      `${event.tsEstimated ? ',"tsEstimated":true' : ""}${event.undated ? ',"undated":true' : ""}` +
      `,"type":${q(event.type)}` +
      `,"source":"${event.source}","agentId":${nullable(event.agentId, q)},"fromAgent":${nullable(event.fromAgent, q)}` +
      `,"toAgent":${nullable(event.toAgent, q)},"workSessionId":${nullable(event.workSessionId, q)}` +
      `,"conversationId":${nullable(event.conversationId, q)},"taskId":${nullable(event.taskId, q)}` +
      `,"eventRole":"${event.eventRole}","fromSessionType":"${event.fromSessionType}"` +
      `,"toSessionType":"${event.toSessionType}",${category(event)},"file":${fileJson}` +
      `,"line":${String(event.line)},"data":${data}}`
    );
  };
}

function nullable(value: string | null, quoted: (value: string) => string): string {
  return value === null ? "null" : quoted(value);
}

/** How many values the quoting memory of one writer holds before it starts again. */
const QUOTED_MEMO_SIZE = 1 << 14;

/**
 * JSON.stringify of strings, remembered: agents, types and the ids of sessions, conversations
 * and tasks repeat from event to event, and ingest keeps one copy of each, whose hash the Map
 * computes once.
 */
function quotedStrings(): (value: string) => string {
  const memo = new Map<string, string>();
  return (value) => {
    let json = memo.get(value);
    if (json === undefined) {
      if (memo.size >= QUOTED_MEMO_SIZE) memo.clear();
      json = JSON.stringify(value);
      memo.set(value, json);
    }
    return json;
  };
}

/** How many distinct texts the category memory of one writer holds before it starts again. */
const CATEGORY_MEMO_SIZE = 1 << 16;

/** The category fields of a line without a category. */
const NO_CATEGORY = categoryJson(null);

/** The four category fields of a line as JSON members, in eventLine's order. */
function categoryJson(decision: CategoryDecision | null): string {
  if (decision === null)
    return '"collabCategory":null,"collabSubTags":[],"categoryConfidence":null,"categorySource":null';
  return (
    `"collabCategory":${JSON.stringify(decision.collabCategory)},"collabSubTags":${JSON.stringify(decision.collabSubTags)}` +
    `,"categoryConfidence":${JSON.stringify(decision.categoryConfidence)},"categorySource":${JSON.stringify(decision.categorySource)}`
  );
}

/** A text remembered with its stated category and the category fields they give. */
interface Remembered {
  text: string;
  stated: string | null;
  json: string;
}

/** How many texts one slot of the category memory holds; more that meet there are not kept. */
const SLOT_SIZE = 4;

/**
 * The category fields of an event, remembered per stated category and text: eventCategory reads
 * nothing else of the event, so two events that share both share the fields. The memory is found
 * by a number made from the text's length and eight of its characters rather than by a Map of
 * the texts: a Map reads every character of every text to hash it, as each event's text is a new
 * string, while the comparison that confirms a find stops at the first character that differs.
 */
function categoryFields(memoSize: number): (event: CanonicalEvent) => string {
  const memo = new Map<number, Remembered[]>();
  let size = 0;
  return (event) => {
    const text = textOf(event.facts);
    const stated = event.statedCategory;
    if (text === null && stated === null) return NO_CATEGORY;
    // textOf never gives empty text, so "" can stand for no text.
    const key = text ?? "";
    const slotKey = sampleHash(key);
    let slot = memo.get(slotKey);
    if (slot !== undefined) {
      for (const entry of slot) if (entry.stated === stated && entry.text === key) return entry.json;
    }
    const json = categoryJson(eventCategory(event));
    if (size >= memoSize) {
      memo.clear();
      size = 0;
      slot = undefined;
    }
    if (slot === undefined) memo.set(slotKey, (slot = []));
    if (slot.length < SLOT_SIZE) {
      slot.push({ text: key, stated, json });
      size++;
    }
    return json;
  };
}

/** A number from a text's length and eight of its characters, spread over it. */
function sampleHash(text: string): number {
  const last = text.length - 1;
  let hash = text.length;
  for (let k = 0; k < 8; k++) hash = (Math.imul(hash, 31) + text.charCodeAt(((last * k) / 7) | 0)) | 0;
  return hash;
}

/** The numbers 0–99 in two digits and 0–999 in three, as the times' texts write them. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));

const DAY_MS = 86_400_000;

/**
 * A maker of ISO-8601 texts of epoch milliseconds, exactly `toIso(ms)`: the date is formatted by
 * the Date once per day, as events come in time order and a day holds many of them, and the time
 * of day is written from its numbers. (A second rarely holds two events, so remembering seconds
 * saved nothing.)
 */
export function isoTimes(): (ms: number) => string {
  let day = Number.NaN;
  let date = "";
  return (ms) => {
    // toIso's own error for a time outside the years it writes.
    if (!isInTimeRange(ms)) return toIso(ms);
    // A Date drops a time's fraction toward zero.
    const whole = Math.trunc(ms);
    const dayStart = Math.floor(whole / DAY_MS) * DAY_MS;
    if (dayStart !== day) {
      day = dayStart;
      date = new Date(dayStart).toISOString().slice(0, 11);
    }
    let rest = whole - dayStart;
    const hours = (rest / 3_600_000) | 0;
    rest -= hours * 3_600_000;
    const minutes = (rest / 60_000) | 0;
    rest -= minutes * 60_000;
    const seconds = (rest / 1000) | 0;
    const milli = rest - seconds * 1000;
    return `${date}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[milli]}Z`;
  };
}
