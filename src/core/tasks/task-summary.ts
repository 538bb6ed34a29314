import * as z from "zod";
import type { Finding } from "../finding.ts";
import type { LoadedInput } from "../input.ts";
import { pushTo } from "../group.ts";
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

/** A task file as read: the file's path, its agent and the parsed task. */
export type TaskFileRead = LoadedInput["taskFiles"][number];

/**
 * Each task's file by task id. The files are those distinctTaskFiles kept, one per task id; were
 * there two, the later in the list would count.
 */
export function taskFilesById(taskFiles: readonly TaskFileRead[]): Map<string, TaskFileRead> {
  return new Map(taskFiles.map((f) => [f.record.id, f]));
}

/**
 * One task file per task id. Two files that name the same task (a copy left beside a moved task,
 * two agents' files with one `# Task:` heading) cannot both be the task, and merging them would
 * mix their steps and statuses, so the first in path order is kept and each other file becomes a
 * finding that names both files. The kept files stay in the order they came in.
 */
export function distinctTaskFiles(taskFiles: readonly TaskFileRead[]): {
  taskFiles: TaskFileRead[];
  findings: Finding[];
} {
  const first = new Map<string, TaskFileRead>();
  for (const f of taskFiles) {
    const kept = first.get(f.record.id);
    if (kept === undefined || compareText(f.file, kept.file) < 0) first.set(f.record.id, f);
  }
  const findings = taskFiles
    .filter((f) => first.get(f.record.id) !== f)
    .map((f) => ({
      file: f.file,
      line: 0,
      reason: `task ${JSON.stringify(f.record.id)} is also in ${(first.get(f.record.id) as TaskFileRead).file}, which is kept as the first in path order; this file was not merged`,
    }));
  return { taskFiles: taskFiles.filter((f) => first.get(f.record.id) === f), findings };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Merges task files (by task id, see taskFilesById) and history entries. A task archived to
 * history has ended, so the history's status wins over a task file left behind; the file still
 * gives steps and the work session. A task's history entries are taken in order, the last one's
 * status and times winning.
 */
export function summarizeTasks(
  files: ReadonlyMap<string, TaskFileRead>,
  history: LoadedInput["history"],
): TaskSummary[] {
  const histories = new Map<string, Array<LoadedInput["history"][number]>>();
  for (const entry of history) pushTo(histories, entry.record.taskId, entry);
  const ids = [...new Set([...files.keys(), ...histories.keys()])];
  return ids
    .map((taskId) => summarize(taskId, files.get(taskId), histories.get(taskId) ?? []))
    .sort(
      (a, b) =>
        (a.createdMs ?? 0) - (b.createdMs ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0),
    );
}

/** One task from its file, its history entries, or both. */
function summarize(
  taskId: string,
  file: TaskFileRead | undefined,
  entries: ReadonlyArray<LoadedInput["history"][number]>,
): TaskSummary {
  const task = file?.record;
  const first = entries[0];
  const createdMs = [task?.created, ...entries.map((e) => e.record.started)]
    .map(parseTime)
    .find((ms) => ms !== null);
  const lastActivityMs = [
    task?.lastActivity,
    ...entries.map((e) => e.record.completed ?? e.record.archivedAt),
  ]
    .map(parseTime)
    .filter((ms) => ms !== null)
    .at(-1);
  const sources: TaskSummary["sources"] = [
    ...(file === undefined ? [] : ["file" as const]),
    ...(first === undefined ? [] : ["history" as const]),
  ];
  return inContractOrder({
    taskId,
    agentId: file?.agentId ?? first?.agentId ?? "unknown",
    status: entries.at(-1)?.record.status ?? fileStatus(task?.status),
    priority: task?.priority ?? first?.record.priority ?? "",
    ...(task?.workSessionId === undefined ? {} : { workSessionId: task.workSessionId }),
    description: task?.description ?? first?.record.description ?? "",
    steps: countSteps(task?.steps ?? null),
    ...(createdMs === undefined || createdMs === null ? {} : { createdMs }),
    ...(lastActivityMs === undefined || lastActivityMs === null ? {} : { lastActivityMs }),
    sources,
    ...noSignals(),
  });
}

/** A task file's status as the Report states it: `unknown` for one the task tools never write. */
function fileStatus(status: string | undefined): TaskSummary["status"] {
  return status !== undefined && (TASK_STATUSES as readonly string[]).includes(status)
    ? (status as TaskSummary["status"])
    : "unknown";
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
