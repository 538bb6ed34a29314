import { describe, expect, it } from "vitest";
import { EventRow, eventRow, eventText } from "../../../src/core/site/event-row.ts";
import { event } from "./fixtures.ts";

const names = new Map([["123", "nuri"]]);

describe("eventText", () => {
  it("reads an event's words with directives dropped and mentions as names", () => {
    expect(eventText(event({ facts: { message: "[[reply_to_current]] <@123> 확인" } }), names)).toBe(
      "@nuri 확인",
    );
  });

  it("falls back on a question, an answer, a reason or an error, and is empty without words", () => {
    expect(eventText(event({ facts: { question: "배포할까요?" } }), names)).toBe("배포할까요?");
    expect(eventText(event({ facts: { error: "boom" } }), names)).toBe("boom");
    expect(eventText(event(), names)).toBe("");
  });
});

describe("eventRow", () => {
  it("begins with the event's reference fields and links its session and task", () => {
    const e = event({ id: "e-1", ts: 42, taskId: "task:A", facts: { status: "ok", message: "hello" } });
    const row = eventRow(e, { id: "ws:1", segment: "ws.1" }, names);
    expect(EventRow.safeParse(row).success).toBe(true);
    expect(row).toEqual({
      id: "e-1",
      ts: 42,
      type: "a2a.send",
      eventRole: "delegation.subagent",
      agentId: "main",
      fromAgent: "main",
      toAgent: "nuri",
      workSessionId: "ws:1",
      sessionSegment: "ws.1",
      taskId: "task:A",
      taskSegment: "task.~41",
      status: "ok",
      summary: "hello",
    });
  });

  it("has no session or task links when the event has neither, and cuts a long text to 200 characters", () => {
    const row = eventRow(event({ facts: { message: "가".repeat(500) } }), null, names);
    expect([row.workSessionId, row.sessionSegment, row.taskId, row.taskSegment, row.status]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(row.summary).toHaveLength(200);
    expect(row.summary.endsWith("…")).toBe(true);
  });
});
