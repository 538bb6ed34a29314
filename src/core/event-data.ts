import type { BaseEvent } from "./event.ts";
import { isRecord } from "./formats/fields.ts";

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

const decoder = new TextDecoder();

/** An event's line as text. */
export function eventText(event: BaseEvent): string {
  return decoder.decode(event.raw);
}
