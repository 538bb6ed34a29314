import { classifyEvent } from "../../src/core/classify/classify-event.ts";
import type { BaseEvent, CanonicalEvent } from "../../src/core/event.ts";
import { normalizeLine } from "../../src/core/formats/normalize-line.ts";
import { lineRef } from "./line-ref.ts";

/** The event one NDJSON line gives, as ingest reads it: normalized, with its facts, unclassified. */
export function readEvent(line: Record<string, unknown>, file = "events.ndjson", lineNo = 1): BaseEvent {
  const { event, problems } = normalizeLine(lineRef(file, lineNo, JSON.stringify(line)));
  if (event === null) throw new Error(`not an event: ${problems.join("; ")}`);
  return event;
}

/** The same event, classified as analyze classifies it, with these main agents. */
export function classifiedEvent(
  line: Record<string, unknown>,
  mainAgents: readonly string[] = ["main"],
  file = "events.ndjson",
  lineNo = 1,
): CanonicalEvent {
  return classifyEvent(readEvent(line, file, lineNo), { mainAgents: new Set(mainAgents) });
}
