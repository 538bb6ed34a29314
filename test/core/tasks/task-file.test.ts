import { describe, expect, it } from "vitest";
import { countSteps, TaskFile, TaskStatus } from "../../../src/core/tasks/task-file.ts";

describe("countSteps", () => {
  it("counts steps by state, and a file without steps as none", () => {
    expect(
      countSteps([
        { id: "s1", content: "a", status: "done" },
        { id: "s2", content: "b", status: "done" },
        { id: "s3", content: "c", status: "in_progress" },
        { id: "s4", content: "d", status: "pending" },
        { id: "s5", content: "e", status: "skipped" },
      ]),
    ).toEqual({ total: 5, done: 2, inProgress: 1, pending: 1, skipped: 1 });
    expect(countSteps(null)).toEqual({ total: 0, done: 0, inProgress: 0, pending: 0, skipped: 0 });
  });
});

describe("TaskFile", () => {
  const task = {
    id: "task_1",
    status: "paused",
    priority: "medium",
    created: "2026-02-13T12:00:00.000Z",
    extraMetadata: [],
    description: "",
    steps: null,
    progress: [],
    lastActivity: "",
    extraSections: [],
  };

  it("keeps a status as written, even one the tools' list does not hold", () => {
    expect(TaskFile.parse(task).status).toBe("paused");
    expect(TaskStatus.safeParse("paused").success).toBe(false);
    expect(TaskStatus.safeParse("pending_approval").success).toBe(true);
  });

  it("takes JSON blocks only as objects", () => {
    expect(TaskFile.safeParse({ ...task, blocking: { blockedReason: "x" } }).success).toBe(true);
    expect(TaskFile.safeParse({ ...task, blocking: ["x"] }).success).toBe(false);
  });
});
