import * as z from "zod";
import { CollabCategory } from "../category.ts";
import type { Report } from "../report.ts";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import { SESSION_STATUSES } from "../sessions/status.ts";
import type { WorkSession } from "../sessions/work-session.ts";
import { pathSegment } from "../site/path-segment.ts";
import { isoWeek } from "../weeks.ts";
import { topSessions } from "./top-sessions.ts";
import { previousIsoWeek, weekBounds } from "./week-range.ts";

/** How many subTags a weekly report lists, most frequent first. */
export const SUBTAGS_LISTED = 20;

/** A session a weekly report names under its category, with what a link to it needs. */
export const TopSession = z.object({
  /** The work session id. */
  id: z.string(),
  /** Its path segment under `/sessions/`. */
  segment: z.string(),
  /** Its title; null when nothing names the session (pages show their untitled label). */
  title: z.string().nullable(),
  /** ACTIVE, QUIET or ARCHIVED against the Report's now. */
  status: z.enum(SESSION_STATUSES),
  /** How many events it holds: what the sessions are ranked by. */
  eventCount: z.number().int().positive(),
  /** Its first event, epoch ms. */
  startMs: z.number(),
});
export type TopSession = z.infer<typeof TopSession>;

/** One category in one week. */
export const CategoryWeek = z.object({
  /** The category. */
  category: CollabCategory,
  /** Main-agent conversation sessions of the category that started in the week. */
  sessions: z.number().int().nonnegative(),
  /** The same count in the previous ISO week; 0 when that week held none. */
  previousSessions: z.number().int().nonnegative(),
  /** `sessions − previousSessions`. */
  change: z.number().int(),
  /** The category's first sessions by TOP_SESSION_RULES, at most TOP_SESSIONS_PER_CATEGORY. */
  topSessions: z.array(TopSession),
});
export type CategoryWeek = z.infer<typeof CategoryWeek>;

/** A subTag of the week's sessions and how many of them carry it. */
export const WeekSubTag = z.object({
  /** The subTag, as the logs or the category rules gave it. */
  subTag: z.string(),
  /** The week's sessions that carry it. */
  sessions: z.number().int().positive(),
});
export type WeekSubTag = z.infer<typeof WeekSubTag>;

/** A blocked flow whose failure showed in the week. */
export const WeekBlockedFlow = z.object({
  /** Why it did not end well. */
  reason: z.enum(BLOCKED_REASONS),
  /** Who asked. */
  fromAgent: z.string().nullable(),
  /** Who was asked. */
  toAgent: z.string().nullable(),
  /** When the failure showed, epoch ms. */
  ts: z.number(),
  /** The work session it belongs to, when it belongs to one. */
  workSessionId: z.string().optional(),
  /** That session's path segment under `/sessions/`. */
  sessionSegment: z.string().optional(),
});
export type WeekBlockedFlow = z.infer<typeof WeekBlockedFlow>;

/**
 * The weekly category report of one ISO week: what `/reports/<week>/`, its `report.md` and
 * `report.json`, and `workscope report --week` show. It counts the sessions `Report.weeks` counts
 * (those holding a conversation between main agents, by the week they started in) and compares
 * them with the ISO week before, whether or not that week held any.
 */
export const WeeklyReport = z.object({
  /** The ISO week, `YYYY-Www`, in `timeZone`. */
  week: z.string(),
  /** The ISO week before it, which changes are counted against. */
  previousWeek: z.string(),
  /** The IANA time zone the weeks are cut in (the Report's). */
  timeZone: z.string(),
  /** The Report's `now`, ISO-8601 UTC. */
  generatedAt: z.string(),
  /** Monday 00:00 of the week in the zone, epoch ms. */
  startMs: z.number(),
  /** Monday 00:00 of the next week in the zone, epoch ms: the first moment after the week. */
  endMs: z.number(),
  /** The week's sessions, all categories together. */
  sessions: z.number().int().nonnegative(),
  /** The previous week's sessions; 0 when it held none. */
  previousSessions: z.number().int().nonnegative(),
  /** `sessions − previousSessions`. */
  change: z.number().int(),
  /** The share of the week's sessions whose category is only the fallback, 0–1. */
  fallbackRatio: z.number().min(0).max(1),
  /** Every category, in the order of CollabCategory, with its counts and top sessions. */
  categories: z.array(CategoryWeek),
  /** The subTags of the week's sessions, most sessions first (ties by text), at most SUBTAGS_LISTED. */
  subTags: z.array(WeekSubTag),
  /** Every subTag the week's sessions carry, however many are listed. */
  subTagsTotal: z.number().int().nonnegative(),
  /** The blocked flows whose failure showed in the week, in time order. */
  blockedFlows: z.array(WeekBlockedFlow),
});
export type WeeklyReport = z.infer<typeof WeeklyReport>;

/** The sessions `Report.weeks` counts: those that hold a conversation between main agents. */
function counted(session: WorkSession): boolean {
  return session.roleCounts["conversation.main"] > 0;
}

/** A blocked flow as the Report holds it. */
type BlockedFlow = Report["blockedFlows"][number];

/**
 * What the weekly reports read, grouped by ISO week once, so that reporting every week costs one
 * pass over the sessions and the flows rather than one pass per week.
 */
interface WeekGroups {
  /** The weeks `Report.weeks` holds, by their text. */
  weeks: ReadonlyMap<string, Report["weeks"][number]>;
  /** The counted sessions, by the week they started in, in the Report's order. */
  sessions: ReadonlyMap<string, readonly WorkSession[]>;
  /** The blocked flows, by the week their failure showed in, in the Report's order. */
  flows: ReadonlyMap<string, readonly BlockedFlow[]>;
}

/** Items by a key, each group in the order of the items. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return groups;
}

/** The Report's weeks, counted sessions and blocked flows by ISO week in its zone. */
function weekGroups(report: Report): WeekGroups {
  const zone = report.timeZone;
  return {
    weeks: new Map(report.weeks.map((w) => [w.week, w])),
    sessions: groupBy(report.workSessions.filter(counted), (s) => isoWeek(s.startMs, zone)),
    flows: groupBy(report.blockedFlows, (f) => isoWeek(f.ts, zone)),
  };
}

/**
 * The weekly report of a week the Report holds, or null when `Report.weeks` has no such week (no
 * counted session started in it): there is nothing to report, and the site has no page for it.
 * `untitled` is the Analysis's set of sessions nothing names.
 */
export function weeklyReport(
  report: Report,
  untitled: ReadonlySet<string>,
  week: string,
): WeeklyReport | null {
  return groupedWeeklyReport(report, untitled, week, weekGroups(report));
}

/** The weekly report of every week the Report holds, in the order of `Report.weeks`. */
export function weeklyReports(report: Report, untitled: ReadonlySet<string>): WeeklyReport[] {
  const groups = weekGroups(report);
  return report.weeks
    .map((w) => groupedWeeklyReport(report, untitled, w.week, groups))
    .filter((r): r is WeeklyReport => r !== null);
}

/** `weeklyReport` with the Report's sessions and flows grouped by week already. */
function groupedWeeklyReport(
  report: Report,
  untitled: ReadonlySet<string>,
  week: string,
  groups: WeekGroups,
): WeeklyReport | null {
  const zone = report.timeZone;
  const held = groups.weeks.get(week);
  const previousWeek = previousIsoWeek(week);
  const bounds = weekBounds(week, zone);
  if (held === undefined || previousWeek === null || bounds === null) return null;
  const previous = groups.weeks.get(previousWeek);
  const sessions = groups.sessions.get(week) ?? [];

  const categories = CollabCategory.options.map((category): CategoryWeek => {
    const count = held.categoryCounts[category];
    const before = previous?.categoryCounts[category] ?? 0;
    return {
      category,
      sessions: count,
      previousSessions: before,
      change: count - before,
      topSessions: topSessions(sessions.filter((s) => s.collabCategory === category)).map((s) => ({
        id: s.workSessionId,
        segment: pathSegment(s.workSessionId),
        title: untitled.has(s.workSessionId) ? null : s.title,
        status: s.status,
        eventCount: s.eventCount,
        startMs: s.startMs,
      })),
    };
  });

  const tagCounts = new Map<string, number>();
  for (const s of sessions)
    for (const tag of new Set(s.collabSubTags)) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const subTags = [...tagCounts]
    .sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))
    .map(([subTag, count]) => ({ subTag, sessions: count }));

  const blockedFlows = (groups.flows.get(week) ?? []).map((f): WeekBlockedFlow => ({
    reason: f.reason,
    fromAgent: f.fromAgent,
    toAgent: f.toAgent,
    ts: f.ts,
    ...(f.workSessionId === undefined
      ? {}
      : { workSessionId: f.workSessionId, sessionSegment: pathSegment(f.workSessionId) }),
  }));

  const previousSessions = previous?.sessions ?? 0;
  return {
    week,
    previousWeek,
    timeZone: zone,
    generatedAt: report.generatedAt,
    startMs: bounds.startMs,
    endMs: bounds.endMs,
    sessions: held.sessions,
    previousSessions,
    change: held.sessions - previousSessions,
    fallbackRatio: held.fallbackRatio,
    categories,
    subTags: subTags.slice(0, SUBTAGS_LISTED),
    subTagsTotal: subTags.length,
    blockedFlows,
  };
}
