import { describe, expect, it } from "vitest";
import { normalizeCoordination } from "../../../src/core/formats/openclaw.ts";

const ref = (text: string) => ({ file: "logs/coordination-events.ndjson", line: 7, text });
const run = (value: Record<string, unknown>) => normalizeCoordination(value, ref(JSON.stringify(value)));

describe("normalizeCoordination", () => {
  it("lifts the join fields out of data and keeps data unchanged", () => {
    const data = { fromAgent: "eden", toAgent: "seum", conversationId: "c-1", workSessionId: "ws_1", taskId: "task_1", message: "hi" };
    const { event, problems } = run({ type: "a2a.send", agentId: "eden", ts: 1739500000000, data });
    expect(problems).toEqual([]);
    expect(event).toMatchObject({ type: "a2a.send", source: "openclaw", agentId: "eden", ts: 1739500000000, fromAgent: "eden", toAgent: "seum", conversationId: "c-1", workSessionId: "ws_1", taskId: "task_1" });
    expect(event?.data).toBe(data);
    expect(event?.origin).toEqual({ file: "logs/coordination-events.ndjson", line: 7 });
  });

  it.each([
    ["ts", { ts: 1739500000000 }],
    ["timestampMs", { timestampMs: 1739500000000 }],
    ["ISO timestamp", { timestamp: "2025-02-14T02:26:40.000Z" }],
  ])("reads the time from %s", (_name, time) => {
    expect(run({ type: "task.started", agentId: "eden", ...time, data: {} }).event?.ts).toBe(1739500000000);
  });

  it("gives an id-less event a fingerprint of its line, the same for the same line", () => {
    const text = '{"type":"task.updated","agentId":"eden","ts":1,"data":{"taskId":"t"}}';
    const a = normalizeCoordination(JSON.parse(text), ref(text)).event;
    const b = normalizeCoordination(JSON.parse(text), { ...ref(text), line: 99 }).event;
    expect(a?.id).toMatch(/^fp-[0-9a-f]{16}$/);
    expect(a?.id).toBe(b?.id);
  });

  it("keeps a producer's id", () => {
    expect(run({ id: "evt-9", type: "a2a.send", ts: 1, data: {} }).event?.id).toBe("evt-9");
  });

  it("takes the target from auto_route's targetAgentId and from a spawn's session key", () => {
    expect(run({ type: "a2a.auto_route", ts: 1, data: { senderAgentId: "eden", targetAgentId: "miri" } }).event).toMatchObject({ fromAgent: "eden", toAgent: "miri" });
    expect(run({ type: "a2a.spawn", ts: 1, data: { fromAgent: "eden", targetSessionKey: "agent:explorer:subagent:1234" } }).event?.toAgent).toBe("explorer");
  });

  it("keeps an unknown type", () => {
    expect(run({ type: "gateway.restarted", agentId: "main", ts: 5, data: {} }).event?.type).toBe("gateway.restarted");
  });

  it("rejects an event without a type, naming the field", () => {
    const { event, problems } = run({ agentId: "eden", ts: 1 });
    expect(event).toBeNull();
    expect(problems[0]).toMatch(/^OpenClaw event: type: /);
  });

  it("rejects an event with no usable time", () => {
    const { event, problems } = run({ type: "a2a.send", timestamp: "yesterday", data: {} });
    expect(event).toBeNull();
    expect(problems).toEqual(["OpenClaw event has no usable time (ts, timestampMs or timestamp)"]);
  });

  it("rejects data that is not an object", () => {
    expect(run({ type: "a2a.send", ts: 1, data: [1, 2] }).problems[0]).toMatch(/data should be an object/);
  });

  it("keeps an event whose join field has the wrong type, and says which field", () => {
    const { event, problems } = run({ type: "a2a.send", ts: 1, data: { conversationId: 42 } });
    expect(event?.conversationId).toBeNull();
    expect(event?.data["conversationId"]).toBe(42);
    expect(problems).toEqual(['field "conversationId" should be text but is a number']);
  });
});
