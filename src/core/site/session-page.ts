import { z } from "zod";
import type { CanonicalEvent } from "../event.ts";
import { UnattributedEvent, WorkSession } from "../sessions/work-session.ts";
import { DelegationNode, delegationTree } from "./delegation-tree.ts";
import { EventRow, eventRow } from "./event-row.ts";
import { pathSegment } from "./path-segment.ts";
import { TaskCard } from "./task-card.ts";
import type { MentionNames } from "../sessions/transcript.ts";
import { Timeline, timelineOf } from "./timeline.ts";

/** How many orchestration signals and unattributed neighbours a session page lists at most. */
const MAX_SIGNALS = 200;
const MAX_NEIGHBOURS = 20;

/** A link to another session: its id, path segment and title. */
export const SessionLink = z.object({
  /** The session id. */
  id: z.string(),
  /** Its path segment, or null when no such session was read. */
  segment: z.string().nullable(),
  /** Its title, when it was read. */
  title: z.string().nullable(),
});
export type SessionLink = z.infer<typeof SessionLink>;

/** Everything one session's page and its transcript pages show: one shard file per session. */
export const SessionPage = z.object({
  /** The session as the Report has it, threads and transcripts included. */
  session: WorkSession,
  /** Its path segment. */
  segment: z.string(),
  /** Each thread's path segment, in the order of `session.threads`. */
  threadSegments: z.array(z.string()),
  /** The spawn tree of its delegations. */
  delegations: z.array(DelegationNode),
  /** Its orchestration signals (task, continuation, unblock, zombie … events), oldest first, at most 200. */
  signals: z.array(EventRow),
  /** How many signals there were in all. */
  signalCount: z.number().int(),
  /** Its tasks. */
  tasks: z.array(TaskCard),
  /** Its events per role over time. */
  timeline: Timeline,
  /** Unattributed events of its agents within its time span, at most 20. */
  neighbours: z.array(UnattributedEvent),
  /** The session it continues, and those that continue it. */
  previous: SessionLink.nullable(),
  next: z.array(SessionLink),
});
export type SessionPage = z.infer<typeof SessionPage>;

/** What a session page is built from besides the session. */
export interface SessionPageContext {
  /** Sessions by id, for previous/next titles. */
  sessions: ReadonlyMap<string, WorkSession>;
  /** Task cards by task id. */
  tasks: ReadonlyMap<string, TaskCard>;
  /** Unattributed events, in time order (as the Report lists them). */
  unattributed: readonly UnattributedEvent[];
  /** Discord user ids to names, for event texts. */
  names: MentionNames;
}

/** One session's page. */
export function sessionPage(
  session: WorkSession,
  events: readonly CanonicalEvent[],
  context: SessionPageContext,
): SessionPage {
  const signals = events.filter((e) => e.eventRole === "orchestration.task");
  const agents = new Set(session.agents);
  const neighbours: UnattributedEvent[] = [];
  // Unattributed events are in time order: start at the session's start, stop at its end.
  for (
    let i = firstAtOrAfter(context.unattributed, session.startMs);
    i < context.unattributed.length && neighbours.length < MAX_NEIGHBOURS;
    i++
  ) {
    const u = context.unattributed[i] as UnattributedEvent;
    if (u.ts > session.lastActivityMs) break;
    if ([u.agentId, u.fromAgent, u.toAgent].some((a) => a !== null && agents.has(a))) neighbours.push(u);
  }
  const link = (id: string): SessionLink => {
    const other = context.sessions.get(id);
    return { id, segment: other === undefined ? null : pathSegment(id), title: other?.title ?? null };
  };
  return {
    session,
    segment: pathSegment(session.workSessionId),
    threadSegments: session.threads.map((t) => pathSegment(t.threadKey)),
    delegations: delegationTree(session.threads),
    signals: signals.slice(0, MAX_SIGNALS).map((e) => eventRow(e, session.workSessionId, context.names)),
    signalCount: signals.length,
    tasks: session.taskIds.map((id) => context.tasks.get(id)).filter((t): t is TaskCard => t !== undefined),
    timeline: timelineOf(events),
    neighbours,
    previous: session.previousWorkSessionId === undefined ? null : link(session.previousWorkSessionId),
    next: session.nextWorkSessionIds.map(link),
  };
}

/** The index of the first event at or after `ts` in a list ordered by time (binary search). */
function firstAtOrAfter(events: readonly UnattributedEvent[], ts: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((events[mid] as UnattributedEvent).ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
