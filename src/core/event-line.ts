import { z } from "zod";
import { CollabCategory } from "./category.ts";
import { CategorySource } from "./classify/category-decision.ts";
import { eventCategory } from "./classify/event-category.ts";
import { CanonicalEvent, eventId } from "./event.ts";
import { eventData, eventText } from "./event-data.ts";
import { toIso } from "./time.ts";

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
  /** Present and true when the producer wrote no time and `ts` was taken from neighbouring lines. */
  tsEstimated: z.literal(true).optional(),
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
