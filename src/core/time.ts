/**
 * The times the analysis holds, in epoch milliseconds: from the first ISO week of the year 0000
 * (Monday 0000-01-03) to the end of 9999, the years ISO-8601 text names with four digits. A `Date`
 * holds more (100,000,000 days either side of 1970), but a time beyond four-digit years comes out
 * as text such as `+275760-09-13T00:00:00.000Z`, which no reader of our output takes for a time,
 * and its ISO week (`275760-W37`) breaks the Report's `YYYY-Www`. No log of agents holds such a
 * time: it is a wrong value, and a finding says so.
 */
export const TIME_RANGE_MS = { min: -62_167_046_400_000, max: 253_402_300_799_999 } as const;

/** True when `ms` is a number inside TIME_RANGE_MS. */
export function isInTimeRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= TIME_RANGE_MS.min && ms <= TIME_RANGE_MS.max;
}

/**
 * Numbers in this range are read as milliseconds, as every format says, but are far more likely
 * epoch seconds written by mistake: as milliseconds they fall between 1970-01-12 and 1973-03-03,
 * before any of the logged systems existed, while as seconds they fall between 2001-09-09 and the
 * year 5138, which covers every real log. The lower bound leaves small numbers (test data, counts
 * from zero) alone; the upper bound stops where seconds would no longer be a plausible date.
 */
export const SECONDS_LIKE = { min: 1e9, max: 1e11 } as const;

/**
 * What one time value reads as: epoch milliseconds, with a note when the value was taken but looks
 * wrong, or null with the reason it is no usable time. Reasons and notes are sentences that name
 * the value, so a finding built from them tells the user what to fix.
 */
export type TimeReading = { ms: number; note: string | null } | { ms: null; reason: string };

/**
 * The one parser of time values as producers write them: epoch milliseconds (integral or not), or
 * ISO-8601 text. Every format and task field reads its times through it, so the whole analysis
 * holds only times a `Date` can hold.
 */
export function readTime(value: unknown): TimeReading {
  if (typeof value === "number") return readNumber(value);
  if (typeof value === "string") {
    if (value.length === 0) return { ms: null, reason: "the time is empty" };
    // Date.parse gives NaN for text a Date cannot hold; text of a Date's far years (`+010000-…`)
    // parses, and the range check turns it away.
    const ms = Date.parse(value);
    if (!isInTimeRange(ms))
      return {
        ms: null,
        reason: `the time ${quote(value)} is not an ISO-8601 time of the years 0000–9999`,
      };
    return { ms, note: null };
  }
  return { ms: null, reason: `the time is ${describe(value)}, not a number or ISO-8601 text` };
}

function readNumber(value: number): TimeReading {
  if (!Number.isFinite(value))
    return { ms: null, reason: `the time ${String(value)} is not a finite number` };
  if (!isInTimeRange(value))
    return {
      ms: null,
      reason: `the time ${String(value)} is outside the years 0000–9999 (epoch ms ${TIME_RANGE_MS.min} to ${TIME_RANGE_MS.max})`,
    };
  return { ms: value, note: secondsNote(value) };
}

/** The note for a number that looks like epoch seconds, or null. */
function secondsNote(value: number): string | null {
  if (value < SECONDS_LIKE.min || value > SECONDS_LIKE.max) return null;
  return (
    `the time ${String(value)} looks like seconds, not milliseconds: it was read as ` +
    `${toIso(value)}, and as seconds it would be ${toIso(value * 1000)}`
  );
}

/**
 * Time values as producers write them: epoch milliseconds, or ISO-8601 text, both as epoch
 * milliseconds, or null when the value is no usable time (see readTime for the reason).
 */
export function parseTime(value: unknown): number | null {
  return readTime(value).ms;
}

/** The value as a finding quotes it: text shortened, so one bad line cannot make a huge finding. */
function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

/** An ISO-8601 time with an explicit UTC designator (`Z` or `+00:00`), as v1.1 requires. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/;

/** True when `value` is an ISO-8601 UTC time that parses. */
export function isIsoUtc(value: string): boolean {
  return ISO_UTC.test(value) && readTime(value).ms !== null;
}

/**
 * Epoch milliseconds as ISO-8601 UTC text. Every time in the analysis came through readTime, so
 * it lies in TIME_RANGE_MS; a value that does not is a bug, and the error says which value it was.
 */
export function toIso(ms: number): string {
  if (!isInTimeRange(ms)) throw new RangeError(`toIso: ${String(ms)} is outside the years 0000–9999`);
  return new Date(ms).toISOString();
}
