import { describe, expect, it } from "vitest";
import { needHumanQuestions, pairQueries, type QueryStep } from "../../../src/core/tasks/human-queries.ts";

const step = (
  kind: "asked" | "answered",
  taskId: string | null,
  ts: number,
  text: string,
  scope = "run_1",
): QueryStep => ({ kind, taskId, scope, text, ts, file: "f", line: ts });

describe("needHumanQuestions", () => {
  it("finds every [NEED_HUMAN: …] marker", () => {
    expect(needHumanQuestions("a [NEED_HUMAN: 열어도 될까요?] b [NEED_HUMAN:  which region? ]")).toEqual([
      "열어도 될까요?",
      "which region?",
    ]);
    expect(needHumanQuestions("[NEED_HUMAN: ]")).toEqual([]);
  });
});

describe("pairQueries", () => {
  it("answers the named task's oldest open question", () => {
    const { byTask } = pairQueries([
      step("asked", "t1", 1, "q1"),
      step("asked", "t1", 2, "q2"),
      step("answered", "t1", 3, "a"),
    ]);
    expect(byTask.get("t1")).toEqual([
      { question: "q1", askedMs: 1, answer: "a", answeredMs: 3 },
      { question: "q2", askedMs: 2 },
    ]);
  });

  it("answers the one open question of the run when the answer names no task", () => {
    const { byTask, ambiguous } = pairQueries([
      step("asked", "t1", 1, "q1"),
      step("asked", "t2", 2, "q2", "run_2"),
      step("answered", null, 3, "a"),
    ]);
    expect(byTask.get("t1")?.[0]?.answer).toBe("a");
    expect(byTask.get("t2")?.[0]?.answer).toBeUndefined();
    expect(ambiguous).toEqual([]);
  });

  it("never guesses when more than one question is open in the run", () => {
    const { byTask, ambiguous } = pairQueries([
      step("asked", "t1", 1, "q1"),
      step("asked", "t2", 2, "q2"),
      step("answered", null, 3, "a"),
    ]);
    expect([...byTask.values()].flat().every((q) => q.answer === undefined)).toBe(true);
    expect(ambiguous.map((a) => a.open)).toEqual([["t1", "t2"]]);
  });

  it("writes an answered question's answer before the time it came, as the Report always has", () => {
    const { byTask } = pairQueries([step("asked", "t1", 1, "q"), step("answered", "t1", 2, "a")]);
    expect(Object.keys(byTask.get("t1")?.[0] ?? {})).toEqual(["question", "askedMs", "answer", "answeredMs"]);
  });
});
