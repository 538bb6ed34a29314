import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import { buildTasks } from "../../../src/core/tasks/build-tasks.ts";
import type { TaskFile } from "../../../src/core/tasks/task-file.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 1, 20, 9);
const NOW = T0 + 60 * MINUTE;

let line = 0;
/** An event as classification leaves it, each on a line of its own; only what buildTasks reads is varied. */
function ev(
  type: string,
  ts: number,
  fields: Partial<CanonicalEvent> = {},
  facts: EventFacts = {},
): CanonicalEvent {
  return canonicalEvent({
    type,
    ts,
    agentId: "eden",
    eventRole:
      type.startsWith("task.") || type.startsWith("continuation.")
        ? "orchestration.task"
        : "conversation.main",
    facts,
    file: "logs/coordination-events.ndjson",
    line: ++line,
    ...fields,
  });
}

const NO_FILES = { taskFiles: [], history: [] };

describe("buildTasks", () => {
  it("makes a task that only events know, with the status, work session and times they show", () => {
    const { tasks, findings } = buildTasks(
      NO_FILES,
      [
        ev("task.started", T0, { taskId: "task_a", workSessionId: "ws_1" }, { priority: "high" }),
        ev("task.updated", T0 + MINUTE, { taskId: "task_a" }),
        ev("task.completed", T0 + 5 * MINUTE, { taskId: "task_a" }),
      ],
      NOW,
    );
    expect(findings).toEqual([]);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      taskId: "task_a",
      agentId: "eden",
      status: "completed",
      priority: "high",
      workSessionId: "ws_1",
      createdMs: T0,
      lastActivityMs: T0 + 5 * MINUTE,
      sources: ["events"],
    });
  });

  it("makes no task of agent-to-agent traffic that merely names one, but hands it on as the task's event", () => {
    const send = ev("a2a.send", T0, { taskId: "task_b" }, { message: "hi" });
    const { tasks, taskEvents } = buildTasks(NO_FILES, [send, ev("a2a.send", T0 + MINUTE)], NOW);
    expect(tasks).toEqual([]);
    expect([...taskEvents]).toEqual([["task_b", [send]]]);
  });

  it("keeps a task file's status over what its events say, and adds them as a source", () => {
    const file: TaskFile = {
      id: "task_c",
      status: "blocked",
      priority: "medium",
      created: new Date(T0).toISOString(),
      extraMetadata: [],
      description: "Rotate the certificates",
      steps: null,
      progress: ["Task started"],
      lastActivity: new Date(T0 + MINUTE).toISOString(),
      extraSections: [],
    };
    const read = { agentId: "seum", file: "workspace-seum/tasks/task_c.md", record: file };
    const { tasks, taskFiles } = buildTasks(
      { taskFiles: [read], history: [] },
      [ev("task.completed", T0 + 2 * MINUTE, { taskId: "task_c", agentId: "seum" })],
      NOW,
    );
    expect(tasks[0]).toMatchObject({ taskId: "task_c", status: "blocked", sources: ["file", "events"] });
    expect([...taskFiles]).toEqual([["task_c", read]]);
  });

  it("counts the continuation runner's nudges and backoffs, and the longest wait before a nudge", () => {
    const { tasks } = buildTasks(
      NO_FILES,
      [
        ev("task.started", T0, { taskId: "task_d" }),
        ev("continuation.sent", T0 + 3 * MINUTE, { taskId: "task_d" }),
        ev("task.updated", T0 + 4 * MINUTE, { taskId: "task_d" }),
        ev("continuation.sent", T0 + 5 * MINUTE, { taskId: "task_d" }),
        ev("continuation.backoff", T0 + 6 * MINUTE, { taskId: "task_d" }, { reason: "rate_limit" }),
        ev("continuation.backoff", T0 + 7 * MINUTE, { taskId: "task_d" }),
      ],
      NOW,
    );
    expect(tasks[0]?.continuation).toEqual({
      sent: 2,
      backoffs: 2,
      backoffReasons: ["rate_limit", "unknown"],
      maxDelayMs: 3 * MINUTE,
    });
  });

  it("pairs a question with its answer on the task it names", () => {
    const v11 = { source: "v1.1" as const, taskId: "task_e" };
    const { tasks } = buildTasks(
      NO_FILES,
      [
        ev("task_created", T0, v11),
        ev("human_query_requested", T0 + MINUTE, v11, { question: "Which region?" }),
        ev("human_query_answered", T0 + 9 * MINUTE, v11, { answer: "ap-northeast-2" }),
      ],
      NOW,
    );
    expect(tasks[0]?.humanQueries).toEqual([
      {
        question: "Which region?",
        askedMs: T0 + MINUTE,
        answer: "ap-northeast-2",
        answeredMs: T0 + 9 * MINUTE,
      },
    ]);
  });

  it("reports an answer that names no task while several questions are open, and matches it to none", () => {
    const scope = { source: "v1.1" as const, workSessionId: "run_1" };
    const answer = ev("human_query_answered", T0 + 5 * MINUTE, scope, { answer: "yes" });
    const { tasks, findings } = buildTasks(
      NO_FILES,
      [
        ev("human_query_requested", T0, { ...scope, taskId: "task_f" }, { question: "Deploy tonight?" }),
        ev(
          "human_query_requested",
          T0 + MINUTE,
          { ...scope, taskId: "task_g" },
          { question: "Open the DB?" },
        ),
        answer,
      ],
      NOW,
    );
    expect(findings).toEqual([
      {
        file: answer.file,
        line: answer.line,
        reason:
          "an answer names no task while 2 questions are open (task_f, task_g); it was not matched to any",
      },
    ]);
    expect(tasks.flatMap((t) => t.humanQueries).every((q) => q.answer === undefined)).toBe(true);
  });

  it("lists tasks oldest first, ties by id, and flags a task started long ago and never updated", () => {
    const day = 24 * 60 * MINUTE;
    const { tasks } = buildTasks(
      NO_FILES,
      [
        ev("task.started", T0, { taskId: "task_z" }),
        ev("task.started", T0, { taskId: "task_y" }),
        ev("task.started", T0 - MINUTE, { taskId: "task_x" }),
      ],
      T0 + 3 * day,
    );
    expect(tasks.map((t) => t.taskId)).toEqual(["task_x", "task_y", "task_z"]);
    expect(tasks[0]?.flags).toContain("stale_in_progress");
  });
});
