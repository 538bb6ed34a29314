/** What can look wrong with a task, one rule each; each row is tested. */
export const TASK_FLAGS = [
  "completed_with_incomplete_steps",
  "force_completed",
  "stale_in_progress",
  "zombie",
  "never_started",
] as const;
export type TaskFlag = (typeof TASK_FLAGS)[number];

/** After this long without activity an in-progress task is stale: the task runner's own zombie limit is 24 h. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** What the flag rules look at. */
export interface FlagFacts {
  status: string;
  steps: { pending: number; inProgress: number };
  /** The task file's or history entry's progress lines. */
  progress: readonly string[];
  /** Types of the task's events. */
  eventTypes: ReadonlySet<string>;
  createdMs: number | undefined;
  lastActivityMs: number | undefined;
  nowMs: number;
}

export const TASK_FLAG_RULES: ReadonlyArray<{
  flag: TaskFlag;
  when: string;
  test: (f: FlagFacts) => boolean;
}> = [
  {
    flag: "completed_with_incomplete_steps",
    when: "completed with steps pending or in progress",
    test: (f) => f.status === "completed" && f.steps.pending + f.steps.inProgress > 0,
  },
  {
    flag: "force_completed",
    when: "the stop guard was overridden (`Force completed with N steps remaining`)",
    test: (f) => f.progress.some((p) => p.startsWith("Force completed with")),
  },
  {
    flag: "stale_in_progress",
    when: "in progress with no activity for 24 h",
    test: (f) =>
      f.status === "in_progress" &&
      f.lastActivityMs !== undefined &&
      f.nowMs - f.lastActivityMs > STALE_AFTER_MS,
  },
  {
    flag: "zombie",
    when: "the runner abandoned it (zombie.abandoned, or recovered to backlog after zombie detection)",
    test: (f) =>
      f.eventTypes.has("zombie.abandoned") ||
      f.progress.some((p) => p.startsWith("Auto-recovered to backlog after zombie detection")),
  },
  {
    flag: "never_started",
    when: "pending or in backlog for 24 h with no start",
    test: (f) =>
      ["pending", "pending_approval", "backlog"].includes(f.status) &&
      !f.eventTypes.has("task.started") &&
      !f.eventTypes.has("task_started") &&
      !f.progress.includes("Task started") &&
      f.createdMs !== undefined &&
      f.nowMs - f.createdMs > STALE_AFTER_MS,
  },
];

export function taskFlags(facts: FlagFacts): TaskFlag[] {
  return TASK_FLAG_RULES.filter((rule) => rule.test(facts)).map((rule) => rule.flag);
}
