import { formatTime } from "../site/format.ts";
import { isoWeek } from "../weeks.ts";
import { DEFAULT_TIME_ZONE, wallTimeMs } from "../zone.ts";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The text of an ISO week as the Report writes it: `2026-W10`. */
const WEEK_TEXT = /^(\d{4})-W(\d{2})$/;

/**
 * Monday 00:00 of an ISO week on the wall clock, as epoch ms read in UTC, or null when the text
 * names no week (`2026-W54`, or `W53` of a year that has 52 weeks). January 4th is always in week
 * 1, which is how ISO-8601 defines it.
 */
export function weekMondayWallMs(week: string): number | null {
  const match = WEEK_TEXT.exec(week);
  if (match === null) return null;
  const number = Number(match[2]);
  if (number < 1 || number > 53) return null;
  // setUTCFullYear, because Date.UTC reads the years 0–99 as 1900–1999.
  const january4 = new Date(0);
  january4.setUTCFullYear(Number(match[1]), 0, 4);
  const weekday = january4.getUTCDay() || 7;
  const monday = january4.getTime() - (weekday - 1) * DAY_MS + (number - 1) * WEEK_MS;
  return isoWeek(monday, DEFAULT_TIME_ZONE) === week ? monday : null;
}

/** True when the text is an ISO week that exists: `2026-W10` yes, `2026-W54` and `2026-10` no. */
export function isIsoWeek(text: string): boolean {
  return weekMondayWallMs(text) !== null;
}

/** The ISO week before a week (`2026-W01` → `2025-W52` or `-W53`); null when the text is no week. */
export function previousIsoWeek(week: string): string | null {
  const monday = weekMondayWallMs(week);
  return monday === null ? null : isoWeek(monday - WEEK_MS, DEFAULT_TIME_ZONE);
}

/** The ISO week after a week (`2025-W52` → `2026-W01`); null when the text is no week. */
export function nextIsoWeek(week: string): string | null {
  const monday = weekMondayWallMs(week);
  return monday === null ? null : isoWeek(monday + WEEK_MS, DEFAULT_TIME_ZONE);
}

/** The epoch time whose wall clock in the zone reads `wallMs`, or the first one after it in a gap. */
function epochOfWall(wallMs: number, zone: string): number {
  // The offset at the wall time read as UTC is a first guess; the offset at that guess is right
  // unless the zone changes its offset between the two, which the second step settles.
  const guess = wallMs - (wallTimeMs(wallMs, zone) - wallMs);
  const epoch = wallMs - (wallTimeMs(guess, zone) - guess);
  // Where midnight does not exist (a zone that moves its clock forward at 00:00), the week starts
  // at the first time that does.
  const shown = wallTimeMs(epoch, zone);
  return shown < wallMs ? epoch + (wallMs - shown) : epoch;
}

/**
 * Where an ISO week starts and ends in a zone: Monday 00:00 of the week and of the next one, as
 * epoch ms (the end is the first moment not in the week). Null when the text is no week.
 */
export function weekBounds(week: string, zone: string): { startMs: number; endMs: number } | null {
  const monday = weekMondayWallMs(week);
  if (monday === null) return null;
  return { startMs: epochOfWall(monday, zone), endMs: epochOfWall(monday + WEEK_MS, zone) };
}

/**
 * The days a week covers in its zone, Monday and Sunday as `YYYY-MM-DD`, from its bounds. Sunday
 * is read half a day before the next Monday, which is Sunday whatever the zone's clock does that
 * week (a week an hour short or long still ends on it).
 */
export function weekDays(startMs: number, endMs: number, zone: string): { first: string; last: string } {
  const day = (ms: number): string => formatTime(ms, zone).slice(0, 10);
  return { first: day(startMs), last: day(endMs - DAY_MS / 2) };
}
