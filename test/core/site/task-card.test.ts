import { describe, expect, it } from "vitest";
import type { TaskSummary } from "../../../src/core/tasks/task-summary.ts";
import { TaskCard, taskCard, taskTitle } from "../../../src/core/site/task-card.ts";
import { event, task as taskOf } from "./fixtures.ts";

const task = (extra: Partial<TaskSummary> = {}): TaskSummary =>
  taskOf("task_8941a7ebb957ffab2a74", { description: "", ...extra });

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
});

describe("taskCard", () => {
  it("shows the title its events give, and the first question a person still owes", () => {
    const card = taskCard(
      task({
        workSessionId: "ws:1",
        humanQueries: [
          { question: "이미 답한 질문", askedMs: 1, answeredMs: 2, answer: "네" },
          { question: "배포해도 될까요?", askedMs: 3 },
          { question: "그 다음 질문", askedMs: 4 },
        ],
      }),
      [event({ facts: { message: "[Goal] 프로덕션 배포" } })],
    );
    expect(TaskCard.safeParse(card).success).toBe(true);
    expect(card.title).toBe("프로덕션 배포");
    expect(card.pendingQuestion).toBe("배포해도 될까요?");
    expect(card.segment).toBe("task_8941a7ebb957ffab2a74");
    expect([card.workSessionId, card.sessionSegment]).toEqual(["ws:1", "ws.1"]);
    expect(card.lastActivityMs).toBeNull();
  });

  it("has no pending question when every question was answered, and no session when it names none", () => {
    const card = taskCard(task({ humanQueries: [{ question: "q", askedMs: 1, answeredMs: 2 }] }), []);
    expect(card.pendingQuestion).toBeNull();
    expect([card.workSessionId, card.sessionSegment]).toEqual([null, null]);
    expect(card.title).toBe("task_8941a7ebb957ffab2a74");
  });
});
