import { z } from "zod";
import { REPORT_TASK_STATUSES } from "../tasks/event-status.ts";
import { TASK_FLAGS } from "../tasks/task-flags.ts";
import { StepCounts } from "../tasks/task-file.ts";
import type { TaskSummary } from "../tasks/task-summary.ts";
import { DEFAULT_TITLE, sessionTitle, type TitleSource } from "../sessions/title.ts";
import { pathSegment } from "./path-segment.ts";

/** A task as lists show it. */
export const TaskCard = z.object({
  /** The task id. */
  taskId: z.string(),
  /** Its path segment under `/tasks/`. */
  segment: z.string(),
  /** The agent whose task it is. */
  agentId: z.string(),
  /** Its status. */
  status: z.enum(REPORT_TASK_STATUSES),
  /** Its priority as written. */
  priority: z.string(),
  /** What it is (untrusted text). */
  description: z.string(),
  /** What lists and its page call it: its description, else the goal or first words of its messages, else its id. */
  title: z.string(),
  /** Its work session, and that session's path segment. */
  workSessionId: z.string().nullable(),
  sessionSegment: z.string().nullable(),
  /** Step counts. */
  steps: StepCounts,
  /** The question a person still has to answer, when there is one. */
  pendingQuestion: z.string().nullable(),
  /** Its flags. */
  flags: z.array(z.enum(TASK_FLAGS)),
  /** Last activity, epoch ms, when known. */
  lastActivityMs: z.number().nullable(),
});
export type TaskCard = z.infer<typeof TaskCard>;

/** A task's card, with the title taskTitle gave it. */
export function taskCard(t: TaskSummary, title: string = t.description || t.taskId): TaskCard {
  const pending = t.humanQueries.find((q) => q.answeredMs === undefined);
  return {
    taskId: t.taskId,
    segment: pathSegment(t.taskId),
    agentId: t.agentId,
    status: t.status,
    priority: t.priority,
    description: t.description,
    title,
    workSessionId: t.workSessionId ?? null,
    sessionSegment: t.workSessionId === undefined ? null : pathSegment(t.workSessionId),
    steps: t.steps,
    pendingQuestion: pending?.question ?? null,
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
  const found = sessionTitle(events);
  return found === DEFAULT_TITLE ? t.taskId : found;
}
