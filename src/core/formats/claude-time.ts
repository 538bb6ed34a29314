import { readTime, type TimeReading } from "../time.ts";

/** ISO-8601 date and time with no zone designator (`Z` or an offset) after it. */
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A time as Claude Code captures write it. Claude Code itself writes ISO-8601 UTC, but capture
 * scripts often add a local time without a zone (`2026-03-10T23:15:33.335904`). A JavaScript
 * `Date` reads such text in the machine's own zone, which would make the same file give different
 * times on different machines; it is read as UTC instead, with a note saying so, as the zone it
 * was written in is not recorded anywhere.
 */
export function readCaptureTime(value: unknown): TimeReading {
  if (typeof value !== "string" || !ZONELESS_ISO.test(value)) return readTime(value);
  const time = readTime(`${value.replace(" ", "T")}Z`);
  if (time.ms === null) return readTime(value);
  const note = `the time "${value}" names no zone: it was read as UTC`;
  return { ms: time.ms, note };
}
