import { describe, expect, it } from "vitest";
import { dedupeEvents } from "../../src/core/dedupe.ts";
import { eventId, type BaseEvent, type DistinctEvent } from "../../src/core/event.ts";
import { eventData } from "../../src/core/event-data.ts";
import { baseEvent } from "../helpers/events.ts";
import { bytes } from "../helpers/line-ref.ts";

/** An OpenClaw-like event: no id of its own, so it is fingerprinted; its line holds `data`. */
const oc = (ts: number, file: string, line: number, data: Record<string, unknown> = {}): BaseEvent =>
  baseEvent({ ts, agentId: "eden", file, line }, data);
/** A v1.1-like event with the producer's id; its line holds the id and `data`. */
const v11 = (
  id: string,
  ts: number,
  file: string,
  line: number,
  data: Record<string, unknown> = {},
): BaseEvent => baseEvent({ id, ts, source: "v1.1", agentId: "eden", file, line }, data);
const dataOf = (e: BaseEvent): Record<string, unknown> => eventData(e);

describe("dedupeEvents", () => {
  it("orders by time, then id, producer ids and fingerprints alike", () => {
    const { events } = dedupeEvents([v11("b", 2, "f", 1), oc(1, "f", 2), v11("a", 2, "f", 3), oc(2, "f", 4)]);
    const fp2 = eventId(oc(2, "f", 4));
    expect(events.map((e) => [e.ts, eventId(e)])).toEqual([
      [1, eventId(oc(1, "f", 2))],
      ...[
        [2, "a"],
        [2, "b"],
        [2, fp2],
      ].sort((x, y) => (String(x[1]) < String(y[1]) ? -1 : 1)),
    ]);
  });

  it("counts copies of a line once and keeps the first file and line, whatever the read order", () => {
    const copies = [oc(5, "b.ndjson", 1), oc(5, "a.ndjson", 9), oc(5, "a.ndjson", 3)];
    for (const order of [copies, [...copies].reverse()]) {
      const result = dedupeEvents(order);
      expect(result.duplicates).toBe(2);
      expect(result.events).toHaveLength(1);
      expect(result.events[0]).toMatchObject({ file: "a.ndjson", line: 3 });
      expect(result.findings).toEqual([]);
    }
  });

  it("keeps distinct events that share a fingerprint, numbered in line order whatever the read order", () => {
    const run = [oc(5, "a", 1, { m: "y" }), oc(5, "a", 2, { m: "x" }), oc(5, "a", 3, { m: "y" })];
    for (const order of [run, [...run].reverse()]) {
      const result = dedupeEvents(order);
      expect(result.duplicates).toBe(1);
      expect(result.events.map((e) => [eventId(e).slice(-2), dataOf(e)["m"], e.line])).toEqual([
        ["~1", "x", 2],
        ["~2", "y", 1],
      ]);
      expect(eventId(result.events[0] as BaseEvent)).toBe(`${eventId(run[0] as BaseEvent)}~1`);
    }
  });

  it("writes each distinct fingerprinted event's final id on it, twins numbered, and none on producer ids", () => {
    const run: DistinctEvent[] = [
      oc(5, "a", 1, { m: "y" }),
      oc(5, "a", 2, { m: "x" }),
      oc(6, "a", 3),
      v11("evt-1", 5, "a", 4),
    ];
    const { events } = dedupeEvents(run);
    const fingerprint = eventId(run[0] as BaseEvent);
    // "evt-1" sorts before the fingerprint ids of its time ("fp-5-…").
    expect(events.map((e) => [e.id, e.madeId])).toEqual([
      ["evt-1", undefined],
      [null, `${fingerprint}~1`],
      [null, `${fingerprint}~2`],
      [null, eventId(oc(6, "a", 3))],
    ]);
    // The event kept as it was read is the one given the id; twins are copies.
    expect(run[2]?.madeId).toBe(eventId(oc(6, "a", 3)));
    expect(run[0]?.madeId).toBeUndefined();
  });

  it("gives the same events again to a second dedupe of the same events", () => {
    const run = [
      oc(5, "a", 1, { m: "y" }),
      oc(5, "a", 2, { m: "x" }),
      oc(5, "b", 1, { m: "y" }),
      oc(6, "a", 3),
    ];
    const first = dedupeEvents(run);
    const second = dedupeEvents(run);
    expect(second.events).toEqual(first.events);
    expect(second.duplicates).toBe(first.duplicates);
  });

  it("keeps the first copy of a producer id and reports one used for different content", () => {
    const result = dedupeEvents([
      v11("evt-1", 5, "a", 2, { n: 2 }),
      v11("evt-1", 5, "a", 1, { n: 1 }),
      v11("evt-1", 5, "b", 1, { n: 1 }),
    ]);
    expect(result.duplicates).toBe(2);
    expect(result.events.map((e) => dataOf(e)["n"])).toEqual([1]);
    expect(result.findings).toEqual([
      {
        file: "a",
        line: 2,
        reason: 'event id "evt-1" is used again with different content; kept the copy at a:1',
      },
    ]);
  });

  it("reports every changed copy of an id used hundreds of thousands of times", () => {
    const copies = Array.from({ length: 200_001 }, (_, i) => v11("evt_1", i, "f", i + 1));
    const result = dedupeEvents(copies);
    expect(result.events).toHaveLength(1);
    expect(result.findings).toHaveLength(200_000);
  });

  it("treats a producer id seen at two times as one event with a conflict", () => {
    const result = dedupeEvents([v11("evt-1", 5, "a", 1), v11("evt-1", 9, "a", 2)]);
    expect(result.events.map((e) => e.ts)).toEqual([5]);
    expect(result.findings).toHaveLength(1);
  });

  it("takes a pretty-printed copy of a line for the same content, but not one with other values or key order", () => {
    const compact = '{"type":"user","uuid":"u-1","sessionId":"s1","message":{"role":"user","content":"hi"}}';
    const pretty =
      '{\n  "type": "user",\n  "uuid": "u-1",\n  "sessionId": "s1",\n  "message": {\n    "role": "user",\n    "content": "hi"\n  }\n}';
    const copy = (file: string, text: string): BaseEvent =>
      baseEvent({ id: "u-1", ts: 5, source: "claude_code", file, line: 1, raw: bytes(text) });
    const same = dedupeEvents([copy("p/s1.jsonl", compact), copy("logs/chat.json", pretty)]);
    expect(same.duplicates).toBe(1);
    expect(same.findings).toEqual([]);
    expect(same.events[0]?.file).toBe("logs/chat.json");

    const changed = compact.replace('"hi"', '"bye"');
    const reordered =
      '{"uuid":"u-1","type":"user","sessionId":"s1","message":{"role":"user","content":"hi"}}';
    for (const other of [changed, reordered]) {
      const result = dedupeEvents([copy("p/s1.jsonl", compact), copy("p/t.jsonl", other)]);
      expect(result.duplicates).toBe(1);
      expect(result.findings.map((f) => f.file)).toEqual(["p/t.jsonl"]);
    }
  });
});
