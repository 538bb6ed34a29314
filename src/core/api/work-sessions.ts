import * as z from "zod";
import { CollabCategory } from "../category.ts";
import { EventRole } from "../classify/event-role.ts";
import { RoleCounts, Thread, WorkSession } from "../sessions/work-session.ts";
import type { SessionCard } from "../site/session-card.ts";

/**
 * One thread of a work session as the static API lists it: the Report's thread without its
 * transcript, so that the file of every session stays small. The transcript is on the session's
 * thread pages.
 */
export const ApiThread = Thread.omit({ transcript: true });
export type ApiThread = z.infer<typeof ApiThread>;

/**
 * One work session as the static API lists it: the Report's fields the task-monitor's answer
 * carries, its thread index and its page. The operator's override record and the sessions that
 * continue this one are left out, as the task-monitor's answer has neither.
 */
export const ApiWorkSession = WorkSession.omit({
  categoryOverride: true,
  nextWorkSessionIds: true,
  threads: true,
}).extend({
  /** Its agent-to-agent threads, in time order, without their transcripts. */
  threads: z.array(ApiThread),
  /** The path segment of its page: the page is `sessions/<segment>/` under the site's base. */
  segment: z.string(),
});
export type ApiWorkSession = z.infer<typeof ApiWorkSession>;

/** Sessions per collaboration category, all ten categories present. */
export const CategoryCounts = z.record(CollabCategory, z.number().int().nonnegative());
export type CategoryCounts = z.infer<typeof CategoryCounts>;

/**
 * The body of `/api/work-sessions.json` as the page data holds it: the task-monitor's
 * `GET /api/work-sessions` answer without filters, for the whole Report.
 */
export const WorkSessionsBody = z.object({
  /** Every work session, most recently active first (the Report's order). */
  sessions: z.array(ApiWorkSession),
  /** How many sessions are listed: all of them, as a static file has no filters. */
  count: z.number().int().nonnegative(),
  /** How many work sessions the Report holds. */
  totalSessions: z.number().int().nonnegative(),
  /** Sessions per collaboration category. */
  categoryCounts: CategoryCounts,
  /** Events per role, summed over every session. */
  roleCounts: RoleCounts,
  /** The `now` the Report was made against, ISO-8601 UTC. */
  generatedAt: z.string(),
  /** The IANA time zone the Report's weeks and days are cut in. */
  timeZone: z.string(),
});
export type WorkSessionsBody = z.infer<typeof WorkSessionsBody>;

/** One work session as the published file lists it: with the URL path of its page. */
export const PublishedWorkSession = ApiWorkSession.extend({
  /** The URL path of the session's page, under the site's base. */
  url: z.string(),
});
export type PublishedWorkSession = z.infer<typeof PublishedWorkSession>;

/** `/api/work-sessions.json` as it is published. */
export const WorkSessionsFile = WorkSessionsBody.extend({
  /** Every work session, most recently active first, each with its page's URL path. */
  sessions: z.array(PublishedWorkSession),
});
export type WorkSessionsFile = z.infer<typeof WorkSessionsFile>;

/** Ten zeros, one per category. */
export function zeroCategoryCounts(): CategoryCounts {
  return Object.fromEntries(CollabCategory.options.map((c) => [c, 0])) as CategoryCounts;
}

/** A thread's index entry: the thread without its transcript. */
function apiThread(t: WorkSession["threads"][number]): ApiThread {
  return {
    threadKey: t.threadKey,
    ...(t.conversationId === undefined ? {} : { conversationId: t.conversationId }),
    fromAgent: t.fromAgent,
    toAgent: t.toAgent,
    eventRole: t.eventRole,
    turns: t.turns,
    outcome: t.outcome,
    ...(t.blockedReason === undefined ? {} : { blockedReason: t.blockedReason }),
    startMs: t.startMs,
    lastActivityMs: t.lastActivityMs,
    eventCount: t.eventCount,
  };
}

/** A work session as the API lists it, with its page's path segment. */
function apiWorkSession(s: WorkSession, segment: string): ApiWorkSession {
  return {
    workSessionId: s.workSessionId,
    status: s.status,
    startMs: s.startMs,
    lastActivityMs: s.lastActivityMs,
    eventCount: s.eventCount,
    roleCounts: s.roleCounts,
    collabCategory: s.collabCategory,
    categorySource: s.categorySource,
    categoryConfidence: s.categoryConfidence,
    collabSubTags: s.collabSubTags,
    title: s.title,
    agents: s.agents,
    taskIds: s.taskIds,
    ...(s.previousWorkSessionId === undefined ? {} : { previousWorkSessionId: s.previousWorkSessionId }),
    threads: s.threads.map(apiThread),
    segment,
  };
}

/** What the work sessions' body needs of the Report. */
interface WorkSessionsSource {
  workSessions: readonly WorkSession[];
  generatedAt: string;
  timeZone: string;
}

/**
 * The body of `/api/work-sessions.json`: every session with its thread index, and the counts the
 * task-monitor's answer carries. Segments come from the session cards, the one place they are made.
 */
export function workSessionsBody(
  report: WorkSessionsSource,
  cards: ReadonlyMap<string, Pick<SessionCard, "segment">>,
): WorkSessionsBody {
  const categoryCounts = zeroCategoryCounts();
  const roleCounts = Object.fromEntries(EventRole.options.map((r) => [r, 0])) as RoleCounts;
  const sessions = report.workSessions.map((s) => {
    categoryCounts[s.collabCategory]++;
    for (const role of EventRole.options) roleCounts[role] += s.roleCounts[role];
    const card = cards.get(s.workSessionId);
    if (card === undefined) throw new Error(`work session ${s.workSessionId} has no card`);
    return apiWorkSession(s, card.segment);
  });
  return {
    sessions,
    count: sessions.length,
    totalSessions: report.workSessions.length,
    categoryCounts,
    roleCounts,
    generatedAt: report.generatedAt,
    timeZone: report.timeZone,
  };
}

/** The published file: the body with each session's page URL, made by the site's URL helper. */
export function workSessionsFile(
  body: WorkSessionsBody,
  sessionUrl: (segment: string) => string,
): WorkSessionsFile {
  return { ...body, sessions: body.sessions.map((s) => ({ ...s, url: sessionUrl(s.segment) })) };
}
