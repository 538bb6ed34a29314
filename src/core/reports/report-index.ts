import * as z from "zod";
import { CollabCategory } from "../category.ts";
import type { WeeklyReport } from "./weekly-report.ts";

/** One week as the list of weeks shows it: its headline numbers. */
export const WeekSummary = z.object({
  /** The ISO week, `YYYY-Www`. */
  week: z.string(),
  /** Monday 00:00 of the week in the Report's zone, epoch ms. */
  startMs: z.number(),
  /** Monday 00:00 of the next week, epoch ms. */
  endMs: z.number(),
  /** The week's sessions. */
  sessions: z.number().int().nonnegative(),
  /** Against the previous ISO week. */
  change: z.number().int(),
  /** The category with the most sessions (the first in CollabCategory order on a tie). */
  topCategory: CollabCategory,
  /** The blocked flows whose failure showed in the week. */
  blockedFlows: z.number().int().nonnegative(),
  /** The share of sessions whose category is only the fallback, 0–1. */
  fallbackRatio: z.number().min(0).max(1),
});
export type WeekSummary = z.infer<typeof WeekSummary>;

/** What every page of the reports family reads: the weeks, newest first. */
export const ReportIndex = z.object({
  /** The Report's `now`, ISO-8601 UTC: when the feed was last updated. */
  generatedAt: z.string(),
  /** The IANA time zone the weeks are cut in. */
  timeZone: z.string(),
  /** Every week the Report holds, newest first. */
  weeks: z.array(WeekSummary),
});
export type ReportIndex = z.infer<typeof ReportIndex>;

/** A week's headline numbers. */
export function weekSummary(report: WeeklyReport): WeekSummary {
  // Reduce keeps the first of equals, so a tie goes to the earlier category of CollabCategory.
  const top = report.categories.reduce((best, c) => (c.sessions > best.sessions ? c : best));
  return {
    week: report.week,
    startMs: report.startMs,
    endMs: report.endMs,
    sessions: report.sessions,
    change: report.change,
    topCategory: top.category,
    blockedFlows: report.blockedFlows.length,
    fallbackRatio: report.fallbackRatio,
  };
}

/** The index of the weeks' reports, newest week first. */
export function reportIndex(
  reports: readonly WeeklyReport[],
  generatedAt: string,
  timeZone: string,
): ReportIndex {
  const weeks = reports.map(weekSummary).sort((a, b) => (a.week < b.week ? 1 : a.week > b.week ? -1 : 0));
  return { generatedAt, timeZone, weeks };
}
