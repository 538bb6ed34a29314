import * as z from "zod";

/** Task statuses the OpenClaw task tools write (see docs/formats.md#statuses-and-priorities). */
export const TASK_STATUSES = [
  "pending",
  "pending_approval",
  "in_progress",
  "blocked",
  "backlog",
  "completed",
  "cancelled",
  "abandoned",
  "interrupted",
] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** A step's state, from its checklist marker: `x` done, `>` in progress, ` ` pending, `-` skipped. */
export const StepStatus = z.enum(["done", "in_progress", "pending", "skipped"]);
export type StepStatus = z.infer<typeof StepStatus>;

/** One line of a task's `## Steps` checklist. */
export const TaskStep = z.object({
  /** The step id, `s1`, `s2`, … */
  id: z.string(),
  /** What the step is. */
  content: z.string(),
  /** Its state. */
  status: StepStatus,
});
export type TaskStep = z.infer<typeof TaskStep>;

/** A metadata bullet workscope does not know, kept so that the file round-trips. */
const MetadataBullet = z.object({
  /** The bold label, without the colon. */
  label: z.string(),
  /** The text after the label. */
  value: z.string(),
});

/** A `## <name>` section workscope does not know, kept so that the file round-trips. */
const ExtraSection = z.object({
  /** The heading text after `## `. */
  name: z.string(),
  /** The lines below the heading, joined with newlines. */
  body: z.string(),
});

const json = z.record(z.string(), z.unknown());

/**
 * A task file, `tasks/task_<id>.md`, as the OpenClaw task tools write it
 * (docs/formats.md#task-file-layout): every section and metadata bullet, in a shape that formats
 * back to the same bytes.
 */
export const TaskFile = z.object({
  /** The id from the `# Task:` heading. */
  id: z.string(),
  /** The status as written; it may be one workscope does not know (that is a finding). */
  status: z.string(),
  /** The priority as written. */
  priority: z.string(),
  /** When the task was created, ISO-8601 as written. */
  created: z.string(),
  /** Who asked for it: `user`, `self`, `request:<agent>`. */
  source: z.string().optional(),
  /** The work session it belongs to. */
  workSessionId: z.string().optional(),
  /** The work session it continues. */
  previousWorkSessionId: z.string().optional(),
  /** The session key that created it. */
  createdBySession: z.string().optional(),
  /** The `Simple` bullet, as written (`true`). */
  simple: z.string().optional(),
  /** The legacy inline `Blocked Reason` bullet of older files. */
  blockedReason: z.string().optional(),
  /** The legacy inline `Unblocked By` bullet of older files, as a list. */
  unblockedBy: z.array(z.string()).optional(),
  /** Metadata bullets workscope does not know, in file order. */
  extraMetadata: z.array(MetadataBullet),
  /** The `## Description` text; it may span several lines. */
  description: z.string(),
  /** The `## Context` text, when present. */
  context: z.string().optional(),
  /** The `## Steps` checklist; null when the file has no Steps section. */
  steps: z.array(TaskStep).nullable(),
  /** The `## Progress` lines, without their `- ` bullets. */
  progress: z.array(z.string()),
  /** The `## Last Activity` time, as written. */
  lastActivity: z.string(),
  /** The `## Blocking` JSON block. */
  blocking: json.optional(),
  /** The `## Backlog` JSON block. */
  backlog: json.optional(),
  /** The `## Outcome` JSON block: `{kind: completed|cancelled|error|interrupted, …}`. */
  outcome: json.optional(),
  /** The `## Delegations` JSON block. */
  delegations: json.optional(),
  /** Sections workscope does not know, in file order. */
  extraSections: z.array(ExtraSection),
});
export type TaskFile = z.infer<typeof TaskFile>;

/** Step counts by state, as the Report shows them. */
export const StepCounts = z.object({
  /** All steps. */
  total: z.number().int(),
  /** Steps marked `[x]`. */
  done: z.number().int(),
  /** Steps marked `[>]`. */
  inProgress: z.number().int(),
  /** Steps marked `[ ]`. */
  pending: z.number().int(),
  /** Steps marked `[-]`. */
  skipped: z.number().int(),
});
export type StepCounts = z.infer<typeof StepCounts>;

export function countSteps(steps: readonly TaskStep[] | null): StepCounts {
  const counts = { total: 0, done: 0, inProgress: 0, pending: 0, skipped: 0 };
  for (const step of steps ?? []) {
    counts.total++;
    if (step.status === "done") counts.done++;
    else if (step.status === "in_progress") counts.inProgress++;
    else if (step.status === "pending") counts.pending++;
    else counts.skipped++;
  }
  return counts;
}
