import type { BaseEvent } from "../event.ts";
import { bucketOf } from "../sessions/thread-key.ts";

/**
 * A condition every event a selection picks meets, given with the selection so that the cached
 * events that fail it need not be looked at one by one. The reader of the cache's columns tests
 * it on each string's place in a file's dictionary, which costs a few integer reads per event,
 * where asking `pick` costs making the event's keys. It may let through events that `pick` does
 * not take; it must never keep out one that `pick` would take.
 *
 * An event meets it when it is not at or after `before` (when given) and meets one of the other
 * conditions given (any event does when none is).
 */
export interface KeyFilter {
  /** Events at or after this time, epoch ms, are never picked (an event without a time may be). */
  before?: number;
  /** Events at or after this time, epoch ms. */
  from?: number;
  /** Events of these work sessions (by their own `workSessionId`). */
  workSessionIds?: ReadonlySet<string>;
  /** Events of these conversations. */
  conversationIds?: ReadonlySet<string>;
  /** Events of these tasks. */
  taskIds?: ReadonlySet<string>;
  /**
   * A legacy pair's lines (no conversation, a sender and a receiver) at or after a time: by the
   * pair's two agents in the order thread keys name them (the lesser text first), the time.
   */
  pairs?: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Events of neither a conversation nor a pair: by type, the five minutes (bucketOf) they are in. */
  buckets?: ReadonlyMap<string, ReadonlySet<number>>;
}

/** The fields a KeyFilter reads. */
export type FilteredKeys = Pick<
  BaseEvent,
  "ts" | "type" | "fromAgent" | "toAgent" | "workSessionId" | "conversationId" | "taskId"
>;

/** Whether an event meets the filter: the meaning the columns' reader must keep. */
export function meetsFilter(filter: KeyFilter, e: FilteredKeys): boolean {
  if (filter.before !== undefined && e.ts >= filter.before) return false;
  if (!hasAlternatives(filter)) return true;
  if (
    (filter.from !== undefined && e.ts >= filter.from) ||
    (e.workSessionId !== null && filter.workSessionIds?.has(e.workSessionId) === true) ||
    (e.conversationId !== null && filter.conversationIds?.has(e.conversationId) === true) ||
    (e.taskId !== null && filter.taskIds?.has(e.taskId) === true)
  )
    return true;
  if (e.conversationId !== null) return false;
  const { fromAgent: a, toAgent: b } = e;
  if (a !== null && b !== null) {
    const since = (a <= b ? filter.pairs?.get(a)?.get(b) : filter.pairs?.get(b)?.get(a)) ?? Infinity;
    return e.ts >= since;
  }
  return filter.buckets?.get(e.type)?.has(bucketOf(e.ts)) === true;
}

/** Whether the filter gives any condition besides `before`. */
export function hasAlternatives(filter: KeyFilter): boolean {
  return (
    filter.from !== undefined ||
    filter.workSessionIds !== undefined ||
    filter.conversationIds !== undefined ||
    filter.taskIds !== undefined ||
    filter.pairs !== undefined ||
    filter.buckets !== undefined
  );
}
