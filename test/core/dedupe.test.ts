import { describe, expect, it } from "vitest";
import { dedupeEvents } from "../../src/core/dedupe.ts";
import type { CanonicalEvent } from "../../src/core/event.ts";

const event = (id: string, ts: number, file: string, line: number, data: Record<string, unknown> = {}): CanonicalEvent => ({
  id, ts, type: "a2a.send", source: "openclaw", agentId: "eden", fromAgent: null, toAgent: null,
  workSessionId: null, conversationId: null, taskId: null, data, origin: { file, line },
});

describe("dedupeEvents", () => {
  it("orders by time, then id", () => {
    const { events } = dedupeEvents([event("b", 2, "f", 1), event("c", 1, "f", 2), event("a", 2, "f", 3)]);
    expect(events.map((e) => e.id)).toEqual(["c", "a", "b"]);
  });

  it("counts copies once and keeps the copy from the first file and line, whatever the read order", () => {
    const copies = [event("fp-1", 5, "b.ndjson", 1), event("fp-1", 5, "a.ndjson", 9), event("fp-1", 5, "a.ndjson", 3)];
    for (const order of [copies, [...copies].reverse()]) {
      const result = dedupeEvents(order);
      expect(result.duplicates).toBe(2);
      expect(result.events).toHaveLength(1);
      expect(result.events[0]?.origin).toEqual({ file: "a.ndjson", line: 3 });
      expect(result.findings).toEqual([]);
    }
  });

  it("reports a producer id used for different content, at the dropped copy", () => {
    const result = dedupeEvents([event("evt-1", 5, "a", 1, { n: 1 }), event("evt-1", 5, "a", 2, { n: 2 })]);
    expect(result.events[0]?.data).toEqual({ n: 1 });
    expect(result.findings).toEqual([{ file: "a", line: 2, reason: 'event id "evt-1" is used again with different content; kept the copy at a:1' }]);
  });
});
