import { TASK_STATUSES, type TaskStatus } from "./task-file.ts";

/** Statuses a task can have in the Report: the tools' nine, v1.1's failed, and unknown. */
export const REPORT_TASK_STATUSES = [...TASK_STATUSES, "failed", "unknown"] as const;
export type ReportTaskStatus = (typeof REPORT_TASK_STATUSES)[number];

/**
 * What a task event says about its task's status, one row per event type (OpenClaw's task
 * events and v1.1's); a `status` field in the event's data wins over the row. Each row is tested.
 */
export const EVENT_STATUS_RULES: ReadonlyArray<{
  type: string;
  status: (data: Record<string, unknown>) => ReportTaskStatus;
}> = [
  {
    type: "task.started",
    status: (d) => (d["requiresApproval"] === true ? "pending_approval" : "in_progress"),
  },
  { type: "task.approved", status: () => "in_progress" },
  { type: "task.completed", status: () => "completed" },
  { type: "task.cancelled", status: () => "cancelled" },
  { type: "task.blocked", status: () => "blocked" },
  { type: "task.resumed", status: () => "in_progress" },
  { type: "task.backlog_added", status: () => "backlog" },
  { type: "task.backlog_picked", status: () => "in_progress" },
  { type: "backlog.auto_picked", status: () => "in_progress" },
  { type: "zombie.abandoned", status: (d) => (d["action"] === "moved_to_backlog" ? "backlog" : "abandoned") },
  { type: "task_created", status: () => "pending" },
  { type: "task_started", status: () => "in_progress" },
  { type: "task_completed", status: () => "completed" },
  { type: "task_failed", status: () => "failed" },
  { type: "human_query_requested", status: () => "blocked" },
  { type: "task_resumed_after_human_query", status: () => "in_progress" },
];

/** The status an event leaves its task in, or null when it says nothing about it. */
export function statusFromEvent(type: string, data: Record<string, unknown>): ReportTaskStatus | null {
  const stated = data["status"];
  if (
    type.startsWith("task.") &&
    typeof stated === "string" &&
    (TASK_STATUSES as readonly string[]).includes(stated)
  )
    return stated as TaskStatus;
  return EVENT_STATUS_RULES.find((rule) => rule.type === type)?.status(data) ?? null;
}
