import { z } from "zod";
import { EventRole } from "../classify/event-role.ts";
import { textOf } from "../classify/classify-event.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import { cleanMessage, type MentionNames } from "../sessions/transcript.ts";
import { pathSegment } from "./path-segment.ts";

/** The longest summary an event row shows; the whole line stays in `--events` output. */
const SUMMARY_CHARS = 200;

/** One event as the site lists it (the events page, a session's signals, a task's conversation). */
export const EventRow = z.object({
  /** The event's id (the producer's or a fingerprint). */
  id: z.string(),
  /** When, epoch ms. */
  ts: z.number(),
  /** The event type. */
  type: z.string(),
  /** Its role. */
  eventRole: EventRole,
  /** The emitting agent. */
  agentId: z.string().nullable(),
  /** Sender and receiver of agent-to-agent events. */
  fromAgent: z.string().nullable(),
  toAgent: z.string().nullable(),
  /** The work session it belongs to, and that session's path segment. */
  workSessionId: z.string().nullable(),
  sessionSegment: z.string().nullable(),
  /** The task it is about, and that task's path segment. */
  taskId: z.string().nullable(),
  taskSegment: z.string().nullable(),
  /** Its status field (spawn results, task events), when it has one. */
  status: z.string().nullable(),
  /** Its words, cut to 200 characters: untrusted, shown as text. */
  summary: z.string(),
});
export type EventRow = z.infer<typeof EventRow>;

/** An event's words as a person reads them: directives dropped, Discord mentions as names. */
export function eventText(event: CanonicalEvent, names: MentionNames): string {
  const { facts } = event;
  return cleanMessage(
    textOf(facts) ?? facts.question ?? facts.answer ?? facts.reason ?? facts.error ?? "",
    names,
  );
}

/** An event as a row, in the work session the analysis attributed it to. */
export function eventRow(event: CanonicalEvent, workSessionId: string | null, names: MentionNames): EventRow {
  const text = eventText(event, names);
  return {
    id: eventId(event),
    ts: event.ts,
    type: event.type,
    eventRole: event.eventRole,
    agentId: event.agentId,
    fromAgent: event.fromAgent,
    toAgent: event.toAgent,
    workSessionId,
    sessionSegment: workSessionId === null ? null : pathSegment(workSessionId),
    taskId: event.taskId,
    taskSegment: event.taskId === null ? null : pathSegment(event.taskId),
    status: event.facts.status ?? null,
    summary: text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text,
  };
}
