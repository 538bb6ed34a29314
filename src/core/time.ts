/**
 * Time values as producers write them: epoch milliseconds, or ISO-8601 text. Both come back as
 * epoch milliseconds, or null when the value is no usable time.
 */
export function parseTime(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.length > 0) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/** An ISO-8601 time with an explicit UTC designator (`Z` or `+00:00`), as v1.1 requires. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/;

/** True when `value` is an ISO-8601 UTC time that parses. */
export function isIsoUtc(value: string): boolean {
  return ISO_UTC.test(value) && Number.isFinite(Date.parse(value));
}

/** Epoch milliseconds as ISO-8601 UTC text. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}
