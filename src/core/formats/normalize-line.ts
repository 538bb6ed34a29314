import { isTranscriptEntry, normalizeTranscript } from "./claude-transcript.ts";
import { isRecord } from "./fields.ts";
import { isHookLine, normalizeHook } from "./hook.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";
import { normalizeCoordination } from "./openclaw.ts";
import { normalizeV11 } from "./v11.ts";

/** The formats a line or array element can be of. */
export type LineFormat = "hook" | "transcript" | "v1.1" | "openclaw";

/**
 * How a value's format is told, one row per format, tried in this order: the first row whose
 * `matches` holds decides. The order matters where shapes overlap: a transcript entry has a
 * `version` (the Claude Code version) and a `type` with a time, so it must be told before v1.1 and
 * OpenClaw; a hook payload may carry a `type`-like field too, so it comes first.
 */
export const FORMAT_RULES: ReadonlyArray<{
  format: LineFormat;
  /** The shape, in words, for docs and tests. */
  shape: string;
  matches: (value: Record<string, unknown>) => boolean;
}> = [
  {
    format: "hook",
    shape: "a workscope hook envelope, or a hook_event_name",
    matches: isHookLine,
  },
  {
    format: "transcript",
    shape: "a Claude Code transcript entry (sessionId and uuid, or a type only transcripts have)",
    matches: isTranscriptEntry,
  },
  {
    format: "v1.1",
    shape: "workspace_id or terminal_session_id, or a version with a text id and source",
    matches: isV11Shape,
  },
  {
    format: "openclaw",
    shape: "a text type with an agentId or a data object",
    matches: isOpenClawShape,
  },
];

/**
 * A v1.1 event names its workspace and terminal; one that lacks both is still taken as v1.1 when
 * it has the schema's `version` beside a text `id` and `source`, so that its finding says what is
 * missing. A `version` alone says nothing: Claude Code writes its own version on every
 * transcript line.
 */
function isV11Shape(value: Record<string, unknown>): boolean {
  if ("workspace_id" in value || "terminal_session_id" in value) return true;
  return (
    typeof value["version"] === "string" &&
    typeof value["id"] === "string" &&
    typeof value["source"] === "string"
  );
}

/**
 * An OpenClaw line has a `type` and says who emitted it (`agentId`) or carries its payload
 * (`data`). A `type` and a time alone are what many tools write, so they do not make one. A line
 * of this shape without a time is still taken as OpenClaw, so that its finding says the time is
 * missing rather than that the line is of no known format.
 */
function isOpenClawShape(value: Record<string, unknown>): boolean {
  return typeof value["type"] === "string" && ("agentId" in value || "data" in value);
}

/** The format of a parsed value, or null when it is of none workscope reads. */
export function formatOf(value: unknown): LineFormat | null {
  if (!isRecord(value)) return null;
  for (const rule of FORMAT_RULES) if (rule.matches(value)) return rule.format;
  return null;
}

/**
 * Turns one NDJSON line into an event: parsed, then handed to normalizeValue. Any file may hold
 * any of the formats, even mixed, so the format is told from the line itself.
 *
 * Classification comes later, once copies are dropped (`classifyEvents`).
 */
export function normalizeLine(ref: LineRef): Normalized {
  let value: unknown;
  try {
    value = JSON.parse(ref.text);
  } catch (error) {
    // V8's message quotes the start of the line, which is enough to find it.
    return rejected(`not valid JSON: ${(error as Error).message}`);
  }
  return normalizeValue(value, ref);
}

/**
 * Turns one parsed value (a line, or an element of a JSON array) into an event of the format
 * FORMAT_RULES tells, checked against that format's schema, with the payload's facts taken. An
 * array's elements come here already parsed, so they are not parsed twice.
 */
export function normalizeValue(value: unknown, ref: LineRef): Normalized {
  if (!isRecord(value))
    return rejected(`expected a JSON object, found ${Array.isArray(value) ? "an array" : typeof value}`);
  switch (formatOf(value)) {
    case "hook":
      return normalizeHook(value, ref);
    case "transcript":
      return normalizeTranscript(value, ref);
    case "v1.1":
      return normalizeV11(value, ref);
    case "openclaw":
      return normalizeCoordination(value, ref);
    case null:
      return rejected(`not an event of a format workscope reads (keys: ${keyNames(value)})`);
  }
}

/** At most this many key names are shown in a message. */
const KEYS_SHOWN = 8;
/** Key names are clipped to this many characters. */
const KEY_CHARS = 32;

/**
 * The key names of an object for a message, clipped and without control characters. Only names
 * are shown, never values: a value from an unknown file may hold a secret.
 */
export function keyNames(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return "none";
  const shown = keys.slice(0, KEYS_SHOWN).map(clipKey);
  return keys.length > KEYS_SHOWN ? `${shown.join(", ")}, … (${keys.length} in all)` : shown.join(", ");
}

/** One key name, clipped, with control characters shown as `?`. */
export function clipKey(key: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced.
  const clean = key.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "?");
  return clean.length > KEY_CHARS ? `${clean.slice(0, KEY_CHARS)}…` : clean;
}
