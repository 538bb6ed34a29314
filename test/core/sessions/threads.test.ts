import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import { buildThreads } from "../../../src/core/sessions/threads.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const ev = (type: string, ts: number, facts: EventFacts = {}): CanonicalEvent =>
  canonicalEvent({ id: `e${ts}`, type, ts, fromAgent: "eden", toAgent: "seum", agentId: "eden", facts });

describe("buildThreads", () => {
  it("takes a thread's turns as the highest turn any of its events states", () => {
    const [thread] = buildThreads(
      [
        ev("a2a.send", 0, { message: "hi" }),
        ev("a2a.response", 1, { message: "a", turn: 1 }),
        ev("a2a.response", 2, { message: "b", turn: 3 }),
        ev("a2a.response", 3, { message: "c", turn: 2 }),
      ],
      "ws",
      10,
      new Map(),
    );
    expect(thread?.thread.turns).toBe(3);
  });

  it("builds a thread of more events than a call takes arguments (legacy events keyed by one agent pair) without running out of stack", () => {
    const count = 200_000;
    // The size is enough: spreading this many values into one call overflows the stack.
    expect(() => Math.max(...Array.from({ length: count }, () => 0))).toThrow(RangeError);
    const events = Array.from({ length: count }, (_, i) => ev("a2a.response", i, { turn: i % 7 }));
    const threads = buildThreads(events, null, count, new Map());
    expect(threads).toHaveLength(1);
    expect(threads[0]?.thread.turns).toBe(6);
    expect(threads[0]?.thread.eventCount).toBe(count);
  });
});
