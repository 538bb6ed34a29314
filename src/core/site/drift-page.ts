import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import { CollabCategory } from "../category.ts";
import { EventRole } from "../classify/event-role.ts";
import { nextIsoWeek } from "../reports/week-range.ts";
import { BLOCKED_REASONS } from "../sessions/blocked-reasons.ts";
import { isoWeek } from "../weeks.ts";
import type { FamilyBuilder, FamilyData } from "./site-family.ts";

/** One stacked series of a drift chart: a key and its count in each week of the page. */
function weeklySeries<K extends z.ZodType>(key: K) {
  return z.object({
    /** What is counted: a category, a role or a reason, never its name. */
    key,
    /** The count in each week of the page, in the page's week order. */
    counts: z.array(z.number().int().nonnegative()),
  });
}

/** A stacked chart of counts per week: its series and the sum of each week. */
function stackedChart<K extends z.ZodType>(key: K) {
  return z.object({
    /** One series per key that counts anything in some week, in the key's own order. */
    series: z.array(weeklySeries(key)),
    /** The sum of every series in each week, in the page's week order. */
    totals: z.array(z.number().int().nonnegative()),
  });
}

/** The drift page: how the work's categories, roles and failures moved from week to week. */
export const DriftPage = z.object({
  /** The IANA time zone the weeks are cut in (the Report's). */
  timeZone: z.string(),
  /**
   * The weeks of the x axis, oldest first: every ISO week from the first that any chart counts
   * something in to the last (see chartWeeks), or, over a span longer than MAX_FILLED_WEEKS, only
   * the weeks that count something.
   */
  weeks: z.array(z.string()),
  /** Main-agent conversation sessions that started in each week, by collaboration category. */
  categories: stackedChart(CollabCategory),
  /**
   * The share of each week's conversation sessions whose category is only the fallback, in percent
   * with one decimal; null in a week without such sessions, where no share exists.
   */
  fallbackPercent: z.array(z.number().min(0).max(100).nullable()),
  /** Events in each week, by the role that decides where an event is shown. */
  roles: stackedChart(EventRole),
  /** Flows that did not end well, by the week their failure showed and their reason. */
  reasons: stackedChart(z.enum(BLOCKED_REASONS)),
});
export type DriftPage = z.infer<typeof DriftPage>;

/** Counts of keys per week, as the tallies below gather them. */
type Tally<K extends string> = Map<string, Map<K, number>>;

function count<K extends string>(tally: Tally<K>, week: string, key: K, by = 1): void {
  const keys = tally.get(week) ?? new Map<K, number>();
  keys.set(key, (keys.get(key) ?? 0) + by);
  tally.set(week, keys);
}

/** The stacked chart of a tally over the page's weeks: keys that count nothing are left out. */
function chartOf<K extends string>(tally: Tally<K>, keys: readonly K[], weeks: readonly string[]) {
  const series = keys
    .map((key) => ({ key, counts: weeks.map((week) => tally.get(week)?.get(key) ?? 0) }))
    .filter((s) => s.counts.some((n) => n > 0));
  const totals = weeks.map((_, i) => series.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  return { series, totals };
}

/**
 * The longest span of weeks the charts fill in whole: ten years. A quiet week is drawn as zeros so
 * that the trend reads true, but a log with one stray time decades off (a 1970 time beside this
 * year's) would make thousands of empty columns, so a longer span keeps only its counted weeks.
 */
export const MAX_FILLED_WEEKS = 520;

/**
 * The x axis of the charts from the weeks that count something: every week from the first to the
 * last when they span at most MAX_FILLED_WEEKS weeks, else the counted weeks alone; oldest first.
 */
export function chartWeeks(counted: Iterable<string>): string[] {
  const weeks = [...new Set(counted)].sort();
  const [first] = weeks;
  const last = weeks.at(-1);
  if (first === undefined || last === undefined) return [];
  const filled = [first];
  let week = first;
  while (week !== last) {
    const next = nextIsoWeek(week);
    // A week past the year 9999 has no text, and a span longer than the limit keeps its counted weeks.
    if (next === null || filled.length === MAX_FILLED_WEEKS) return weeks;
    filled.push(next);
    week = next;
  }
  return filled;
}

/** The drift page from the analysis: the Report's weeks, the events' roles and the blocked flows. */
export function driftPage(analysis: Analysis): DriftPage {
  const { report } = analysis;
  const zone = report.timeZone;
  const categories: Tally<CollabCategory> = new Map();
  const fallback = new Map<string, number>();
  for (const week of report.weeks) {
    for (const category of CollabCategory.options)
      count(categories, week.week, category, week.categoryCounts[category]);
    if (week.sessions > 0) fallback.set(week.week, Math.round(week.fallbackRatio * 1000) / 10);
  }
  const roles: Tally<EventRole> = new Map();
  for (const event of analysis.events) count(roles, isoWeek(event.ts, zone), event.eventRole);
  const reasons: Tally<(typeof BLOCKED_REASONS)[number]> = new Map();
  for (const flow of report.blockedFlows) count(reasons, isoWeek(flow.ts, zone), flow.reason);
  const weeks = chartWeeks([...categories.keys(), ...roles.keys(), ...reasons.keys()]);
  return {
    timeZone: zone,
    weeks,
    categories: chartOf(categories, CollabCategory.options, weeks),
    fallbackPercent: weeks.map((week) => fallback.get(week) ?? null),
    roles: chartOf(roles, EventRole.options, weeks),
    reasons: chartOf(reasons, BLOCKED_REASONS, weeks),
  };
}

/**
 * The drift family: one page, whose model is the family's index, so the family writes no page
 * files of its own.
 */
export const driftFamily: FamilyBuilder = (analysis): FamilyData => ({
  family: "drift",
  index: driftPage(analysis),
  pages: [],
});
