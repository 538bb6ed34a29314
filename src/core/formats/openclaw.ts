import * as z from "zod";
import { extractFacts } from "../event-facts.ts";
import { agentFromSessionKey } from "../session-key.ts";
import { readTime } from "../time.ts";
import { isRecord, textField } from "./fields.ts";
import { intern, internOrNull } from "./intern.ts";
import { LoadedEvent } from "./loaded-event.ts";
import { NO_PROBLEMS, rejected, type LineRef, type Normalized } from "./normalized.ts";

/**
 * One line of OpenClaw's `coordination-events*.ndjson` (see docs/formats.md#line-shape):
 * `{type, agentId, ts, data}`. Some producers write `timestampMs` or an ISO `timestamp` instead of
 * `ts`; the earliest logs have no ids. Only the envelope is checked here: `data` is kept as written.
 */
export const CoordinationLine = z.looseObject({
  /** The event type, e.g. `a2a.send` or `task.completed`; unknown types are kept. */
  type: z.string().min(1),
  /** The agent that emitted the event. */
  agentId: z.string().optional(),
  /** Epoch milliseconds. */
  ts: z.number().optional(),
  /** Epoch milliseconds, as some producers name it. */
  timestampMs: z.number().optional(),
  /** ISO-8601 text or epoch milliseconds, as other producers write it. */
  timestamp: z.union([z.string(), z.number()]).optional(),
  /** An id, where a newer producer writes one. */
  id: z.string().min(1).optional(),
  /** The type-specific payload. */
  data: z.custom<Record<string, unknown>>(isRecord, "data should be an object").optional(),
});
export type CoordinationLine = z.infer<typeof CoordinationLine>;

/**
 * True when a value passes CoordinationLine; the same rules, checked by hand. Nearly every line
 * of a real log passes, and this skips zod's copy of the object on that path; a line that fails
 * goes through zod for its message. A test holds the two to the same verdicts.
 */
export function isCoordinationLine(v: Record<string, unknown>): boolean {
  const { type, agentId, ts, timestampMs, timestamp, id, data } = v;
  return (
    typeof type === "string" &&
    type.length > 0 &&
    (agentId === undefined || typeof agentId === "string") &&
    (ts === undefined || typeof ts === "number") &&
    (timestampMs === undefined || typeof timestampMs === "number") &&
    (timestamp === undefined || typeof timestamp === "string" || typeof timestamp === "number") &&
    (id === undefined || (typeof id === "string" && id.length > 0)) &&
    (data === undefined || isRecord(data))
  );
}

export function normalizeCoordination(value: Record<string, unknown>, ref: LineRef): Normalized {
  if (!isCoordinationLine(value)) {
    const parsed = CoordinationLine.safeParse(value);
    if (!parsed.success) return rejected(`OpenClaw event: ${summarizeIssues(parsed.error)}`);
  }
  const line = value as CoordinationLine;
  const field = line.ts !== undefined ? "ts" : line.timestampMs !== undefined ? "timestampMs" : "timestamp";
  const written = line[field];
  if (written === undefined)
    return rejected("OpenClaw event has no usable time (ts, timestampMs or timestamp)");
  const time = readTime(written);
  if (time.ms === null) return rejected(`OpenClaw event: ${field}: ${time.reason}`);
  const ts = time.ms;
  const data = line.data ?? {};
  const agentId = line.agentId ?? null;
  const problems = scratch;
  if (time.note !== null) problems.push(`${field}: ${time.note}`);
  // The short texts every line repeats are shared between events (see intern).
  const event = new LoadedEvent(
    /* id */ line.id ?? null,
    /* ts */ ts,
    /* type */ intern(line.type),
    /* source */ "openclaw",
    /* agentId */ internOrNull(agentId),
    /* fromAgent */ internOrNull(
      textField(data, "fromAgent", problems) ?? textField(data, "senderAgentId", problems),
    ),
    /* toAgent */ internOrNull(
      textField(data, "toAgent", problems) ??
        textField(data, "targetAgentId", problems) ??
        agentFromSessionKey(data["targetSessionKey"]),
    ),
    /* workSessionId */ internOrNull(textField(data, "workSessionId", problems)),
    /* conversationId */ internOrNull(textField(data, "conversationId", problems)),
    /* taskId */ internOrNull(textField(data, "taskId", problems)),
    /* raw */ ref.bytes,
    /* invalid */ undefined,
    /* file */ ref.file,
    /* line */ ref.line,
    /* facts */ extractFacts("openclaw", data),
  );
  // Nearly every event has no problem: they share one empty list instead of each making one.
  return { event, needsTime: false, problems: scratch.length === 0 ? NO_PROBLEMS : scratch.splice(0) };
}

const scratch: string[] = [];

/** The first few zod issues as one sentence: path and message. */
export function summarizeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${path}${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return parts.join("; ") + more;
}
