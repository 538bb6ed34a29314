import { z } from "zod";
import { CollabCategory } from "../category.ts";
import { CategorySource } from "../classify/category-decision.ts";
import { eventCategory } from "../classify/event-category.ts";
import { EventRole } from "../classify/event-role.ts";
import { SessionType } from "../classify/session-type.ts";
import { EventSource, type CanonicalEvent } from "../event.ts";
import { eventText } from "../event-data.ts";
import { TOO_DEEP, toEventLine } from "../event-line.ts";
import { CategoryCounts, zeroCategoryCounts } from "./work-sessions.ts";

/** How many events `/api/events.json` lists: the task-monitor's default `limit`. */
export const API_EVENTS_LIMIT = 500;

/**
 * How deeply an event's payload may nest in the API file. Deeper payloads are kept as the text of
 * their line, as `analyze --events` keeps those it cannot write: the page data is written and read
 * again by recursive JSON code, and a payload some thousands of levels deep would overflow its stack.
 */
export const API_DATA_DEPTH = 100;

/**
 * One event as the static API lists it: the same fields, in the same order, as a line of
 * `analyze --events` (see toEventLine), parsed back to an object.
 */
export const ApiEvent = z.object({
  /** The producer's id, or the fingerprint id workscope made for an event without one. */
  id: z.string(),
  /** When it happened, epoch ms (UTC). */
  ts: z.number(),
  /** The same time as ISO-8601 UTC text. */
  time: z.string(),
  /** Present and true when the producer wrote no time and `ts` was taken from neighbouring lines. */
  tsEstimated: z.literal(true).optional(),
  /** The event type, as its format names it. */
  type: z.string(),
  /** Which format the event was read from. */
  source: EventSource,
  /** The agent that emitted it, when known. */
  agentId: z.string().nullable(),
  /** The sending agent of an agent-to-agent event. */
  fromAgent: z.string().nullable(),
  /** The receiving or target agent. */
  toAgent: z.string().nullable(),
  /** The work session the producer attached it to, when it did. */
  workSessionId: z.string().nullable(),
  /** The agent-to-agent conversation it belongs to, when known. */
  conversationId: z.string().nullable(),
  /** The task it is about, when known. */
  taskId: z.string().nullable(),
  /** Its role: where it is shown. */
  eventRole: EventRole,
  /** The sender's session type. */
  fromSessionType: SessionType,
  /** The receiver's session type. */
  toSessionType: SessionType,
  /** The event's own category: the one it states, else what its text says; null without either. */
  collabCategory: CollabCategory.nullable(),
  /** The specifics behind its category, at most 5; empty without a category. */
  collabSubTags: z.array(z.string()),
  /** How sure its category is, 0–1; null without a category. */
  categoryConfidence: z.number().nullable(),
  /** How its category was decided; null without a category. */
  categorySource: CategorySource.nullable(),
  /** The file it was read from, relative to its input. */
  file: z.string(),
  /** The 1-based line in that file. */
  line: z.number().int().positive(),
  /** The producer's payload, or `{reason, text}` when it is nested too deeply to write again. */
  data: z.record(z.string(), z.unknown()),
});
export type ApiEvent = z.infer<typeof ApiEvent>;

/**
 * `/api/events.json`: the task-monitor's `GET /api/events` answer at its default limit, with the
 * categories counted over every event rather than the listed ones.
 */
export const EventsBody = z.object({
  /** The newest events, newest first, at most `limit` of them. */
  events: z.array(ApiEvent),
  /** How many events are listed. */
  count: z.number().int().nonnegative(),
  /** How many distinct events the Report read. */
  total: z.number().int().nonnegative(),
  /** Events per collaboration category, over all events; events without a category count in none. */
  categoryCounts: CategoryCounts,
  /** How many of all events have no category (no text and none stated). */
  uncategorized: z.number().int().nonnegative(),
  /** The most events the file lists. */
  limit: z.literal(API_EVENTS_LIMIT),
  /** The `now` the Report was made against, ISO-8601 UTC. */
  generatedAt: z.string(),
});
export type EventsBody = z.infer<typeof EventsBody>;

/** How deeply a value nests: 0 for a scalar, 1 for a flat object or array. Iterative, for any depth. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop() as { value: unknown; depth: number };
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/** An event as the API lists it: its `--events` line as an object, a too-deep payload as text. */
export function apiEvent(event: CanonicalEvent): ApiEvent {
  const parsed = JSON.parse(toEventLine(event)) as ApiEvent;
  if (nestingDepth(parsed.data) <= API_DATA_DEPTH) return parsed;
  return { ...parsed, data: { reason: TOO_DEEP, text: eventText(event) } };
}

/**
 * The body of `/api/events.json` from the distinct events in timeline order: the newest
 * API_EVENTS_LIMIT of them, newest first, and every event's category counted.
 */
export function eventsBody(events: readonly CanonicalEvent[], generatedAt: string): EventsBody {
  const categoryCounts = zeroCategoryCounts();
  let uncategorized = 0;
  for (const event of events) {
    const category = eventCategory(event);
    if (category === null) uncategorized++;
    else categoryCounts[category.collabCategory]++;
  }
  const listed = events.slice(-API_EVENTS_LIMIT).reverse().map(apiEvent);
  return {
    events: listed,
    count: listed.length,
    total: events.length,
    categoryCounts,
    uncategorized,
    limit: API_EVENTS_LIMIT,
    generatedAt,
  };
}
