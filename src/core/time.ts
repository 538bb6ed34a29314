/**
 * The largest distance from the epoch, in milliseconds, that a `Date` can hold: 100,000,000 days
 * either side of 1970-01-01. A time beyond it makes `new Date(ms).toISOString()` throw, so no
 * such time may enter the analysis.
 */
export const MAX_TIME_MS = 8.64e15;

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
    // Date.parse gives NaN for text outside the range a Date can hold, so the check below is
    // only a guard against an engine that does otherwise.
    const ms = Date.parse(value);
    if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS)
      return { ms: null, reason: `the time ${quote(value)} is not an ISO-8601 time a date can hold` };
    return { ms, note: null };
  }
  return { ms: null, reason: `the time is ${describe(value)}, not a number or ISO-8601 text` };
}

function readNumber(value: number): TimeReading {
  if (!Number.isFinite(value))
    return { ms: null, reason: `the time ${String(value)} is not a finite number` };
  if (Math.abs(value) > MAX_TIME_MS)
    return {
      ms: null,
      reason: `the time ${String(value)} is outside the range a date can hold (±8.64e15 ms from 1970)`,
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
 * it fits in a Date; a value that does not is a bug, and the error says which value it was.
 */
export function toIso(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS)
    throw new RangeError(`toIso: ${String(ms)} is not a time a Date can hold`);
  return new Date(ms).toISOString();
}
