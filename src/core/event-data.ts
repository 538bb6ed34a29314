import { canonicalText, topLevelMembers, type Span } from "./canonical-json.ts";
import type { BaseEvent } from "./event.ts";
import { isRecord } from "./formats/fields.ts";
import { lineBytes } from "./stored-line.ts";

/**
 * The producer's payload of an event, parsed from its line: OpenClaw's `data`, a v1.1 event
 * whole, a hook payload (without the `workscope hook` envelope), or, for a v1.1 line that broke
 * the rules, `{reason, original}`. Each call parses the line again, so callers that need many
 * fields of one event take the object once.
 */
export function eventData(event: BaseEvent): Record<string, unknown> {
  const value: unknown = JSON.parse(eventText(event));
  if (!isRecord(value)) return {};
  if (event.invalid !== undefined) return { reason: event.invalid, original: value };
  switch (event.source) {
    case "openclaw":
      return isRecord(value["data"]) ? value["data"] : {};
    case "claude_code":
      return value["workscope"] === "hook" && isRecord(value["payload"]) ? value["payload"] : value;
    case "v1.1":
      return value;
  }
}

/**
 * The producer's payload as JSON text: exactly `JSON.stringify(eventData(event))`. When the line
 * already holds the payload as JSON.stringify writes it (see canonical-json.ts), its text is
 * copied from the line, which costs a scan instead of a parse and a stringify; otherwise it is
 * parsed and written again. Like JSON.stringify, it throws a RangeError for a payload nested too
 * deeply to write.
 */
export function eventDataJson(event: BaseEvent): string {
  const text = eventText(event);
  return (
    (event.invalid === undefined ? copiedData(text, event.source) : null) ?? JSON.stringify(eventData(event))
  );
}

/** The members of a line that decide which part of it is the payload. */
const ENVELOPE = ["data", "workscope", "payload"] as const;

/**
 * The payload's text copied from the line, when the scanners can prove it is what eventData and
 * JSON.stringify would give; null when the line needs the slow path.
 */
export function copiedData(text: string, source: BaseEvent["source"]): string | null {
  if (source === "v1.1") return wholeText(text);
  const members = topLevelMembers(text, ENVELOPE);
  if (members === null) return null;
  if (source === "openclaw") {
    const data = members.get("data");
    return data === undefined ? "{}" : recordText(text, data, "{}");
  }
  const workscope = members.get("workscope");
  const payload = members.get("payload");
  if (workscope !== undefined && payload !== undefined) {
    const marker = text.slice(workscope.start, workscope.end);
    // An escape could spell "hook" otherwise; such a line takes the slow path.
    if (marker.includes("\\")) return null;
    if (marker === '"hook"') return recordText(text, payload, null);
  }
  return wholeText(text);
}

/** The line itself as the payload, when it is an object written canonically. */
function wholeText(text: string): string | null {
  const copy = canonicalText(text);
  return copy !== null && copy.charCodeAt(0) === 0x7b ? copy : null;
}

/**
 * The text of a member's value when it is an object written canonically; `otherwise` when it is
 * no object at all (null, an array, a string…); null when it is an object written otherwise.
 */
function recordText(text: string, span: Span, otherwise: string | null): string | null {
  if (text.charCodeAt(span.start) !== 0x7b) return otherwise;
  return span.copy;
}

const decoder = new TextDecoder();

/** An event's line as text. */
export function eventText(event: BaseEvent): string {
  return decoder.decode(lineBytes(event.raw));
}
