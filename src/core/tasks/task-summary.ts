import { z } from "zod";
import type { LoadedInput } from "../input.ts";
import { parseTime } from "../time.ts";
import { REPORT_TASK_STATUSES } from "./event-status.ts";
import { HumanQuery } from "./human-queries.ts";
import { TASK_FLAGS } from "./task-flags.ts";
import { countSteps, StepCounts, TASK_STATUSES } from "./task-file.ts";

/** A task as the Report lists it: task files and history entries merged by task id. */
export const TaskSummary = z.object({
  /** The task id, `task_…`. */
  taskId: z.string(),
  /** The agent whose workspace holds the task. */
  agentId: z.string(),
  /** The task's status; `unknown` when the file names a status the tools never write. */
  status: z.enum(REPORT_TASK_STATUSES),
  /** The priority as written. */
  priority: z.string(),
  /** The work session the task belongs to, when the file names one. */
  workSessionId: z.string().optional(),
  /** What the task is. */
  description: z.string(),
  /** Step counts by state. */
  steps: StepCounts,
  /** When the task was created, epoch ms, when known. */
  createdMs: z.number().optional(),
  /** The last activity, epoch ms: the task file's Last Activity, or the history entry's completion. */
  lastActivityMs: z.number().optional(),
  /** Where the task was read from: its task file, its history entry, its events. */
  sources: z.array(z.enum(["file", "history", "events"])),
  /** What looks wrong with it (see TASK_FLAG_RULES). */
  flags: z.array(z.enum(TASK_FLAGS)),
  /** Questions raised for a person, answered or not. */
  humanQueries: z.array(HumanQuery),
  /** The continuation runner's nudges: `continuation.sent` and `continuation.backoff` events. */
  continuation: z.object({
    /** continuation.sent events. */
    sent: z.number().int().nonnegative(),
    /** continuation.backoff events. */
    backoffs: z.number().int().nonnegative(),
    /** Their reasons, in order. */
    backoffReasons: z.array(z.string()),
    /** The longest time from the task's last activity to a nudge, ms. */
    maxDelayMs: z.number().nonnegative().optional(),
  }),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

/**
 * Merges task files and history entries. A task archived to history has ended, so the history's
 * status wins over a task file left behind; the file still gives steps and the work session.
 */
export function summarizeTasks(input: Pick<LoadedInput, "taskFiles" | "history">): TaskSummary[] {
  const byId = new Map<string, TaskSummary>();
  for (const { agentId, record: task } of input.taskFiles) {
    const summary: TaskSummary = {
      taskId: task.id,
      agentId,
      status: (TASK_STATUSES as readonly string[]).includes(task.status)
        ? (task.status as TaskSummary["status"])
        : "unknown",
      priority: task.priority,
      description: task.description,
      steps: countSteps(task.steps),
      sources: ["file"],
      ...noSignals(),
    };
    if (task.workSessionId !== undefined) summary.workSessionId = task.workSessionId;
    setTime(summary, "createdMs", task.created);
    setTime(summary, "lastActivityMs", task.lastActivity);
    byId.set(task.id, summary);
  }
  for (const { agentId, record: entry } of input.history) {
    const known = byId.get(entry.taskId);
    const summary: TaskSummary = known ?? {
      taskId: entry.taskId,
      agentId,
      status: entry.status,
      priority: entry.priority ?? "",
      description: entry.description,
      steps: countSteps(null),
      sources: [],
      ...noSignals(),
    };
    summary.status = entry.status;
    if (!summary.sources.includes("history")) summary.sources.push("history");
    if (summary.createdMs === undefined) setTime(summary, "createdMs", entry.started);
    setTime(summary, "lastActivityMs", entry.completed ?? entry.archivedAt);
    byId.set(entry.taskId, summary);
  }
  return [...byId.values()]
    .sort(
      (a, b) =>
        (a.createdMs ?? 0) - (b.createdMs ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0),
    )
    .map(inContractOrder);
}

/** What a task has before its events are read. */
export function noSignals(): Pick<TaskSummary, "flags" | "humanQueries" | "continuation"> {
  return { flags: [], humanQueries: [], continuation: { sent: 0, backoffs: 0, backoffReasons: [] } };
}

/** The same keys in the same order in every task, whichever source filled them first. */
export function inContractOrder(t: TaskSummary): TaskSummary {
  const {
    taskId,
    agentId,
    status,
    priority,
    workSessionId,
    description,
    steps,
    createdMs,
    lastActivityMs,
    sources,
    flags,
    humanQueries,
    continuation,
  } = t;
  return {
    taskId,
    agentId,
    status,
    priority,
    ...(workSessionId === undefined ? {} : { workSessionId }),
    description,
    steps,
    ...(createdMs === undefined ? {} : { createdMs }),
    ...(lastActivityMs === undefined ? {} : { lastActivityMs }),
    humanQueries,
    flags,
    continuation,
    sources,
  };
}

function setTime(summary: TaskSummary, key: "createdMs" | "lastActivityMs", text: string | undefined): void {
  const ms = parseTime(text);
  if (ms !== null) summary[key] = ms;
}
