import { describe, expect, it } from "vitest";
import { formatTaskFile } from "../../../src/core/tasks/format-task-file.ts";
import { parseHistory } from "../../../src/core/tasks/history.ts";
import { parseTaskFile } from "../../../src/core/tasks/parse-task-file.ts";
import { countSteps } from "../../../src/core/tasks/task-file.ts";
import { createLog } from "../../../scripts/sample/log.ts";
import { createRng } from "../../../scripts/sample/rng.ts";
import type { Flow } from "../../../scripts/sample/scenarios.ts";
import { formatHistoryEntry, runTask, TASK_ENDINGS, type TaskEnding } from "../../../scripts/sample/tasks.ts";

const START = Date.UTC(2026, 1, 20, 9);
const END = START + 90 * 60_000;

function run(ending: TaskEnding, seed = 1) {
  const flow: Flow = { log: createLog(), rng: createRng(seed), ws: "ws_1", legacy: false, taskId: "task_1" };
  const task = runTask(flow, "eden", "Fix the flaky login test", START, END, ending);
  const events = flow.log.lines.map(
    (l) => JSON.parse(l.text) as { type: string; data: Record<string, unknown> },
  );
  return { task, events };
}

const STATUS: Record<TaskEnding, string> = {
  completed: "completed",
  force_completed: "completed",
  cancelled: "cancelled",
  in_progress: "in_progress",
  blocked: "blocked",
  backlog: "backlog",
  pending_approval: "pending_approval",
  zombie: "backlog",
};

describe("runTask", () => {
  it.each([...new Set(TASK_ENDINGS)].map((e) => [e]))(
    "%s: starts the task on the log and leaves its file in the matching status",
    (ending) => {
      const { task, events } = run(ending);
      expect(events[0]?.type).toBe("task.started");
      expect(events.every((e) => e.data["taskId"] === "task_1")).toBe(true);
      expect(task.file.status).toBe(STATUS[ending]);
      expect(task.file.workSessionId).toBe("ws_1");
      expect(task.archived !== undefined).toBe(
        ["completed", "force_completed", "cancelled"].includes(ending),
      );
    },
  );

  it("forces a completion with steps left open, and says so in the progress log", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { task } = run("force_completed", seed);
      const steps = countSteps(task.file.steps);
      expect(steps.total).toBeGreaterThan(steps.done);
      expect(task.file.progress.some((p) => p.startsWith("Force completed with"))).toBe(true);
    }
  });

  it("writes task files that the task file parser reads back unchanged", () => {
    for (const ending of TASK_ENDINGS) {
      const { task } = run(ending, 4);
      const parsed = parseTaskFile(formatTaskFile(task.file), "x");
      expect(parsed.problems, ending).toEqual([]);
      expect(parsed.task, ending).toEqual(task.file);
    }
  });
});

describe("formatHistoryEntry", () => {
  it("writes an entry the history parser reads back: id, status, duration, progress and summary", () => {
    const { task } = run("cancelled");
    const { entries, problems } = parseHistory(`# Task History\n${formatHistoryEntry(task)}\n`);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      taskId: "task_1",
      description: "Fix the flaky login test",
      status: "cancelled",
      duration: "1h 30m",
      archivedAt: new Date(END).toISOString(),
      progress: task.file.progress,
      summary: "Cancelled: 요구사항 변경",
    });
  });

  it("refuses a task that was never archived", () => {
    expect(() => formatHistoryEntry(run("in_progress").task)).toThrow("task_1 was not archived");
  });
});
