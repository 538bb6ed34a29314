import * as z from "zod";
import { EventSource, type CanonicalEvent } from "../event.ts";
import { isKnownType } from "./known-types.ts";

/** An event type its format does not document, and how often the log holds it. */
export const UnknownType = z.object({
  /** The format the events were read from. */
  source: EventSource,
  /** The type as the producer wrote it (or as a hook's event name was mapped). */
  type: z.string(),
  /** Distinct events of this type. */
  count: z.number().int().positive(),
  /** The first of them, epoch ms. */
  firstMs: z.number(),
  /** The last of them, epoch ms. */
  lastMs: z.number(),
});
export type UnknownType = z.infer<typeof UnknownType>;

/**
 * The types no row of KNOWN_TYPE_RULES knows, counted over the distinct events, most frequent
 * first (then by format and type, so the order never depends on the log's).
 */
export function unknownTypes(events: readonly CanonicalEvent[]): UnknownType[] {
  const byKey = new Map<string, UnknownType>();
  // The table is asked once per format and type, not once per event.
  const known = new Set<string>();
  for (const event of events) {
    const key = `${event.source}\u0000${event.type}`;
    if (known.has(key)) continue;
    const seen = byKey.get(key);
    if (seen !== undefined) {
      seen.count++;
      seen.firstMs = Math.min(seen.firstMs, event.ts);
      seen.lastMs = Math.max(seen.lastMs, event.ts);
    } else if (isKnownType(event.source, event.type)) {
      known.add(key);
    } else {
      byKey.set(key, {
        source: event.source,
        type: event.type,
        count: 1,
        firstMs: event.ts,
        lastMs: event.ts,
      });
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      b.count - a.count ||
      (a.source < b.source ? -1 : a.source > b.source ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0),
  );
}
