import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../../src/core/tasks/history.ts";
import type { TaskFile } from "../../../src/core/tasks/task-file.ts";
import type { LoadedInput } from "../../../src/core/input.ts";
import { distinctTaskFiles, summarizeTasks, taskFilesById } from "../../../src/core/tasks/task-summary.ts";

const file = (id: string, status: string, created: string): TaskFile => ({
  id,
  status,
  priority: "high",
  created,
  extraMetadata: [],
  description: `do ${id}`,
  progress: [],
  lastActivity: created,
  extraSections: [],
  steps: [
    { id: "s1", content: "a", status: "done" },
    { id: "s2", content: "b", status: "in_progress" },
    { id: "s3", content: "c", status: "pending" },
    { id: "s4", content: "d", status: "skipped" },
  ],
  workSessionId: `ws_${id}`,
});
const history = (taskId: string, status: "completed" | "cancelled"): HistoryEntry => ({
  taskId,
  description: `did ${taskId}`,
  archivedAt: "2026-02-03T00:00:00.000Z",
  status,
  priority: "low",
  started: "2026-02-01T00:00:00.000Z",
  completed: "2026-02-03T00:00:00.000Z",
  progress: [],
  line: 3,
});

/** Task files and history merged, with the task files by id as buildTasks hands them over. */
const summarize = (input: Pick<LoadedInput, "taskFiles" | "history">) =>
  summarizeTasks(taskFilesById(input.taskFiles), input.history);

describe("summarizeTasks", () => {
  it("counts steps by state and keeps the work session", () => {
    const [task] = summarize({
      taskFiles: [
        { agentId: "eden", file: "f", record: file("task_a", "in_progress", "2026-02-01T00:00:00.000Z") },
      ],
      history: [],
    });
    expect(task).toMatchObject({
      taskId: "task_a",
      agentId: "eden",
      status: "in_progress",
      workSessionId: "ws_task_a",
      steps: { total: 4, done: 1, inProgress: 1, pending: 1, skipped: 1 },
      sources: ["file"],
    });
  });

  it("lets history's status win over a task file left behind, and keeps the file's steps", () => {
    const [task] = summarize({
      taskFiles: [
        { agentId: "eden", file: "f", record: file("task_a", "in_progress", "2026-02-01T00:00:00.000Z") },
      ],
      history: [{ agentId: "eden", file: "h", record: history("task_a", "cancelled") }],
    });
    expect(task).toMatchObject({
      status: "cancelled",
      sources: ["file", "history"],
      steps: { total: 4 },
      lastActivityMs: Date.parse("2026-02-03T00:00:00.000Z"),
    });
  });

  it("lists history-only tasks with zero steps, and a status it does not know as unknown", () => {
    const tasks = summarize({
      taskFiles: [
        { agentId: "seum", file: "f", record: file("task_z", "paused", "2026-01-01T00:00:00.000Z") },
      ],
      history: [{ agentId: "eden", file: "h", record: history("task_b", "completed") }],
    });
    expect(tasks.map((t) => [t.taskId, t.status, t.steps.total])).toEqual([
      ["task_z", "unknown", 4],
      ["task_b", "completed", 0],
    ]);
  });

  it("takes a task's several history entries in order: the first start, the last status and end", () => {
    const entry = (status: "completed" | "cancelled", started: string | undefined, completed: string) => ({
      agentId: "eden",
      file: "h",
      record: { ...history("task_h", status), started, completed },
    });
    const [task] = summarize({
      taskFiles: [],
      history: [
        entry("completed", undefined, "2026-02-03T00:00:00.000Z"),
        entry("completed", "2026-02-02T00:00:00.000Z", "2026-02-05T00:00:00.000Z"),
        entry("cancelled", "2026-02-04T00:00:00.000Z", "not a time"),
      ],
    });
    expect(task).toMatchObject({
      status: "cancelled",
      description: "did task_h",
      createdMs: Date.parse("2026-02-02T00:00:00.000Z"),
      lastActivityMs: Date.parse("2026-02-05T00:00:00.000Z"),
      sources: ["history"],
    });
  });

  it("takes the later of two files it is given for one task (analyze gives it one per task: distinctTaskFiles)", () => {
    const tasks = summarize({
      taskFiles: [
        { agentId: "eden", file: "a", record: file("task_a", "pending", "2026-02-01T00:00:00.000Z") },
        { agentId: "seum", file: "b", record: file("task_a", "blocked", "2026-02-01T00:00:00.000Z") },
      ],
      history: [],
    });
    expect(tasks.map((t) => [t.agentId, t.status])).toEqual([["seum", "blocked"]]);
  });
});

describe("distinctTaskFiles", () => {
  const read = (path: string, agentId: string, id: string, status = "pending") => ({
    agentId,
    file: path,
    record: file(id, status, "2026-02-01T00:00:00.000Z"),
  });

  it("keeps the first file in path order of a task id, and makes each other a finding naming both", () => {
    const later = read("workspace-seum/tasks/task_a.md", "seum", "task_a", "blocked");
    const first = read("workspace-eden/tasks/task_a.md", "eden", "task_a");
    const other = read("workspace-eden/tasks/task_b.md", "eden", "task_b");
    const { taskFiles, findings } = distinctTaskFiles([later, first, other]);
    expect(taskFiles).toEqual([first, other]);
    expect(findings).toEqual([
      {
        file: "workspace-seum/tasks/task_a.md",
        line: 0,
        reason:
          'task "task_a" is also in workspace-eden/tasks/task_a.md, which is kept as the first in path order; this file was not merged',
      },
    ]);
    expect(summarize({ taskFiles, history: [] }).map((t) => [t.taskId, t.agentId, t.status])).toEqual([
      ["task_a", "eden", "pending"],
      ["task_b", "eden", "pending"],
    ]);
  });

  it("gives one finding per extra file, and none when every id is its own", () => {
    const files = ["a", "b", "c"].map((p) => read(`${p}.md`, "eden", "task_a"));
    expect(distinctTaskFiles(files).findings.map((f) => f.file)).toEqual(["b.md", "c.md"]);
    expect(
      distinctTaskFiles([read("a.md", "eden", "task_a"), read("b.md", "eden", "task_b")]).findings,
    ).toEqual([]);
  });
});
