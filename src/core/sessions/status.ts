/** A work session's status against `now`. */
export const SESSION_STATUSES = ["ACTIVE", "QUIET", "ARCHIVED"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** After this long without activity a session is archived. */
export const ARCHIVE_AFTER_MS = 24 * 60 * 60 * 1000;

/** The latest event of a session, as the status rules see it. */
export interface LatestEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Events after which a session goes quiet, one row each. A terminal task event ends a session
 * even without a status field: its type says it (see docs/decisions.md#terminal-events-need-no-status).
 */
export const TERMINAL_RULES: ReadonlyArray<{ name: string; matches: (e: LatestEvent) => boolean }> = [
  { name: "a2a.complete", matches: (e) => e.type === "a2a.complete" },
  {
    name: "a2a.spawn_result with status error",
    matches: (e) => e.type === "a2a.spawn_result" && e.data["status"] === "error",
  },
  {
    name: "task.completed and task.cancelled, with or without a status",
    matches: (e) => e.type === "task.completed" || e.type === "task.cancelled",
  },
  {
    name: "any task.* whose status is completed, cancelled, abandoned or failed",
    matches: (e) =>
      e.type.startsWith("task.") &&
      ["completed", "cancelled", "abandoned", "failed"].includes(String(e.data["status"])),
  },
  {
    name: "v1.1 task_completed and task_failed",
    matches: (e) => e.type === "task_completed" || e.type === "task_failed",
  },
];

export function isTerminal(event: LatestEvent): boolean {
  return TERMINAL_RULES.some((rule) => rule.matches(event));
}

/** ARCHIVED after 24 h without activity; else QUIET when the latest event is terminal; else ACTIVE. */
export function sessionStatus(lastActivityMs: number, latest: LatestEvent, nowMs: number): SessionStatus {
  if (nowMs - lastActivityMs > ARCHIVE_AFTER_MS) return "ARCHIVED";
  return isTerminal(latest) ? "QUIET" : "ACTIVE";
}
