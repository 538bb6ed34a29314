import { describe, expect, it } from "vitest";
import { noSignals, type TaskSummary } from "../../../src/core/tasks/task-summary.ts";
import { taskCard, taskTitle } from "../../../src/core/site/task-card.ts";

const task = (extra: Partial<TaskSummary> = {}): TaskSummary => ({
  taskId: "task_8941a7ebb957ffab2a74",
  agentId: "eden",
  status: "in_progress",
  priority: "high",
  description: "",
  steps: { total: 0, done: 0, inProgress: 0, pending: 0, skipped: 0 },
  sources: ["events"],
  ...noSignals(),
  ...extra,
});

describe("taskTitle", () => {
  it.each([
    [
      "its description",
      task({ description: "Ship the billing webhook" }),
      [{ type: "a2a.send", data: { message: "[Goal] other" } }],
      "Ship the billing webhook",
    ],
    [
      "the goal of its messages",
      task(),
      [{ type: "a2a.send", data: { message: "[Goal] 프로덕션 배포 승인 요청\n\n세부 사항" } }],
      "프로덕션 배포 승인 요청",
    ],
    [
      "the first user-facing line",
      task(),
      [{ type: "a2a.response", data: { message: "[[reply_to_current]] 확인했습니다." } }],
      "확인했습니다.",
    ],
    ["its id when nothing else says what it is", task(), [], "task_8941a7ebb957ffab2a74"],
  ])("is %s", (_what, t, events, title) => {
    expect(taskTitle(t, events)).toBe(title);
  });

  it("is what the task's card shows, with the question a person still owes", () => {
    const card = taskCard(task({ humanQueries: [{ question: "배포해도 될까요?", askedMs: 1 }] }), "Deploy");
    expect(card.title).toBe("Deploy");
    expect(card.pendingQuestion).toBe("배포해도 될까요?");
    expect(card.segment).toBe("task_8941a7ebb957ffab2a74");
  });
});
