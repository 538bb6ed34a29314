import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import { TranscriptTurn, type MentionNames } from "../sessions/transcript.ts";
import { HistoryEntry } from "../tasks/history.ts";
import { TaskFile } from "../tasks/task-file.ts";
import { TaskSummary } from "../tasks/task-summary.ts";
import { eventText } from "./event-row.ts";
import type { SiteLookups } from "./site-lookups.ts";
import type { TaskCard } from "./task-card.ts";

/** How many of a task's messages its page shows at most, and how long each may be. */
const MAX_MESSAGES = 300;
const MAX_MESSAGE_CHARS = 4000;

/** Everything one task's page shows: one shard file per task. */
export const TaskPage = z.object({
  /** The task as the Report has it. */
  task: TaskSummary,
  /** Its path segment (its card's). */
  segment: z.string(),
  /** What the page calls it (its card's title): never empty. */
  title: z.string(),
  /** Its task file, when one was read: steps, progress log, blocking and backlog details. */
  file: TaskFile.nullable(),
  /** Where that file is, as listed in `input.files`. */
  filePath: z.string().nullable(),
  /** Its history entry, when it was archived. */
  history: HistoryEntry.nullable(),
  /** The question a person still has to answer, when there is one (its card's). */
  pendingQuestion: z.string().nullable(),
  /**
   * The agent↔orchestrator conversation: the task's events that carry words, oldest first, at
   * most 300, each as a transcript turn of at most 4000 characters.
   */
  messages: z.array(TranscriptTurn),
  /** All of the task's events, counted. */
  eventCount: z.number().int(),
});
export type TaskPage = z.infer<typeof TaskPage>;

/** Every task's page, in the Report's order, each made only when it is asked for. */
export function* taskPages(analysis: Analysis, lookups: SiteLookups): Generator<TaskPage, void, undefined> {
  for (const task of analysis.report.tasks) {
    const card = lookups.taskCards.get(task.taskId) as TaskCard;
    const file = analysis.taskFiles.get(task.taskId);
    const events = analysis.taskEvents.get(task.taskId) ?? [];
    yield {
      task,
      segment: card.segment,
      title: card.title,
      file: file?.record ?? null,
      filePath: file?.file ?? null,
      history: analysis.taskHistory.get(task.taskId) ?? null,
      pendingQuestion: card.pendingQuestion,
      messages: taskMessages(events, lookups.names),
      eventCount: events.length,
    };
  }
}

/** A task's conversation: each of its events that has words, as a turn, up to MAX_MESSAGES. */
export function taskMessages(events: readonly CanonicalEvent[], names: MentionNames): TranscriptTurn[] {
  const messages: TranscriptTurn[] = [];
  for (const e of events) {
    if (messages.length === MAX_MESSAGES) break;
    const text = eventText(e, names);
    if (text === "") continue;
    messages.push({
      id: eventId(e),
      ts: e.ts,
      type: e.type,
      from: e.fromAgent ?? e.agentId,
      to: e.toAgent,
      text: text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text,
    });
  }
  return messages;
}
