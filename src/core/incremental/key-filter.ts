import type { BaseEvent } from "../event.ts";
import { BUCKET_MS, bucketOf } from "../sessions/thread-key.ts";

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

/**
 * Whether no event whose time lies from `min` to `max` (and, when `untimed`, no event without a
 * time) can meet the filter, from the times alone, or from the times and `unnamed`: that none of
 * the events names one of the filter's work sessions, conversations or tasks, in any of the three
 * fields. A reader of many events then looks at none of them. A rerun's selections mostly ask for
 * events at or after a time (`from`, a pair's time), which the events of a part of the log read
 * long before all precede, or for the events of a few sessions, which most runs of a log's events
 * do not name.
 */
export function meetsNoneBetween(
  filter: KeyFilter,
  min: number,
  max: number,
  untimed: boolean,
  unnamed = false,
): boolean {
  // Every event is at or after `before`; one without a time is not (a comparison with NaN fails).
  if (filter.before !== undefined && min >= filter.before && !untimed) return true;
  if (!hasAlternatives(filter)) return false;
  // An event of any time may be of a session, conversation or task given.
  if (
    !unnamed &&
    ((filter.workSessionIds?.size ?? 0) > 0 ||
      (filter.conversationIds?.size ?? 0) > 0 ||
      (filter.taskIds?.size ?? 0) > 0)
  )
    return false;
  // An event of a type and bucket given is in the bucket's five minutes (see bucketOf); one without
  // a time is in none.
  for (const buckets of filter.buckets?.values() ?? [])
    for (const bucket of buckets) if (bucket <= max && bucket + BUCKET_MS > min) return false;
  // What is left meets events at or after a time, which an event without a time never is.
  let earliest = filter.from ?? Infinity;
  for (const byB of filter.pairs?.values() ?? [])
    for (const since of byB.values()) earliest = Math.min(earliest, since);
  return !(max >= earliest);
}
