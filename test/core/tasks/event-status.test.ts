import { describe, expect, it } from "vitest";
import { EVENT_STATUS_RULES, statusFromEvent } from "../../../src/core/tasks/event-status.ts";

const EXPECTED: Record<string, string> = {
  "task.started": "in_progress",
  "task.approved": "in_progress",
  "task.completed": "completed",
  "task.cancelled": "cancelled",
  "task.blocked": "blocked",
  "task.resumed": "in_progress",
  "task.backlog_added": "backlog",
  "task.backlog_picked": "in_progress",
  "backlog.auto_picked": "in_progress",
  "zombie.abandoned": "abandoned",
  task_created: "pending",
  task_started: "in_progress",
  task_completed: "completed",
  task_failed: "failed",
  human_query_requested: "blocked",
  task_resumed_after_human_query: "in_progress",
};

describe("EVENT_STATUS_RULES", () => {
  it("has an expectation for every row", () => {
    expect(EVENT_STATUS_RULES.map((r) => r.type).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(EVENT_STATUS_RULES.map((r) => [r.type, EXPECTED[r.type]] as const))(
    "%s leaves the task %s",
    (type, status) => {
      expect(statusFromEvent(type, {})).toBe(status);
    },
  );

  it("reads the data where a row depends on it", () => {
    expect(statusFromEvent("task.started", { requiresApproval: true })).toBe("pending_approval");
    expect(statusFromEvent("zombie.abandoned", { action: "moved_to_backlog" })).toBe("backlog");
  });

  it("lets a valid status field win, and ignores events that say nothing", () => {
    expect(statusFromEvent("task.updated", { status: "blocked" })).toBe("blocked");
    expect(statusFromEvent("task.updated", { status: "weird" })).toBeNull();
    expect(statusFromEvent("continuation.sent", {})).toBeNull();
  });
});
