import { z } from "zod";
import type { CanonicalEvent } from "../event.ts";
import { HistoryEntry } from "../tasks/history.ts";
import { TaskFile } from "../tasks/task-file.ts";
import { TaskSummary } from "../tasks/task-summary.ts";
import type { MentionNames } from "../sessions/transcript.ts";
import { eventText } from "./event-row.ts";
import { pathSegment } from "./path-segment.ts";

/** How many of a task's messages its page shows at most, and how long each may be. */
const MAX_MESSAGES = 300;
const MAX_MESSAGE_CHARS = 4000;

/** One message of a task's agent↔orchestrator conversation. */
export const TaskMessage = z.object({
  /** When, epoch ms. */
  ts: z.number(),
  /** The event type that carried it. */
  type: z.string(),
  /** Who sent it, and to whom. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Its words, markdown source (untrusted), mentions resolved, at most 4000 characters. */
  text: z.string(),
});
export type TaskMessage = z.infer<typeof TaskMessage>;

/** Everything one task's page shows: one shard file per task. */
export const TaskPage = z.object({
  /** The task as the Report has it. */
  task: TaskSummary,
  /** Its path segment. */
  segment: z.string(),
  /** What the page calls it (see taskTitle): never empty. */
  title: z.string(),
  /** Its task file, when one was read: steps, progress log, blocking and backlog details. */
  file: TaskFile.nullable(),
  /** Where that file is, as listed in `input.files`. */
  filePath: z.string().nullable(),
  /** Its history entry, when it was archived. */
  history: HistoryEntry.nullable(),
  /** The question a person still has to answer, when there is one. */
  pendingQuestion: z.string().nullable(),
  /** The agent↔orchestrator conversation: the task's events that carry words, oldest first. */
  messages: z.array(TaskMessage),
  /** All of the task's events, counted. */
  eventCount: z.number().int(),
});
export type TaskPage = z.infer<typeof TaskPage>;

/** One task's page, from its summary, its file and history entry, and its events. */
export function taskPage(
  task: TaskSummary,
  title: string,
  file: { file: string; record: TaskFile } | undefined,
  history: HistoryEntry | undefined,
  events: readonly CanonicalEvent[],
  names: MentionNames,
): TaskPage {
  const messages: TaskMessage[] = [];
  for (const e of events) {
    if (messages.length === MAX_MESSAGES) break;
    const text = eventText(e, names);
    if (text === "") continue;
    messages.push({
      ts: e.ts,
      type: e.type,
      from: e.fromAgent ?? e.agentId,
      to: e.toAgent,
      text: text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text,
    });
  }
  return {
    task,
    segment: pathSegment(task.taskId),
    title,
    file: file?.record ?? null,
    filePath: file?.file ?? null,
    history: history ?? null,
    pendingQuestion: task.humanQueries.find((q) => q.answeredMs === undefined)?.question ?? null,
    messages,
    eventCount: events.length,
  };
}
