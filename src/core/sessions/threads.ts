import { eventId, type CanonicalEvent } from "../event.ts";
import { threadEnd, type ThreadEnd } from "./thread-outcome.ts";
import { threadKeysOf } from "./thread-key.ts";
import { transcriptTurn, type MentionNames, type TranscriptTurn } from "./transcript.ts";
import type { Thread } from "./work-session.ts";
import { pushTo } from "../group.ts";

/** A thread with the events it was made from, for the views that need them (postmortems). */
export interface ThreadWork {
  /** The thread as the Report lists it. */
  thread: Thread;
  /** The work session it belongs to; null for threads of unattributed events. */
  workSessionId: string | null;
  /** Its events, in time order. */
  events: CanonicalEvent[];
  /** How it ended, with the indexes (into `events`) of the evidence. */
  end: ThreadEnd;
}

/**
 * The threads of some agent-to-agent events (in time order), in time order. The threads of events
 * no work session took (`workSessionId` null) split an agent pair's lines into the conversations
 * its silences separate (threadKeysOf); a session's own pair threads stay whole, as the session
 * already bounds them.
 */
export function buildThreads(
  events: readonly CanonicalEvent[],
  workSessionId: string | null,
  logEndMs: number,
  names: MentionNames,
): ThreadWork[] {
  const byKey = new Map<string, CanonicalEvent[]>();
  const keys = threadKeysOf(events, workSessionId === null);
  events.forEach((event, i) => pushTo(byKey, keys[i] as string, event));
  return [...byKey]
    .map(([threadKey, list]) => {
      const head =
        list.find((e) => e.type === "a2a.send" || e.type === "a2a.spawn" || e.type === "manager_assign") ??
        (list[0] as CanonicalEvent);
      const withData = list.map((e) => ({ type: e.type, ts: e.ts, data: e.facts }));
      const end = threadEnd(withData, logEndMs);
      // A loop, not Math.max(...list): a thread of legacy events keyed by agent pair can hold
      // hundreds of thousands of events, more arguments than a call may take.
      let turns = 0;
      for (const e of withData)
        if (typeof e.data["turn"] === "number" && e.data["turn"] > turns) turns = e.data["turn"];
      // Keys in the order of the Report's Thread, optional ones in their place.
      const thread: Thread = {
        threadKey,
        ...(head.conversationId === null ? {} : { conversationId: head.conversationId }),
        fromAgent: head.fromAgent ?? head.agentId,
        toAgent: head.toAgent,
        eventRole: (list[0] as CanonicalEvent).eventRole,
        turns,
        outcome: end.outcome,
        ...(end.reason === null ? {} : { blockedReason: end.reason }),
        startMs: (list[0] as CanonicalEvent).ts,
        lastActivityMs: (list.at(-1) as CanonicalEvent).ts,
        eventCount: list.length,
        transcript: list
          .map((e) => transcriptTurn({ ...e, id: eventId(e) }, e.facts, names))
          .filter((t): t is TranscriptTurn => t !== null),
      };
      return { thread, workSessionId, events: list, end };
    })
    .sort(
      (a, b) => a.thread.startMs - b.thread.startMs || (a.thread.threadKey < b.thread.threadKey ? -1 : 1),
    );
}
