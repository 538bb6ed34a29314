import { describe, expect, it } from "vitest";
import { eventId, type CanonicalEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import { LEGACY_GAP_MS } from "../../../src/core/sessions/thread-key.ts";
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

  it("splits the pair threads of unattributed events after a long silence, but not a session's", () => {
    const events = [ev("a2a.send", 0, { message: "a" }), ev("a2a.send", LEGACY_GAP_MS + 1, { message: "b" })];
    const loose = buildThreads(events, null, 10, new Map());
    expect(loose.map((t) => [t.thread.threadKey, t.thread.eventCount])).toEqual([
      ["pair:eden_seum@1970-01-01T00:00:00.000Z", 1],
      ["pair:eden_seum@1970-01-01T00:30:00.001Z", 1],
    ]);
    expect(buildThreads(events, "ws", 10, new Map()).map((t) => t.thread.threadKey)).toEqual([
      "pair:eden_seum",
    ]);
  });

  it("gives every transcript turn its event's id, a fingerprint when the producer wrote none", () => {
    const named = ev("a2a.send", 0, { message: "a" });
    const unnamed = canonicalEvent({ ...ev("a2a.response", 1, { message: "b" }), id: null });
    const [thread] = buildThreads([named, unnamed], "ws", 10, new Map());
    expect(thread?.thread.transcript.map((t) => t.id)).toEqual(["e0", eventId(unnamed)]);
    expect(eventId(unnamed)).toMatch(/^fp-/);
  });

  it("makes a session of one thread from the list it is given, and of several from their groups", () => {
    const one = [ev("a2a.send", 0, { message: "a" }), ev("a2a.response", 1, { message: "b" })];
    const [thread] = buildThreads(one, "ws", 10, new Map());
    expect(thread?.events).toBe(one);
    const other = canonicalEvent({ ...ev("a2a.send", 2, { message: "c" }), conversationId: "c-1" });
    const two = buildThreads([...one, other], "ws", 10, new Map());
    expect(two.map((t) => [t.thread.threadKey, t.events.length])).toEqual([
      ["pair:eden_seum", 2],
      ["conv:c-1", 1],
    ]);
  });

  it("cleans a message repeated across turns the same in each", () => {
    const text = "[[reply_to_current]] 확인했습니다 <@123>";
    const [thread] = buildThreads(
      [ev("a2a.send", 0, { message: text }), ev("a2a.response", 1, { message: text })],
      "ws",
      10,
      new Map([["123", "Eden"]]),
    );
    expect(thread?.thread.transcript.map((t) => t.text)).toEqual([
      "확인했습니다 @Eden",
      "확인했습니다 @Eden",
    ]);
  });
});
