import * as z from "zod";
import { CollabCategory } from "./category.ts";
import type { WorkSession } from "./sessions/work-session.ts";
import { pushTo } from "./group.ts";
import { DEFAULT_TIME_ZONE, wallTimeMs } from "./zone.ts";

/** One ISO week of the weekly category report. */
export const Week = z.object({
  /** The ISO week, `YYYY-Www`, in the Report's time zone. */
  week: z.string().regex(/^\d{4}-W\d{2}$/),
  /** Conversation sessions per category that started in the week; all ten categories present. */
  categoryCounts: z.record(CollabCategory, z.number().int().nonnegative()),
  /** The share of those sessions whose category is only the fallback, 0–1. */
  fallbackRatio: z.number().min(0).max(1),
  /** Conversation sessions that started in the week. */
  sessions: z.number().int().nonnegative(),
});
export type Week = z.infer<typeof Week>;

/**
 * The ISO-8601 week of a time in a zone: weeks start on Monday at midnight of the zone; week 1 holds
 * the year's first Thursday.
 */
export function isoWeek(at: number, zone: string = DEFAULT_TIME_ZONE): string {
  // A week depends only on the wall-clock day, and a site asks for the week of every event: each
  // day's week is worked out once.
  const day = Math.floor(wallTimeMs(at, zone) / DAY_MS);
  let week = weekOfDay.get(day);
  if (week === undefined) {
    week = isoWeekOfDay(day);
    if (weekOfDay.size >= DAYS_KEPT) weekOfDay.clear();
    weekOfDay.set(day, week);
  }
  return week;
}

const DAY_MS = 86_400_000;
const DAYS_KEPT = 100_000;
const weekOfDay = new Map<number, string>();

/** The ISO week of a day, counted in days since 1970-01-01 on the wall clock. */
function isoWeekOfDay(dayNumber: number): string {
  const ms = dayNumber * DAY_MS;
  // The Thursday of the same week decides the year; its day of the year decides the week. Worked
  // out in milliseconds, because Date.UTC reads the years 0–99 as 1900–1999.
  const day = new Date(ms).getUTCDay() || 7;
  const thursday = new Date(ms + (4 - day) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const newYear = new Date(0);
  newYear.setUTCFullYear(year, 0, 1);
  const week = Math.ceil(((thursday.getTime() - newYear.getTime()) / DAY_MS + 1) / 7);
  return `${String(year).padStart(4, "0")}-W${String(week).padStart(2, "0")}`;
}

/** What the weeks read of a work session. */
export type WeekSession = Pick<
  WorkSession,
  "roleCounts" | "undated" | "startMs" | "collabCategory" | "categorySource"
>;

/**
 * Category counts per ISO week, of the sessions that hold conversations between main agents
 * (the weekly category report counts only those), by the week they started in. A session none of
 * whose events has a known time is left out: its start only keeps its place, and would count it
 * in a week it may not belong to.
 */
export function weeklyCategories(sessions: readonly WeekSession[], zone: string = DEFAULT_TIME_ZONE): Week[] {
  const weeks = new Map<string, WeekSession[]>();
  for (const session of sessions) {
    if (session.roleCounts["conversation.main"] === 0 || session.undated === true) continue;
    pushTo(weeks, isoWeek(session.startMs, zone), session);
  }
  return [...weeks]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([week, list]) => {
      const categoryCounts = Object.fromEntries(CollabCategory.options.map((c) => [c, 0])) as Record<
        CollabCategory,
        number
      >;
      for (const s of list) categoryCounts[s.collabCategory]++;
      const fallback = list.filter((s) => s.categorySource === "fallback").length;
      return {
        week,
        categoryCounts,
        fallbackRatio: Math.round((fallback / list.length) * 1000) / 1000,
        sessions: list.length,
      };
    });
}
