import { classifyEvent } from "../../src/core/classify/classify-event.ts";
import type { BaseEvent, CanonicalEvent } from "../../src/core/event.ts";
import type { LoadedInput } from "../../src/core/input.ts";
import { normalizeLine } from "../../src/core/formats/normalize-line.ts";
import { bytes, lineRef } from "./line-ref.ts";

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

/** What an event built here has unless the test says otherwise: an OpenClaw send that names nothing. */
const NEUTRAL: Omit<BaseEvent, "raw"> = {
  id: null,
  ts: 0,
  type: "a2a.send",
  source: "openclaw",
  agentId: null,
  fromAgent: null,
  toAgent: null,
  workSessionId: null,
  conversationId: null,
  taskId: null,
  file: "events.ndjson",
  line: 1,
  facts: {},
};

/**
 * An event as a format leaves it, built from its fields rather than read from a line: only the
 * fields a test gives differ from the neutral defaults. Unless `fields.raw` is given, its line is
 * made from its fields (`lineOf`), with `data` as the payload when given.
 */
export function baseEvent(fields: Partial<BaseEvent> = {}, data?: Record<string, unknown>): BaseEvent {
  const event = { ...NEUTRAL, ...fields };
  return { ...event, raw: fields.raw ?? lineOf(event, data) };
}

/**
 * An event as classification leaves it, built like `baseEvent`: a main agent's conversation with
 * another main agent, stating no category, unless the test says otherwise.
 */
export function canonicalEvent(fields: Partial<CanonicalEvent> = {}): CanonicalEvent {
  const {
    eventRole = "conversation.main",
    fromSessionType = "main",
    toSessionType = "main",
    statedCategory = null,
    ...base
  } = fields;
  return { ...baseEvent(base), eventRole, fromSessionType, toSessionType, statedCategory };
}

/**
 * A line for an event of these fields, as bytes: for an OpenClaw event its shape (`type`,
 * `agentId`, `ts` and the payload as `data`); for the others the payload's fields beside the id,
 * type, time and agent, which is no format's exact shape. The payload is `data` when given, else
 * the join fields the event names and its facts, where a format would have found them. The same
 * fields give the same bytes, so two such events are copies of one line.
 */
function lineOf(event: Omit<BaseEvent, "raw">, data?: Record<string, unknown>): Uint8Array {
  const payload = data ?? {
    ...definedOnly({
      fromAgent: event.fromAgent,
      toAgent: event.toAgent,
      workSessionId: event.workSessionId,
      conversationId: event.conversationId,
      taskId: event.taskId,
    }),
    ...event.facts,
  };
  const line =
    event.source === "openclaw"
      ? { type: event.type, agentId: event.agentId, ts: event.ts, data: payload }
      : { id: event.id, type: event.type, ts: event.ts, agentId: event.agentId, ...payload };
  return bytes(JSON.stringify(line));
}

/** The fields that hold a value. */
function definedOnly(fields: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/** A line of a test log: its JSON, or what makes the event it gives from its file and line. */
export type TestLine = Record<string, unknown> | ((file: string, line: number) => BaseEvent);

/**
 * The input of one log of these lines, read as ingest reads them, one line number each, a hundred
 * bytes a line, with `main`, `eden` and `seum` as main agents and nothing else read.
 */
export function inputOfLines(
  lines: readonly TestLine[],
  file: string,
  over: Partial<LoadedInput> = {},
): LoadedInput {
  return {
    files: [
      {
        path: file,
        kind: "events",
        bytes: lines.length * 100,
        lines: lines.length,
        events: lines.length,
        errors: 0,
      },
    ],
    events: lines.map((line, i) =>
      typeof line === "function" ? line(file, i + 1) : readEvent(line, file, i + 1),
    ),
    findings: [],
    taskFiles: [],
    history: [],
    currentTasks: [],
    mainAgents: ["main", "eden", "seum"],
    mentionNames: {},
    overrides: {},
    ...over,
  };
}
