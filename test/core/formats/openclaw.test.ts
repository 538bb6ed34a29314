import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { eventData } from "../../../src/core/event-data.ts";
import { eventId } from "../../../src/core/event.ts";
import {
  CoordinationLine,
  isCoordinationLine,
  normalizeCoordination,
} from "../../../src/core/formats/openclaw.ts";

const ref = (text: string) => lineRef("logs/coordination-events.ndjson", 7, text);
const run = (value: Record<string, unknown>) => normalizeCoordination(value, ref(JSON.stringify(value)));

describe("normalizeCoordination", () => {
  it("lifts the join fields out of data and keeps data unchanged", () => {
    const data = {
      fromAgent: "eden",
      toAgent: "seum",
      conversationId: "c-1",
      workSessionId: "ws_1",
      taskId: "task_1",
      message: "hi",
    };
    const { event, problems } = run({ type: "a2a.send", agentId: "eden", ts: 1739500000000, data });
    expect(problems).toEqual([]);
    expect(event).toMatchObject({
      type: "a2a.send",
      source: "openclaw",
      agentId: "eden",
      ts: 1739500000000,
      fromAgent: "eden",
      toAgent: "seum",
      conversationId: "c-1",
      workSessionId: "ws_1",
      taskId: "task_1",
    });
    expect(event && eventData(event)).toEqual(data);
    expect(event).toMatchObject({ file: "logs/coordination-events.ndjson", line: 7 });
  });

  it.each([
    ["ts", { ts: 1739500000000 }],
    ["timestampMs", { timestampMs: 1739500000000 }],
    ["ISO timestamp", { timestamp: "2025-02-14T02:26:40.000Z" }],
  ])("reads the time from %s", (_name, time) => {
    expect(run({ type: "task.started", agentId: "eden", ...time, data: {} }).event?.ts).toBe(1739500000000);
  });

  it("gives an id-less event a fingerprint, the same for the same line wherever it is read", () => {
    const text = '{"type":"task.updated","agentId":"eden","ts":1,"data":{"taskId":"t"}}';
    const a = normalizeCoordination(JSON.parse(text), ref(text)).event;
    const b = normalizeCoordination(JSON.parse(text), { ...ref(text), line: 99 }).event;
    expect(a?.id).toBeNull();
    const id = a && eventId(a);
    expect(id).toMatch(new RegExp(`^fp-1-${text.length}-[0-9a-f]{8}$`));
    expect(b && eventId(b)).toBe(id);
  });

  it("gives different fingerprints to lines that differ in time, length, type or agent", () => {
    const id = (v: Record<string, unknown>) => {
      const event = run(v).event;
      return event && eventId(event);
    };
    const base = { type: "a2a.send", agentId: "eden", ts: 1, data: { m: "a" } };
    const ids = [
      base,
      { ...base, ts: 2 },
      { ...base, data: { m: "ab" } },
      { ...base, type: "a2a.spawn" },
      { ...base, agentId: "seum" },
    ].map(id);
    expect(new Set(ids).size).toBe(5);
  });

  it("keeps a producer's id", () => {
    expect(run({ id: "evt-9", type: "a2a.send", ts: 1, data: {} }).event?.id).toBe("evt-9");
  });

  it("takes the target from auto_route's targetAgentId and from a spawn's session key", () => {
    expect(
      run({ type: "a2a.auto_route", ts: 1, data: { senderAgentId: "eden", targetAgentId: "miri" } }).event,
    ).toMatchObject({ fromAgent: "eden", toAgent: "miri" });
    expect(
      run({
        type: "a2a.spawn",
        ts: 1,
        data: { fromAgent: "eden", targetSessionKey: "agent:explorer:subagent:1234" },
      }).event?.toAgent,
    ).toBe("explorer");
  });

  it("keeps an unknown type", () => {
    expect(run({ type: "gateway.restarted", agentId: "main", ts: 5, data: {} }).event?.type).toBe(
      "gateway.restarted",
    );
  });

  it("rejects an event without a type, naming the field", () => {
    const { event, problems } = run({ agentId: "eden", ts: 1 });
    expect(event).toBeNull();
    expect(problems[0]).toMatch(/^OpenClaw event: type: /);
  });

  it("rejects an event with no time", () => {
    const { event, problems } = run({ type: "a2a.send", data: {} });
    expect(event).toBeNull();
    expect(problems).toEqual(["OpenClaw event has no usable time (ts, timestampMs or timestamp)"]);
  });

  it("rejects an event whose time is no time, naming the field and the value", () => {
    const { event, problems } = run({ type: "a2a.send", timestamp: "yesterday", data: {} });
    expect(event).toBeNull();
    expect(problems).toEqual([
      'OpenClaw event: timestamp: the time "yesterday" is not an ISO-8601 time of the years 0000–9999',
    ]);
  });

  it("rejects a time outside the years 0000–9999, so no later stage meets it", () => {
    for (const field of ["ts", "timestampMs", "timestamp"]) {
      const { event, problems } = run({ type: "a2a.send", [field]: 1e20, data: {} });
      expect(event, field).toBeNull();
      expect(problems, field).toEqual([
        `OpenClaw event: ${field}: the time 100000000000000000000 is outside the years 0000–9999 (epoch ms -62167046400000 to 253402300799999)`,
      ]);
    }
  });

  it("keeps an event whose time looks like seconds, with a finding saying so", () => {
    const { event, problems } = run({ type: "a2a.send", ts: 1_771_232_460, data: {} });
    expect(event?.ts).toBe(1_771_232_460);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ts: the time 1771232460 looks like seconds, not milliseconds/);
  });

  it("rejects data that is not an object", () => {
    expect(run({ type: "a2a.send", ts: 1, data: [1, 2] }).problems[0]).toMatch(/data should be an object/);
  });

  it("keeps an event whose join field has the wrong type, and says which field", () => {
    const { event, problems } = run({ type: "a2a.send", ts: 1, data: { conversationId: 42 } });
    expect(event?.conversationId).toBeNull();
    expect(event && eventData(event)["conversationId"]).toBe(42);
    expect(problems).toEqual(['field "conversationId" should be text but is a number']);
  });
});

describe("isCoordinationLine", () => {
  const good = {
    type: "a2a.send",
    agentId: "eden",
    ts: 1,
    timestampMs: 2,
    timestamp: "2026-01-01T00:00:00Z",
    id: "e",
    data: {},
  };
  const variants: Array<Record<string, unknown>> = [
    good,
    { type: "a2a.send" },
    { ...good, timestamp: 5 },
    { ...good, type: "" },
    { ...good, type: 3 },
    { ...good, type: undefined },
    { ...good, agentId: 7 },
    { ...good, agentId: null },
    { ...good, ts: "1" },
    { ...good, timestampMs: "2" },
    { ...good, timestamp: true },
    { ...good, id: "" },
    { ...good, id: 5 },
    { ...good, data: [] },
    { ...good, data: null },
    { ...good, data: "x" },
    { ...good, extra: { anything: true } },
  ];
  it.each(variants.map((v) => [JSON.stringify(v), v] as const))(
    "agrees with the zod schema on %s",
    (_name, value) => {
      expect(isCoordinationLine(value)).toBe(CoordinationLine.safeParse(value).success);
    },
  );
});
