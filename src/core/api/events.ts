import * as z from "zod";
import type { CollabCategory } from "../category.ts";
import { decideCategory, evidenceOf } from "../classify/classify-text.ts";
import { textOf } from "../classify/event-category.ts";
import type { CanonicalEvent } from "../event.ts";
import { EventLine, eventLine, tooDeep } from "../event-line.ts";
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
 * `/api/events.json`: the task-monitor's `GET /api/events` answer at its default limit, with the
 * categories counted over every event rather than the listed ones.
 */
export const EventsBody = z.object({
  /** The newest events, newest first, at most `limit` of them, each as its `--events` line. */
  events: z.array(EventLine),
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

/**
 * An event as the API lists it: its `--events` line as an object, a payload nested deeper than
 * API_DATA_DEPTH as the text of its line.
 */
export function apiEvent(event: CanonicalEvent): EventLine {
  const line = eventLine(event);
  return nestingDepth(line.data) <= API_DATA_DEPTH ? line : tooDeep(line, event);
}

/**
 * Events per collaboration category over all events, and how many have none: the category
 * `eventCategory` gives each, without the rest of its decision. An event that states its category
 * is not read further, and each distinct text is classified once, as logs repeat their messages
 * (acknowledgements, status lines, retries) and classifying text is the cost of this count.
 */
export function countCategories(events: readonly CanonicalEvent[]): {
  categoryCounts: CategoryCounts;
  uncategorized: number;
} {
  const categoryCounts = zeroCategoryCounts();
  let uncategorized = 0;
  const byText = new Map<string, CollabCategory>();
  for (const event of events) {
    let category = event.statedCategory;
    if (category === null) {
      const text = textOf(event.facts);
      if (text !== null) {
        category = byText.get(text) ?? decideCategory(evidenceOf(text)).collabCategory;
        byText.set(text, category);
      }
    }
    if (category === null) uncategorized++;
    else categoryCounts[category]++;
  }
  return { categoryCounts, uncategorized };
}

/**
 * The body of `/api/events.json` from the distinct events in timeline order: the newest
 * API_EVENTS_LIMIT of them, newest first, and every event's category counted.
 */
export function eventsBody(events: readonly CanonicalEvent[], generatedAt: string): EventsBody {
  const listed = events.slice(-API_EVENTS_LIMIT).reverse().map(apiEvent);
  return {
    events: listed,
    count: listed.length,
    total: events.length,
    ...countCategories(events),
    limit: API_EVENTS_LIMIT,
    generatedAt,
  };
}
