import * as z from "zod";
import { EventRole } from "../classify/event-role.ts";

/** How many time slices a session's timeline has: enough to see its rhythm, few enough to stay small. */
export const TIMELINE_BINS = 48;

/**
 * A session's events counted per role in equal slices of its time span. Pages draw it as a static
 * SVG, whose size does not grow with the number of events.
 */
export const Timeline = z.object({
  /** The first and last event's time, epoch ms. */
  startMs: z.number(),
  endMs: z.number(),
  /** Per role, the event count of each slice (TIMELINE_BINS of them). */
  rows: z.array(z.object({ role: EventRole, counts: z.array(z.number().int().nonnegative()) })),
});
export type Timeline = z.infer<typeof Timeline>;

/** The timeline of events given in time order. */
export function timelineOf(events: ReadonlyArray<{ ts: number; eventRole: EventRole }>): Timeline {
  const startMs = events[0]?.ts ?? 0;
  const endMs = events.at(-1)?.ts ?? startMs;
  const span = Math.max(1, endMs - startMs);
  const rows = EventRole.options.map((role) => ({ role, counts: new Array<number>(TIMELINE_BINS).fill(0) }));
  const index = new Map(EventRole.options.map((role, i) => [role, i]));
  for (const event of events) {
    const bin = Math.min(TIMELINE_BINS - 1, Math.floor(((event.ts - startMs) / span) * TIMELINE_BINS));
    const row = rows[index.get(event.eventRole) ?? 0];
    if (row !== undefined) row.counts[bin] = (row.counts[bin] ?? 0) + 1;
  }
  return { startMs, endMs, rows };
}
