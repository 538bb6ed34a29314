/**
 * Time zones (`--tz`): the zone a build, an analysis or a report reads weeks, days and shown times
 * in. IANA names (`Asia/Seoul`, `UTC`), through the Intl API every JavaScript runtime carries, so
 * the core stays free of any library and of the machine's own zone.
 */

/** The zone used when none is named: the same weeks and times on every machine. */
export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter that spells a time's wall clock in a zone; made once per zone. */
function wallClock(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone by this name. */
export function isTimeZone(zone: string): boolean {
  if (zone === "") return false;
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's offset from UTC at a time, in ms (Seoul: +9 h), so that `ms + offset` read as UTC is
 * the wall clock of the zone. Whole seconds: the offsets of history's local mean times included.
 */
export function zoneOffsetMs(ms: number, zone: string): number {
  if (zone === DEFAULT_TIME_ZONE || !Number.isFinite(ms)) return 0;
  // Asking Intl costs microseconds, and a site asks for every time it shows. Zones change their
  // offset at most once in a quarter of an hour, so when the offsets at both ends of a quarter
  // agree they hold for all of it, and the quarter is remembered.
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${zone}\u0000${quarter}`;
  const known = quarters.get(key);
  if (known !== undefined) return known;
  const start = offsetAsked(quarter * QUARTER_MS, zone);
  if (start !== offsetAsked((quarter + 1) * QUARTER_MS - 1000, zone)) return offsetAsked(ms, zone);
  if (quarters.size >= QUARTERS_KEPT) quarters.clear();
  quarters.set(key, start);
  return start;
}

const QUARTER_MS = 900_000;
const QUARTERS_KEPT = 100_000;
const quarters = new Map<string, number>();

/** The offset at a time, asked of Intl. */
function offsetAsked(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  let beforeCommonEra = false;
  for (const part of wallClock(zone).formatToParts(ms)) {
    if (part.type === "era") beforeCommonEra = part.value.startsWith("B");
    else if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  // The year 0 is 1 BC in the calendar Intl speaks; a Date counts it as 0.
  const year = parts["year"] ?? 1970;
  const wall = new Date(0);
  wall.setUTCFullYear(beforeCommonEra ? 1 - year : year, (parts["month"] ?? 1) - 1, parts["day"] ?? 1);
  wall.setUTCHours(parts["hour"] ?? 0, parts["minute"] ?? 0, parts["second"] ?? 0, 0);
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wall.getTime() - wholeSecond;
}

/** The wall-clock time of the zone as epoch ms read in UTC: days and weeks are cut on it. */
export function wallTimeMs(ms: number, zone: string): number {
  return ms + zoneOffsetMs(ms, zone);
}

/** The offset at a time as ISO-8601 writes it: `Z`, `+09:00`, `-04:00`. */
export function offsetText(ms: number, zone: string): string {
  const offset = zoneOffsetMs(ms, zone);
  if (offset === 0) return "Z";
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
