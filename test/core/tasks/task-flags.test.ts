import { describe, expect, it } from "vitest";
import {
  STALE_AFTER_MS,
  TASK_FLAG_RULES,
  taskFlags,
  type FlagFacts,
} from "../../../src/core/tasks/task-flags.ts";

const now = 100 * STALE_AFTER_MS;
const facts = (over: Partial<FlagFacts>): FlagFacts => ({
  status: "in_progress",
  steps: { pending: 0, inProgress: 0 },
  progress: ["Task started"],
  eventTypes: new Set(["task.started"]),
  createdMs: now - 1000,
  lastActivityMs: now - 1000,
  nowMs: now,
  ...over,
});

/** Facts that raise each flag, in the order of the table. */
const CASES: FlagFacts[] = [
  facts({ status: "completed", steps: { pending: 1, inProgress: 1 } }),
  facts({
    status: "completed",
    progress: ["Task started", "Force completed with 2 steps remaining: s3, s4"],
  }),
  facts({ lastActivityMs: now - STALE_AFTER_MS - 1 }),
  facts({ status: "backlog", eventTypes: new Set(["task.started", "zombie.abandoned"]) }),
  facts({ status: "pending", progress: [], eventTypes: new Set(), createdMs: now - STALE_AFTER_MS - 1 }),
];

describe("TASK_FLAG_RULES", () => {
  it("has a case for every row", () => {
    expect(CASES).toHaveLength(TASK_FLAG_RULES.length);
  });

  it.each(TASK_FLAG_RULES.map((rule, i) => [rule.flag, CASES[i] as FlagFacts] as const))("%s", (flag, f) => {
    expect(taskFlags(f)).toContain(flag);
  });

  it("raises nothing for a healthy task", () => {
    expect(taskFlags(facts({}))).toEqual([]);
    expect(taskFlags(facts({ status: "completed", steps: { pending: 0, inProgress: 0 } }))).toEqual([]);
  });

  it("reads zombie recovery from the progress log too", () => {
    expect(
      taskFlags(
        facts({
          status: "backlog",
          progress: ["Task started", "Auto-recovered to backlog after zombie detection (reassign #1/3)"],
        }),
      ),
    ).toContain("zombie");
  });
});
