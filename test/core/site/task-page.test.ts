import { describe, expect, it } from "vitest";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { taskMessages, TaskPage, taskPages } from "../../../src/core/site/task-page.ts";
import type { TaskFile } from "../../../src/core/tasks/task-file.ts";
import { analysis, event, task } from "./fixtures.ts";

const names = new Map([["42", "eden"]]);

describe("taskPages", () => {
  const events = [
    event({ fromAgent: "nuri", toAgent: "main", facts: { message: "<@42> 진행할까요?" } }),
    event({ type: "task.started", facts: {} }),
  ];
  const file = { file: "workspace-nuri/tasks/task_a.md", record: {} as TaskFile };
  const data = analysis(
    {
      tasks: [
        task("task_a", { description: "", humanQueries: [{ question: "승인?", askedMs: 1 }] }),
        task("task_b"),
      ],
    },
    {
      taskEvents: new Map([["task_a", events]]),
      taskFiles: new Map([["task_a", file]]),
      mentionNames: names,
    },
  );
  const lookups = siteLookups(data);
  const [a, b] = taskPages(data, lookups);

  it("makes one page per task that takes its segment, title and pending question from the task's card", () => {
    const card = lookups.taskCards.get("task_a");
    expect([a?.segment, a?.title, a?.pendingQuestion]).toEqual([
      card?.segment,
      card?.title,
      card?.pendingQuestion,
    ]);
    expect(a?.pendingQuestion).toBe("승인?");
    expect(b?.title).toBe("Task task_b");
  });

  it("holds the task's file and where it was read, and counts its events", () => {
    expect([a?.file, a?.filePath, a?.history]).toEqual([file.record, file.file, null]);
    expect([b?.file, b?.filePath]).toEqual([null, null]);
    expect([a?.eventCount, b?.eventCount]).toEqual([2, 0]);
  });

  it("passes its schema with a conversation of transcript turns", () => {
    expect(TaskPage.safeParse({ ...a, file: null }).success).toBe(true);
    expect(a?.messages).toEqual([
      {
        id: events[0]?.id,
        ts: events[0]?.ts,
        type: "a2a.send",
        from: "nuri",
        to: "main",
        text: "@eden 진행할까요?",
      },
    ]);
  });
});

describe("taskMessages", () => {
  it("keeps at most 300 messages of at most 4000 characters, from the sender or else the emitter", () => {
    const long = event({ fromAgent: null, agentId: "eden", facts: { message: "x".repeat(5_000) } });
    const messages = taskMessages([long, ...Array.from({ length: 400 }, () => long)], names);
    expect(messages).toHaveLength(300);
    expect(messages[0]?.text).toHaveLength(4_000);
    expect(messages[0]?.from).toBe("eden");
  });
});
