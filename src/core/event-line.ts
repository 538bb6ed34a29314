import { eventCategory } from "./classify/event-category.ts";
import { eventId, type CanonicalEvent } from "./event.ts";
import { eventData, eventText } from "./event-data.ts";
import { toIso } from "./time.ts";

/**
 * One line of `analyze --events`: the canonical event with its time also as ISO text and its
 * classification, for users who load their history into DuckDB or ClickHouse. Keys keep this
 * order in every line; category fields are null for events without text.
 */
export function toEventLine(event: CanonicalEvent): string {
  const fields = lineFields(event);
  try {
    return JSON.stringify({ ...fields, data: eventData(event) });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // JSON.parse reads any depth, but JSON.stringify recurses and runs out of stack on a payload
    // nested some thousands of levels deep. Such a line keeps its payload as the text it was read
    // as, which needs no recursion to write.
    return JSON.stringify({
      ...fields,
      data: { reason: TOO_DEEP, text: eventText(event) },
    });
  }
}

/** What `data` says, beside the line's text, when the payload is too deeply nested to write again. */
export const TOO_DEEP =
  "the payload is nested too deeply to write as JSON again; text holds its line as read";

/** Every field of an event's line but `data`, in their order. */
function lineFields(event: CanonicalEvent) {
  const category = eventCategory(event);
  return {
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
  };
}
