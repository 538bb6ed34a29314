import { eventId, type CanonicalEvent } from "./event.ts";
import { eventData } from "./event-data.ts";
import { toIso } from "./time.ts";

/**
 * One line of `analyze --events`: the canonical event with its time also as ISO text, for users
 * who load their history into DuckDB or ClickHouse. Keys keep this order in every line.
 */
export function toEventLine(event: CanonicalEvent): string {
  return JSON.stringify({
    id: eventId(event),
    ts: event.ts,
    time: toIso(event.ts),
    ...(event.tsEstimated ? { tsEstimated: true } : {}),
    type: event.type,
    source: event.source,
    agentId: event.agentId,
    fromAgent: event.fromAgent,
    toAgent: event.toAgent,
    workSessionId: event.workSessionId,
    conversationId: event.conversationId,
    taskId: event.taskId,
    file: event.file,
    line: event.line,
    data: eventData(event),
  });
}
