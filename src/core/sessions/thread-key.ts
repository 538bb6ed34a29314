import type { CanonicalEvent } from "../event.ts";

const BUCKET_MS = 5 * 60 * 1000;

/**
 * The thread an event belongs to: its conversation; else the pair of agents,
 * sorted, for legacy events without ids; else its type and 5-minute bucket.
 */
export function threadKeyOf(event: CanonicalEvent): string {
  if (event.conversationId !== null) return `conv:${event.conversationId}`;
  const a = event.fromAgent;
  const b = event.toAgent;
  if (a !== null && b !== null) return `pair:${[a, b].sort().join("_")}`;
  return `event:${event.type}:${Math.floor(event.ts / BUCKET_MS) * BUCKET_MS}`;
}
