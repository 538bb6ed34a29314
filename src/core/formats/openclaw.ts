import { z } from "zod";
import { hash64 } from "../hash.ts";
import { agentFromSessionKey } from "../session-key.ts";
import { parseTime } from "../time.ts";
import { fieldReader, isRecord } from "./fields.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";

/**
 * One line of OpenClaw's `coordination-events*.ndjson` (FORMATS.md): `{type, agentId, ts, data}`.
 * Some producers write `timestampMs` or an ISO `timestamp` instead of `ts`; the earliest logs have
 * no ids. Only the envelope is checked here: `data` is kept as written.
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

export function normalizeCoordination(value: unknown, ref: LineRef): Normalized {
  const parsed = CoordinationLine.safeParse(value);
  if (!parsed.success) return rejected(`OpenClaw event: ${summarizeIssues(parsed.error)}`);
  const line = parsed.data;
  const ts = parseTime(line.ts ?? line.timestampMs ?? line.timestamp);
  if (ts === null) return rejected("OpenClaw event has no usable time (ts, timestampMs or timestamp)");
  const data = line.data ?? {};
  const fields = fieldReader();
  const event = {
    id: line.id ?? `fp-${hash64(ref.text)}`,
    ts,
    type: line.type,
    source: "openclaw" as const,
    agentId: line.agentId ?? null,
    fromAgent: fields.text(data, "fromAgent") ?? fields.text(data, "senderAgentId"),
    toAgent:
      fields.text(data, "toAgent") ??
      fields.text(data, "targetAgentId") ??
      agentFromSessionKey(data["targetSessionKey"]),
    workSessionId: fields.text(data, "workSessionId"),
    conversationId: fields.text(data, "conversationId"),
    taskId: fields.text(data, "taskId"),
    data,
    origin: { file: ref.file, line: ref.line },
  };
  return { event, needsTime: false, problems: fields.problems };
}

/** The first few zod issues as one sentence: path and message. */
export function summarizeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${path}${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  return parts.join("; ") + more;
}
