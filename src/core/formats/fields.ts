/**
 * Reads an optional text field out of a producer's object: null when absent or empty. A field
 * that is present but not text is noted in `problems`, because the analysis joins on these fields
 * and a wrong type would silently split a conversation or a work session.
 */
export function textField(obj: Record<string, unknown>, key: string, problems: string[]): string | null {
  const value = obj[key];
  if (typeof value === "string") return value.length > 0 ? value : null;
  if (value === undefined || value === null) return null;
  problems.push(`field "${key}" should be text but is ${describe(value)}`);
  return null;
}

/** A value that is text, as it is; undefined for any other value. */
export function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A short description of a JSON value's type, for messages. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" ? "an object" : `a ${t}`;
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
