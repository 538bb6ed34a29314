import { isRecord } from "./fields.ts";
import { isHookLine, normalizeHook } from "./hook.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";
import { normalizeCoordination } from "./openclaw.ts";
import { normalizeV11 } from "./v11.ts";

/**
 * Turns one NDJSON line into an event: parsed, checked against its format's schema, normalized,
 * with the payload's facts taken. Any `*.ndjson` may hold any of the three formats, even mixed,
 * so the format is told from the line itself:
 * - a `workscope` hook envelope or a `hook_event_name` field: a Claude Code hook payload;
 * - `workspace_id`, `terminal_session_id` or a `version` field: a v1.1 event;
 * - anything else with a `type`: an OpenClaw coordination event.
 *
 * Classification comes later, once copies are dropped (`classifyEvent`).
 */
export function normalizeLine(ref: LineRef): Normalized {
  let value: unknown;
  try {
    value = JSON.parse(ref.text);
  } catch (error) {
    // V8's message quotes the start of the line, which is enough to find it.
    return rejected(`not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(value))
    return rejected(`expected a JSON object, found ${Array.isArray(value) ? "an array" : typeof value}`);
  if (isHookLine(value)) return normalizeHook(value, ref);
  if ("workspace_id" in value || "terminal_session_id" in value || typeof value["version"] === "string") {
    return normalizeV11(value, ref);
  }
  if ("type" in value) return normalizeCoordination(value, ref);
  return rejected("not an event: no type, and not a v1.1 event or a Claude Code hook payload");
}
