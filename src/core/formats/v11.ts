import * as z from "zod";
import { extractFacts, NO_FACTS } from "../event-facts.ts";
import { isIsoUtc, parseTime } from "../time.ts";
import { isRecord, textField } from "./fields.ts";
import { intern, internOrNull } from "./intern.ts";
import { LoadedEvent } from "./loaded-event.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";
import { summarizeIssues } from "./openclaw.ts";
import { missingV11Fields } from "./v11-rules.ts";

const text = z.string().min(1);

/**
 * The normalized event format v1.1, with the rules every event must keep (see
 * docs/formats.md#normalized-events).
 */
const V11Event = z.looseObject({
  /** A globally unique id; duplicates are dropped by it. */
  id: text,
  /** The schema version, `1.1`. */
  version: text,
  /** ISO-8601 UTC time. */
  ts: z.string().refine(isIsoUtc, "should be an ISO-8601 UTC time"),
  /** The normalized type; unknown types are kept. */
  type: text,
  /** Who produced the event. */
  source: z.enum(["hook", "sdk", "synthetic"]),
  /** The project or repository. */
  workspace_id: text,
  /** The terminal instance. */
  terminal_session_id: text,
  /** The run within a session. */
  run_id: z.string().nullish(),
  /** The enclosing session, kept for compatibility. */
  session_id: z.string().nullish(),
  /** The subject of the event. */
  agent_id: text,
  /** The other party, when there is one. */
  target_agent_id: z.string().nullish(),
  /** The task the event is about. */
  task_id: z.string().nullish(),
  /** How serious the event is. */
  severity: z.enum(["debug", "info", "warn", "error"]).optional(),
  /** The language tag at the time of the event, e.g. `ko-KR`. */
  locale: z.string().optional(),
  /** Type-specific data. */
  payload: z.custom<Record<string, unknown>>(isRecord, "payload should be an object").optional(),
  /** The minimum of the original kept for tracing. */
  raw: z.custom<Record<string, unknown>>(isRecord, "raw should be an object").optional(),
});

/**
 * Normalizes a v1.1 line. An event that fails the rules is kept as a `schema_error` event when it
 * can still be placed in time, so that it shows on the timeline with its reason; either way the
 * line gets a finding.
 */
export function normalizeV11(value: Record<string, unknown>, ref: LineRef): Normalized {
  const parsed = V11Event.safeParse(value);
  if (!parsed.success) return schemaError(value, ref, summarizeIssues(parsed.error));
  const event = parsed.data;
  const payload = event.payload ?? {};
  const missing = missingV11Fields({ ...event, payload });
  if (missing.length > 0) {
    return schemaError(value, ref, `${event.type} requires ${missing.join(", ")}`);
  }
  // The schema has checked the time; this only tells the type checker it is one.
  const ts = parseTime(event.ts);
  if (ts === null) return schemaError(value, ref, "ts: should be an ISO-8601 UTC time");
  const problems: string[] = [];
  return {
    // The short texts every line repeats are shared between events (see intern).
    event: new LoadedEvent(
      /* id */ event.id,
      /* ts */ ts,
      /* type */ intern(event.type),
      /* source */ "v1.1",
      /* agentId */ intern(event.agent_id),
      /* fromAgent */ event.target_agent_id ? intern(event.agent_id) : null,
      /* toAgent */ internOrNull(event.target_agent_id ?? null),
      // v1.1 has no work session of its own; a run of one terminal session is one.
      /* workSessionId */ internOrNull(
        textField(payload, "work_session_id", problems) ??
          textField(payload, "workSessionId", problems) ??
          (event.run_id ? `run:${event.terminal_session_id}:${event.run_id}` : null),
      ),
      /* conversationId */ internOrNull(
        textField(payload, "conversation_id", problems) ?? textField(payload, "conversationId", problems),
      ),
      /* taskId */ internOrNull(event.task_id ?? null),
      /* raw */ ref.bytes,
      /* invalid */ undefined,
      /* file */ ref.file,
      /* line */ ref.line,
      /* facts */ extractFacts("v1.1", value),
    ),
    needsTime: false,
    problems,
  };
}

function schemaError(value: Record<string, unknown>, ref: LineRef, why: string): Normalized {
  const reason = `invalid v1.1 event: ${why}`;
  const ts = typeof value["ts"] === "string" ? parseTime(value["ts"]) : null;
  const id = typeof value["id"] === "string" && value["id"].length > 0 ? value["id"] : null;
  if (ts === null || id === null) return rejected(reason);
  const agent = typeof value["agent_id"] === "string" ? value["agent_id"] : null;
  return {
    event: new LoadedEvent(
      /* id */ id,
      /* ts */ ts,
      /* type */ "schema_error",
      /* source */ "v1.1",
      /* agentId */ agent,
      /* fromAgent */ null,
      /* toAgent */ null,
      /* workSessionId */ null,
      /* conversationId */ null,
      /* taskId */ typeof value["task_id"] === "string" ? value["task_id"] : null,
      /* raw */ ref.bytes,
      /* invalid */ reason,
      /* file */ ref.file,
      /* line */ ref.line,
      /* facts */ NO_FACTS,
    ),
    needsTime: false,
    problems: [reason],
  };
}
