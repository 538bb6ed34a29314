import * as z from "zod";
import { textOf } from "../classify/event-category.ts";
import type { CanonicalEvent } from "../event.ts";
import { EventRef, eventRef } from "../event-ref.ts";
import { cleanMessage, type MentionNames } from "../sessions/transcript.ts";
import { pathSegment } from "./path-segment.ts";

/** The longest summary an event row shows; the whole line stays in `--events` output. */
const SUMMARY_CHARS = 200;

/** One event as the site lists it (the events pages, a session's signals). */
export const EventRow = EventRef.extend({
  /** The work session it belongs to. */
  workSessionId: z.string().nullable(),
  /** That session's path segment. */
  sessionSegment: z.string().nullable(),
  /** The task it is about. */
  taskId: z.string().nullable(),
  /** That task's path segment (the task may have no page: nothing but this event named it). */
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

/**
 * An event as a row, in the work session the analysis attributed it to: the session is given by
 * its id and path segment (a session card), or null.
 */
export function eventRow(
  event: CanonicalEvent,
  session: { id: string; segment: string } | null,
  names: MentionNames,
): EventRow {
  const text = eventText(event, names);
  return {
    ...eventRef(event),
    workSessionId: session?.id ?? null,
    sessionSegment: session?.segment ?? null,
    taskId: event.taskId,
    taskSegment: event.taskId === null ? null : pathSegment(event.taskId),
    status: event.facts.status ?? null,
    summary: text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text,
  };
}
