import * as z from "zod";
import type { CanonicalEvent } from "../event.ts";
import { TaskSummary } from "../tasks/task-summary.ts";
import { sessionTitle, type TitleSource } from "../sessions/title.ts";
import { pathSegment } from "./path-segment.ts";

/** A task as lists show it: the Report's summary fields, its title, links and pending question. */
export const TaskCard = TaskSummary.pick({
  taskId: true,
  agentId: true,
  status: true,
  priority: true,
  description: true,
  steps: true,
  flags: true,
}).extend({
  /** Its path segment under `/tasks/`. */
  segment: z.string(),
  /** What lists and its page call it (see taskTitle): never empty. */
  title: z.string(),
  /** Its work session, when it names one. */
  workSessionId: z.string().nullable(),
  /** That session's path segment. */
  sessionSegment: z.string().nullable(),
  /** The question a person still has to answer, when there is one: the first one unanswered. */
  pendingQuestion: z.string().nullable(),
  /** Last activity, epoch ms, when known. */
  lastActivityMs: z.number().nullable(),
});
export type TaskCard = z.infer<typeof TaskCard>;

/** A task's card, from its summary and its events (which may title it). */
export function taskCard(t: TaskSummary, events: readonly CanonicalEvent[]): TaskCard {
  return {
    taskId: t.taskId,
    segment: pathSegment(t.taskId),
    agentId: t.agentId,
    status: t.status,
    priority: t.priority,
    description: t.description,
    title: taskTitle(
      t,
      events.map((e) => ({ type: e.type, data: e.facts })),
    ),
    workSessionId: t.workSessionId ?? null,
    sessionSegment: t.workSessionId === undefined ? null : pathSegment(t.workSessionId),
    steps: t.steps,
    pendingQuestion: t.humanQueries.find((q) => q.answeredMs === undefined)?.question ?? null,
    flags: t.flags,
    lastActivityMs: t.lastActivityMs ?? null,
  };
}

/**
 * A task's title: its description when it has one; else, as a session's title is found, a label,
 * the `[Goal]` of its messages or their first user-facing line; else its id, which at least
 * tells tasks apart.
 */
export function taskTitle(t: TaskSummary, events: readonly TitleSource[]): string {
  if (t.description.trim() !== "") return t.description;
  return sessionTitle(events) ?? t.taskId;
}
