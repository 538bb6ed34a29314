import type { CanonicalEvent } from "../event.ts";
import { blockedReasonOf, type BlockedReason } from "./blocked-reasons.ts";

/** How a thread ended. */
export const THREAD_OUTCOMES = ["completed", "blocked", "no_reply", "failed", "open"] as const;
type ThreadOutcome = (typeof THREAD_OUTCOMES)[number];

/**
 * A thread's event as the outcome rules see it: its type, time and payload facts. A
 * CanonicalEvent is one, so threads hand their events over as they are, with no object made per
 * event.
 */
export type OutcomeEvent = Pick<CanonicalEvent, "type" | "ts" | "facts">;

/** How long a send or spawn may wait for a response before it counts as orphaned: the gateway's wait. */
export const ORPHAN_AFTER_MS = 300_000;

/** Outcome and reason of a thread, and the events that show them. */
export interface ThreadEnd {
  outcome: ThreadOutcome;
  reason: BlockedReason | null;
  /** Indexes of the events that show the reason. */
  evidence: number[];
}

/**
 * A thread's outcome from its events in time order. `logEndMs` is the last time the log says
 * anything at all. A send or spawn that got neither an answer nor a failure, while the log went on
 * for more than ORPHAN_AFTER_MS after the thread's last event, was orphaned: a gateway that gives up
 * waiting logs a failed response, so none ever logged means the exchange was cut off
 * (docs/decisions.md#orphaned-sends). Such a thread at the very end of the log is still open.
 * `reasons` holds each event's blocked reason when the caller has worked them out already.
 */
export function threadEnd(
  events: readonly OutcomeEvent[],
  logEndMs: number,
  reasons: ReadonlyArray<BlockedReason | null> = events.map(blockedReasonOf),
): ThreadEnd {
  for (let i = 0; i < events.length; i++) {
    const reason = reasons[i] ?? null;
    if (reason === null) continue;
    // The retries before the failure, listed only for a thread that failed.
    const retries: number[] = [];
    for (let j = 0; j < i; j++) if ((events[j] as OutcomeEvent).type === "a2a.retry") retries.push(j);
    const lastRetry = retries.at(-1);
    const last = lastRetry === undefined ? undefined : (events[lastRetry] as OutcomeEvent).facts;
    if (
      last !== undefined &&
      typeof last["attempt"] === "number" &&
      last["attempt"] >= Number(last["maxAttempts"] ?? Infinity) &&
      reason === "run_error"
    ) {
      return { outcome: "blocked", reason: "retry_exhausted", evidence: [...retries, i] };
    }
    return {
      outcome:
        reason === "spawn_error" || reason === "job_failed"
          ? "failed"
          : reason === "no_reply"
            ? "no_reply"
            : "blocked",
      reason,
      evidence: [i],
    };
  }
  // One pass for what the rest of the rules ask: any complete, any answer, the first request.
  let answered = false;
  let asked = -1;
  for (let i = 0; i < events.length; i++) {
    const type = (events[i] as OutcomeEvent).type;
    if (type === "a2a.complete") return { outcome: "completed", reason: null, evidence: [] };
    if (type === "a2a.response" || type === "a2a.spawn_result") answered = true;
    else if (asked === -1 && (type === "a2a.send" || type === "a2a.spawn")) asked = i;
  }
  const lastTs = events.at(-1)?.ts ?? 0;
  if (asked !== -1 && !answered && logEndMs - lastTs > ORPHAN_AFTER_MS)
    return { outcome: "blocked", reason: "orphaned", evidence: [asked] };
  return { outcome: "open", reason: null, evidence: [] };
}
