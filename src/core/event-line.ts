import { eventCategory } from "./classify/event-category.ts";
import { eventId, type CanonicalEvent } from "./event.ts";
import { eventData } from "./event-data.ts";
import { toIso } from "./time.ts";

/**
 * One line of `analyze --events`: the canonical event with its time also as ISO text and its
 * classification, for users who load their history into DuckDB or ClickHouse. Keys keep this
 * order in every line; category fields are null for events without text.
 */
export function toEventLine(event: CanonicalEvent): string {
  const category = eventCategory(event);
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
    eventRole: event.eventRole,
    fromSessionType: event.fromSessionType,
    toSessionType: event.toSessionType,
    collabCategory: category?.collabCategory ?? null,
    collabSubTags: category?.collabSubTags ?? [],
    categoryConfidence: category?.categoryConfidence ?? null,
    categorySource: category?.categorySource ?? null,
    file: event.file,
    line: event.line,
    data: eventData(event),
  });
}
