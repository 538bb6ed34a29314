import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { queueContention } from "../../../src/core/sessions/blocked-flows.ts";
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
      },
    ]);
  });

  it("counts a send never answered as waiting the gateway's 300 s", () => {
    const events = [
      ev("a2a.send", 0, "c1", "eden", "seum"),
      ev("a2a.send", ORPHAN_AFTER_MS - 1, "c2", "ieum", "seum"),
    ];
    expect(queueContention(events)).toHaveLength(1);
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
