import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import type { CanonicalEvent } from "../event.ts";
import { UnattributedEvent, WorkSession } from "../sessions/work-session.ts";
import { DelegationNode, delegationTree } from "./delegation-tree.ts";
import { EventRow, eventRow } from "./event-row.ts";
import { isClaudeThread, isSubagentThread, SubagentNode, subagentNodes } from "./subagent-node.ts";
import type { SessionCard } from "./session-card.ts";
import type { SiteLookups } from "./site-lookups.ts";
import { TaskCard } from "./task-card.ts";
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
  /** Its title: null when nothing names it (pages show the untitled label) or no such session was read. */
  title: z.string().nullable(),
});
export type SessionLink = z.infer<typeof SessionLink>;

/** Everything one session's page and its transcript pages show: one shard file per session. */
export const SessionPage = z.object({
  /** The session as the Report has it, threads and transcripts included. */
  session: WorkSession,
  /** Its path segment. */
  segment: z.string(),
  /**
   * What the page calls it: its card's title, null when nothing names it. Pages show this (through
   * sessionTitleText), not `session.title`, which holds the Report's fixed value for such sessions.
   */
  title: z.string().nullable(),
  /** Each thread's path segment, in the order of `session.threads`. */
  threadSegments: z.array(z.string()),
  /** The spawn tree of its delegations (Claude Code subagents are in `subagents` instead). */
  delegations: z.array(DelegationNode),
  /**
   * For a Claude Code session: its subagents, each nested under the call that spawned it. Absent
   * when the session has none, so that the pages of other sessions keep their data as it was.
   */
  subagents: z.array(SubagentNode).optional(),
  /**
   * For a Claude Code session: the path segment of its main conversation's thread (a person's
   * prompts, the answers and the tool steps), which pages list first. Absent for other sessions.
   */
  mainThread: z.string().optional(),
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

/**
 * Every session's page, in the Report's order, each made only when it is asked for: the site's
 * data is written a page at a time, so no list of every session's page is ever held.
 */
export function* sessionPages(
  analysis: Analysis,
  lookups: SiteLookups,
): Generator<SessionPage, void, undefined> {
  const { unattributed } = analysis.report;
  for (const session of analysis.report.workSessions)
    yield sessionPage(
      session,
      lookups.sessionCards.get(session.workSessionId) as SessionCard,
      analysis.sessionEvents.get(session.workSessionId) ?? [],
      unattributed,
      lookups,
    );
}

/** One session's page, from the session, its card, its events and the Report's unattributed events. */
function sessionPage(
  session: WorkSession,
  card: SessionCard,
  events: readonly CanonicalEvent[],
  unattributed: readonly UnattributedEvent[],
  lookups: SiteLookups,
): SessionPage {
  const signals = events.filter((e) => e.eventRole === "orchestration.task");
  const link = (id: string): SessionLink => {
    const other = lookups.sessionCards.get(id);
    return { id, segment: other?.segment ?? null, title: other?.title ?? null };
  };
  const subagents = subagentNodes(session.threads, card.threadSegments);
  // Subagents are listed under their calls, so the delegation tree leaves their threads out.
  const subagentAt = session.threads.map(isSubagentThread);
  const mainThread = mainThreadOf(session, card.threadSegments);
  return {
    session,
    segment: card.segment,
    title: card.title,
    threadSegments: card.threadSegments,
    delegations: delegationTree(
      session.threads.filter((_, i) => !subagentAt[i]),
      card.threadSegments.filter((_, i) => !subagentAt[i]),
    ),
    ...(subagents.length === 0 ? {} : { subagents }),
    ...(mainThread === undefined ? {} : { mainThread }),
    signals: signals.slice(0, MAX_SIGNALS).map((e) => eventRow(e, card, lookups.names)),
    signalCount: signals.length,
    tasks: session.taskIds
      .map((id) => lookups.taskCards.get(id))
      .filter((t): t is TaskCard => t !== undefined),
    timeline: timelineOf(events),
    neighbours: neighboursOf(session, unattributed),
    previous: session.previousWorkSessionId === undefined ? null : link(session.previousWorkSessionId),
    next: session.nextWorkSessionIds.map(link),
  };
}

/**
 * The segment of a Claude Code session's main conversation: the thread keyed by the session id,
 * else the thread its subagents were spawned from. Undefined for sessions that have neither.
 */
export function mainThreadOf(
  session: Pick<WorkSession, "workSessionId" | "threads">,
  threadSegments: readonly string[],
): string | undefined {
  const { threads } = session;
  let index = threads.findIndex((t) => t.threadKey === `conv:${session.workSessionId}`);
  if (index === -1) {
    const spawner = threads.find((t) => t.spawnedBy !== undefined)?.spawnedBy?.threadKey;
    index = spawner === undefined ? -1 : threads.findIndex((t) => t.threadKey === spawner);
  }
  const thread = threads[index];
  return thread === undefined || !isClaudeThread(thread) ? undefined : threadSegments[index];
}

/**
 * The unattributed events that involve the session's agents within its time span, at most
 * MAX_NEIGHBOURS: what may have belonged to it. `unattributed` is in time order, as the Report
 * lists it, so the search starts at the session's start and stops at its end.
 */
export function neighboursOf(
  session: Pick<WorkSession, "agents" | "startMs" | "lastActivityMs">,
  unattributed: readonly UnattributedEvent[],
): UnattributedEvent[] {
  const agents = new Set(session.agents);
  const neighbours: UnattributedEvent[] = [];
  for (
    let i = firstAtOrAfter(unattributed, session.startMs);
    i < unattributed.length && neighbours.length < MAX_NEIGHBOURS;
    i++
  ) {
    const u = unattributed[i] as UnattributedEvent;
    if (u.ts > session.lastActivityMs) break;
    if ([u.agentId, u.fromAgent, u.toAgent].some((a) => a !== null && agents.has(a))) neighbours.push(u);
  }
  return neighbours;
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
