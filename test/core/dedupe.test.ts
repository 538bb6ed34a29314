import { describe, expect, it } from "vitest";
import { dedupeEvents } from "../../src/core/dedupe.ts";
import type { CanonicalEvent } from "../../src/core/event.ts";
import { eventData } from "../../src/core/event-data.ts";

const event = (id: string, ts: number, file: string, line: number, data: Record<string, unknown> = {}): CanonicalEvent => ({
  id, ts, type: "a2a.send", source: "openclaw", agentId: "eden", fromAgent: null, toAgent: null,
  workSessionId: null, conversationId: null, taskId: null, raw: JSON.stringify({ type: "a2a.send", ts, data }), file, line,
});
const dataOf = (e: CanonicalEvent | undefined) => (e === undefined ? undefined : eventData(e));

describe("dedupeEvents", () => {
  it("orders by time, then id, producer ids and fingerprints alike", () => {
    const { events } = dedupeEvents([event("b", 2, "f", 1), event("fp-c", 1, "f", 2), event("a", 2, "f", 3), event("fp-a", 2, "f", 4)]);
    expect(events.map((e) => e.id)).toEqual(["fp-c", "a", "b", "fp-a"]);
  });

  it("counts fingerprinted copies once and keeps the first file and line, whatever the read order", () => {
    const copies = [event("fp-1", 5, "b.ndjson", 1), event("fp-1", 5, "a.ndjson", 9), event("fp-1", 5, "a.ndjson", 3)];
    for (const order of [copies, [...copies].reverse()]) {
      const result = dedupeEvents(order);
      expect(result.duplicates).toBe(2);
      expect(result.events).toHaveLength(1);
      expect(result.events[0]).toMatchObject({ id: "fp-1", file: "a.ndjson", line: 3 });
      expect(result.findings).toEqual([]);
    }
  });

  it("keeps distinct events that share a fingerprint, numbered in content order whatever the read order", () => {
    const run = [event("fp-1", 5, "a", 1, { m: "y" }), event("fp-1", 5, "a", 2, { m: "x" }), event("fp-1", 5, "a", 3, { m: "y" })];
    for (const order of [run, [...run].reverse()]) {
      const result = dedupeEvents(order);
      expect(result.duplicates).toBe(1);
      expect(result.events.map((e) => [e.id, dataOf(e)?.["m"], e.line])).toEqual([["fp-1~1", "x", 2], ["fp-1~2", "y", 1]]);
    }
  });

  it("keeps the first copy of a producer id and reports one used for different content", () => {
    const result = dedupeEvents([event("evt-1", 5, "a", 2, { n: 2 }), event("evt-1", 5, "a", 1, { n: 1 }), event("evt-1", 5, "b", 1, { n: 1 })]);
    expect(result.duplicates).toBe(2);
    expect(result.events.map(dataOf)).toEqual([{ n: 1 }]);
    expect(result.findings).toEqual([{ file: "a", line: 2, reason: 'event id "evt-1" is used again with different content; kept the copy at a:1' }]);
  });

  it("treats a producer id seen at two times as one event with a conflict", () => {
    const result = dedupeEvents([event("evt-1", 5, "a", 1), event("evt-1", 9, "a", 2)]);
    expect(result.events.map((e) => e.ts)).toEqual([5]);
    expect(result.findings).toHaveLength(1);
  });
});
