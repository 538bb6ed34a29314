import { eventId, type CanonicalEvent } from "../event.ts";
import { blockedReasonOf } from "./blocked-reasons.ts";
import { threadEnd, type ThreadEnd } from "./thread-outcome.ts";
import { threadKeysOf } from "./thread-key.ts";
import { turnOf, type MentionNames, type TranscriptTurn } from "./transcript.ts";
import type { Thread } from "./work-session.ts";
import { pushTo } from "../group.ts";

/** A thread with the events it was made from, for the views that need them (postmortems). */
export interface ThreadWork {
  /** The thread as the Report lists it. */
  thread: Thread;
  /** The work session it belongs to; null for threads of unattributed events. */
  workSessionId: string | null;
  /** Its events, in time order (of a session of one thread, the list the session's were given in). */
  events: readonly CanonicalEvent[];
  /** How it ended, with the indexes (into `events`) of the evidence. */
  end: ThreadEnd;
}

/**
 * The threads of some agent-to-agent events (in time order), in time order. The threads of events
 * no work session took (`workSessionId` null) split an agent pair's lines into the conversations
 * its silences separate (threadKeysOf); a session's own pair threads stay whole, as the session
 * already bounds them. `keys` are the events' thread keys, when the caller has them already.
 */
export function buildThreads(
  events: readonly CanonicalEvent[],
  workSessionId: string | null,
  logEndMs: number,
  names: MentionNames,
  keys: readonly string[] = threadKeysOf(events, workSessionId === null),
): ThreadWork[] {
  if (events.length === 0) return [];
  // Most sessions are one thread: its events are then the list given, with no table to group by.
  if (allEqual(keys)) return [threadOf(keys[0] as string, events, workSessionId, logEndMs, names)];
  const byKey = new Map<string, CanonicalEvent[]>();
  for (let i = 0; i < events.length; i++) pushTo(byKey, keys[i] as string, events[i] as CanonicalEvent);
  const works: ThreadWork[] = [];
  for (const [threadKey, list] of byKey)
    works.push(threadOf(threadKey, list, workSessionId, logEndMs, names));
  // Most sessions have one thread, and a sort, even of one element, makes its working state.
  if (works.length > 1)
    works.sort(
      (a, b) => a.thread.startMs - b.thread.startMs || (a.thread.threadKey < b.thread.threadKey ? -1 : 1),
    );
  return works;
}

/** True when every key is the first one. */
function allEqual(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i] !== keys[0]) return false;
  return true;
}

/** True for the event a thread is headed by: the first send, spawn or assignment. */
function isHead(e: CanonicalEvent): boolean {
  return e.type === "a2a.send" || e.type === "a2a.spawn" || e.type === "manager_assign";
}

/**
 * One thread from its events: each event's blocked reason is worked out once and read by both the
 * outcome and the transcript, which were a third of building sessions when each worked it out on
 * its own. The rules read the events themselves, and the reasons are mapped, not pushed, so their
 * list is made at its size at once.
 */
function threadOf(
  threadKey: string,
  list: readonly CanonicalEvent[],
  workSessionId: string | null,
  logEndMs: number,
  names: MentionNames,
): ThreadWork {
  const first = list[0] as CanonicalEvent;
  let head: CanonicalEvent | undefined;
  // A running maximum, not Math.max(...list): a thread of legacy events keyed by agent pair can
  // hold hundreds of thousands of events, more arguments than a call may take.
  let turns = 0;
  const reasons = list.map(blockedReasonOf);
  const transcript: TranscriptTurn[] = [];
  for (let i = 0; i < list.length; i++) {
    const e = list[i] as CanonicalEvent;
    if (head === undefined && isHead(e)) head = e;
    const turn = e.facts.turn;
    if (typeof turn === "number" && turn > turns) turns = turn;
    const said = turnOf(e, eventId, e.facts, names, reasons[i] ?? null);
    if (said !== null) transcript.push(said);
  }
  head ??= first;
  const end = threadEnd(list, logEndMs, reasons);
  const { conversationId, toAgent } = head;
  const fromAgent = head.fromAgent ?? head.agentId;
  const { eventRole, ts: startMs } = first;
  const { outcome, reason: blockedReason } = end;
  const lastActivityMs = (list.at(-1) as CanonicalEvent).ts;
  const eventCount = list.length;
  // One literal per combination of the two optional fields, each in the order of the Report's
  // Thread, as the Report writes keys in the order they were added: a thread built field by field
  // grew the storage of its fields several times over, and spreading the optional ones in made
  // each thread several objects.
  const thread: Thread =
    conversationId === null
      ? blockedReason === null
        ? {
            threadKey,
            fromAgent,
            toAgent,
            eventRole,
            turns,
            outcome,
            startMs,
            lastActivityMs,
            eventCount,
            transcript,
          }
        : {
            threadKey,
            fromAgent,
            toAgent,
            eventRole,
            turns,
            outcome,
            blockedReason,
            startMs,
            lastActivityMs,
            eventCount,
            transcript,
          }
      : blockedReason === null
        ? {
            threadKey,
            conversationId,
            fromAgent,
            toAgent,
            eventRole,
            turns,
            outcome,
            startMs,
            lastActivityMs,
            eventCount,
            transcript,
          }
        : {
            threadKey,
            conversationId,
            fromAgent,
            toAgent,
            eventRole,
            turns,
            outcome,
            blockedReason,
            startMs,
            lastActivityMs,
            eventCount,
            transcript,
          };
  return { thread, workSessionId, events: list, end };
}
