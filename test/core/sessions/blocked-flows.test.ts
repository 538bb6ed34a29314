import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { eventId } from "../../../src/core/event.ts";
import { blockedFlowsOf, queueContention } from "../../../src/core/sessions/blocked-flows.ts";
import { buildThreads } from "../../../src/core/sessions/threads.ts";
import { ORPHAN_AFTER_MS } from "../../../src/core/sessions/thread-outcome.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const ev = (
  type: string,
  ts: number,
  conversationId: string,
  fromAgent: string,
  toAgent: string,
): CanonicalEvent => canonicalEvent({ type, ts, conversationId, fromAgent, toAgent, agentId: fromAgent });

describe("queueContention", () => {
  it("finds sends to one agent whose waits overlap, and not those that follow each other", () => {
    const events = [
      ev("a2a.send", 0, "c1", "eden", "seum"),
      ev("a2a.send", 5_000, "c2", "ieum", "seum"),
      ev("a2a.response", 60_000, "c1", "seum", "eden"),
      ev("a2a.response", 120_000, "c2", "seum", "ieum"),
      ev("a2a.send", 200_000, "c3", "miri", "seum"),
      ev("a2a.response", 210_000, "c3", "seum", "miri"),
    ];
    expect(queueContention(events)).toEqual([
      {
        toAgent: "seum",
        startMs: 0,
        endMs: 120_000,
        conversationIds: ["c1", "c2"],
        fromAgents: ["eden", "ieum"],
        waits: [
          { conversationId: "c1", fromAgent: "eden", startMs: 0, endMs: 60_000, waitedMs: 60_000 },
          { conversationId: "c2", fromAgent: "ieum", startMs: 5_000, endMs: 120_000, waitedMs: 115_000 },
        ],
      },
    ]);
  });

  it("counts a send never answered as waiting the gateway's 300 s", () => {
    const events = [
      ev("a2a.send", 0, "c1", "eden", "seum"),
      ev("a2a.send", ORPHAN_AFTER_MS - 1, "c2", "ieum", "seum"),
    ];
    expect(queueContention(events)).toHaveLength(1);
    expect(queueContention(events)[0]?.waits.map((w) => w.waitedMs)).toEqual([
      ORPHAN_AFTER_MS,
      ORPHAN_AFTER_MS,
    ]);
    expect(
      queueContention([
        ev("a2a.send", 0, "c1", "eden", "seum"),
        ev("a2a.send", ORPHAN_AFTER_MS, "c2", "ieum", "seum"),
      ]),
    ).toEqual([]);
  });

  it("ignores sends to different agents", () => {
    expect(
      queueContention([ev("a2a.send", 0, "c1", "eden", "seum"), ev("a2a.send", 1, "c2", "eden", "miri")]),
    ).toEqual([]);
  });
});

describe("blockedFlowsOf", () => {
  const flowsOf = (events: CanonicalEvent[], logEndMs: number) =>
    blockedFlowsOf(buildThreads(events, "ws-1", logEndMs, new Map()));
  const failed = (ts: number, conversationId: string, data: CanonicalEvent["facts"]): CanonicalEvent =>
    canonicalEvent({
      type: "a2a.response",
      ts,
      conversationId,
      fromAgent: "seum",
      toAgent: "eden",
      facts: { outcome: "blocked", ...data },
    });

  it("names a failed flow after the event that showed the failure", () => {
    const blocked = failed(10_000, "c1", { waitStatus: "timeout" });
    const [flow] = flowsOf([ev("a2a.send", 0, "c1", "eden", "seum"), blocked], 10_000);
    expect(flow).toMatchObject({ reason: "timeout", flowId: eventId(blocked), ts: 10_000 });
  });

  it("names a flow whose retries ran out after its last evidence event, the failure", () => {
    const retry = (ts: number, attempt: number) =>
      canonicalEvent({
        type: "a2a.retry",
        ts,
        conversationId: "c1",
        fromAgent: "eden",
        toAgent: "seum",
        facts: { attempt, maxAttempts: 2 },
      });
    const blocked = failed(30_000, "c1", { waitStatus: "error" });
    const [flow] = flowsOf(
      [ev("a2a.send", 0, "c1", "eden", "seum"), retry(10_000, 1), retry(20_000, 2), blocked],
      30_000,
    );
    expect(flow?.reason).toBe("retry_exhausted");
    expect(flow?.evidence).toHaveLength(3);
    expect(flow?.flowId).toBe(eventId(blocked));
  });

  it("names an orphaned flow after the send nobody answered, and keeps the name when the log grows", () => {
    const send = ev("a2a.send", 0, "c1", "eden", "seum");
    const later = ev("a2a.send", ORPHAN_AFTER_MS + 1, "c2", "eden", "miri");
    const [flow] = flowsOf([send, later], ORPHAN_AFTER_MS + 1);
    expect(flow).toMatchObject({ reason: "orphaned", flowId: eventId(send), ts: ORPHAN_AFTER_MS });
    const grown = flowsOf(
      [send, later, ev("a2a.send", 2 * ORPHAN_AFTER_MS + 2, "c3", "eden", "nuri")],
      2 * ORPHAN_AFTER_MS + 2,
    );
    expect(grown.map((f) => f.flowId)).toContain(eventId(send));
  });

  it("orders flows that tie on time and thread key (one pair key in two sessions) by flow id, either way round", () => {
    const inSession = (workSessionId: string, id: string) =>
      buildThreads(
        [
          canonicalEvent({
            type: "a2a.send",
            ts: 0,
            fromAgent: "eden",
            toAgent: "seum",
            agentId: "eden",
          }),
          canonicalEvent({
            type: "a2a.response",
            ts: 10_000,
            fromAgent: "seum",
            toAgent: "eden",
            id,
            facts: { outcome: "blocked", waitStatus: "timeout" },
          }),
        ],
        workSessionId,
        10_000,
        new Map(),
      );
    const one = inSession("ws-1", "fail-b");
    const two = inSession("ws-2", "fail-a");
    const forward = blockedFlowsOf([...one, ...two]);
    const backward = blockedFlowsOf([...two, ...one]);
    expect(forward).toHaveLength(2);
    expect(forward[0]?.threadKey).toBe(forward[1]?.threadKey);
    expect(forward[0]?.ts).toBe(forward[1]?.ts);
    expect(forward.map((f) => f.flowId)).toEqual(backward.map((f) => f.flowId));
    expect(forward.map((f) => f.flowId)).toEqual(["fail-a", "fail-b"]);
  });
});
