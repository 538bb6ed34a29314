import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../src/core/event.ts";
import { classifyEvent } from "../../src/core/classify/classify-event.ts";
import { EventLine, TOO_DEEP, toEventLine } from "../../src/core/event-line.ts";
import { normalizeLine } from "../../src/core/formats/normalize-line.ts";
import { classifiedEvent } from "../helpers/events.ts";
import { lineRef } from "../helpers/line-ref.ts";

/** A line read and classified as analyze does it, with eden and seum as main agents. */
function read(value: Record<string, unknown>, line = 3): CanonicalEvent {
  return classifiedEvent(value, ["main", "eden", "seum"], "logs/coordination-events.ndjson", line);
}

const SEND = {
  type: "a2a.send",
  agentId: "eden",
  ts: Date.UTC(2026, 1, 20, 9),
  data: {
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c1",
    workSessionId: "ws_1",
    message: "프로덕션 배포 후 게이트웨이 장애 대응",
  },
};

describe("toEventLine", () => {
  it("writes the event's fields in one fixed order, its time also as ISO text, and its data", () => {
    const line = JSON.parse(toEventLine(read(SEND))) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual([
      "id",
      "ts",
      "time",
      "type",
      "source",
      "agentId",
      "fromAgent",
      "toAgent",
      "workSessionId",
      "conversationId",
      "taskId",
      "eventRole",
      "fromSessionType",
      "toSessionType",
      "collabCategory",
      "collabSubTags",
      "categoryConfidence",
      "categorySource",
      "file",
      "line",
      "data",
    ]);
    expect(line).toMatchObject({
      ts: SEND.ts,
      time: "2026-02-20T09:00:00.000Z",
      type: "a2a.send",
      source: "openclaw",
      fromAgent: "eden",
      toAgent: "seum",
      workSessionId: "ws_1",
      conversationId: "c1",
      taskId: null,
      eventRole: "conversation.main",
      file: "logs/coordination-events.ndjson",
      line: 3,
      data: SEND.data,
    });
    expect(line["id"]).toMatch(/^fp-/);
    expect(EventLine.safeParse(line).success).toBe(true);
  });

  it("classifies the event's words, and leaves the category empty for an event without text", () => {
    const withText = JSON.parse(toEventLine(read(SEND))) as Record<string, unknown>;
    expect(withText["collabCategory"]).toBe("infra_ops");
    expect(withText["categorySource"]).toBe("rule");
    const silent = JSON.parse(
      toEventLine(read({ type: "gateway.restarted", agentId: "main", ts: 1, data: {} })),
    ) as Record<string, unknown>;
    expect(silent).toMatchObject({
      collabCategory: null,
      collabSubTags: [],
      categoryConfidence: null,
      categorySource: null,
    });
  });

  it("marks a time taken from neighbouring lines, right after the time", () => {
    const event = { ...read(SEND), tsEstimated: true };
    expect(Object.keys(JSON.parse(toEventLine(event)) as object).slice(0, 5)).toEqual([
      "id",
      "ts",
      "time",
      "tsEstimated",
      "type",
    ]);
  });

  it("keeps a payload nested 20,000 levels deep as its text, where writing it again would overflow the stack", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const text = `{"type":"a2a.send","agentId":"eden","ts":1771578000000,"data":{"message":"hi","x":${deep}}}`;
    const { event } = normalizeLine(lineRef("logs/deep.ndjson", 7, text));
    if (event === null) throw new Error("the line should be an event");
    const line = JSON.parse(toEventLine(classifyEvent(event, { mainAgents: new Set(["main"]) }))) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ type: "a2a.send", agentId: "eden", file: "logs/deep.ndjson", line: 7 });
    expect(line["data"]).toEqual({ reason: TOO_DEEP, text });
    expect(EventLine.safeParse(line).success).toBe(true);
  });
});
