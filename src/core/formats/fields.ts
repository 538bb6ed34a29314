/**
 * Reading optional text fields out of a producer's object. A field that is present but not text
 * is reported, because the analysis joins on these fields and a wrong type would silently split
 * a conversation or a work session.
 */
export interface FieldReader {
  /** The field as text, or null when absent; a present non-text value is noted and read as null. */
  text(obj: Record<string, unknown>, key: string): string | null;
  /** The problems noted so far, one sentence each. */
  readonly problems: string[];
}

export function fieldReader(): FieldReader {
  const problems: string[] = [];
  return {
    problems,
    text(obj, key) {
      const value = obj[key];
      if (value === undefined || value === null) return null;
      if (typeof value === "string") return value.length > 0 ? value : null;
      problems.push(`field "${key}" should be text but is ${describe(value)}`);
      return null;
    },
  };
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
