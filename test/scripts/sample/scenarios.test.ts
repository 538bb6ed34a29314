import { describe, expect, it } from "vitest";
import { queueContention } from "../../../src/core/sessions/blocked-flows.ts";
import { BLOCKED_REASONS } from "../../../src/core/sessions/blocked-reasons.ts";
import { ORPHAN_AFTER_MS, threadEnd, type OutcomeEvent } from "../../../src/core/sessions/thread-outcome.ts";
import { createLog } from "../../../scripts/sample/log.ts";
import { createRng } from "../../../scripts/sample/rng.ts";
import {
  BLOCKED_KINDS,
  blockedFlow,
  fanOut,
  pingPong,
  queuedSends,
  type Flow,
} from "../../../scripts/sample/scenarios.ts";
import { classifiedEvent } from "../../helpers/events.ts";

interface Line {
  type: string;
  agentId: string;
  ts: number;
  data: Record<string, unknown>;
}

function flowOf(seed: number, legacy = false): Flow {
  return { log: createLog(), rng: createRng(seed), ws: legacy ? null : "ws_1", legacy };
}

const linesOf = (flow: Flow): Line[] => flow.log.lines.map((l) => JSON.parse(l.text) as Line);

/** A log line as the outcome rules read an event: its payload as the event's facts. */
const outcomeEventOf = (line: Line): OutcomeEvent => ({ type: line.type, ts: line.ts, facts: line.data });

const START = Date.UTC(2026, 1, 20, 9);

describe("pingPong", () => {
  it("sends, replies up to five numbered turns and completes, returning the time it ended", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const flow = flowOf(seed);
      const end = pingPong(flow, { from: "eden", to: "seum" }, "infra_ops", START);
      const lines = linesOf(flow);
      expect(lines[0]?.type).toBe("a2a.send");
      expect(lines[1]?.type).toBe("a2a.response");
      expect(lines.at(-1)?.type).toBe("a2a.complete");
      expect(lines.at(-1)?.ts).toBe(end);
      const turns = lines.filter((l) => typeof l.data["turn"] === "number").map((l) => l.data["turn"]);
      expect(turns).toEqual(turns.map((_, i) => i + 1));
      expect(turns.length).toBeLessThanOrEqual(5);
      expect(lines.at(-1)?.data["actualTurns"]).toBe(turns.length);
      expect(new Set(lines.map((l) => l.data["conversationId"])).size).toBe(1);
      expect(lines.every((l, i) => i === 0 || l.ts >= (lines[i - 1] as Line).ts)).toBe(true);
      expect(threadEnd(lines.map(outcomeEventOf), end + ORPHAN_AFTER_MS).outcome).toBe("completed");
    }
  });

  it("writes legacy conversations without ids or roles, their messages cut at 200 characters", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const flow = flowOf(seed, true);
      pingPong(flow, { from: "eden", to: "seum" }, "engineering_build", START);
      for (const line of linesOf(flow)) {
        expect(line.data["conversationId"]).toBeUndefined();
        expect(line.data["workSessionId"]).toBeUndefined();
        expect(line.data["eventRole"]).toBeUndefined();
        expect(String(line.data["message"] ?? "").length).toBeLessThanOrEqual(200);
      }
    }
  });
});

describe("fanOut", () => {
  it("gives each worker its own subagent conversation under one parent, ending when the last completes", () => {
    const flow = flowOf(5);
    const workers = ["explorer", "worker-quick", "worker-deep"];
    const end = fanOut(flow, "eden", workers, START);
    const lines = linesOf(flow);
    const conversations = new Set(lines.map((l) => l.data["conversationId"]));
    expect(conversations.size).toBe(3);
    expect(new Set(lines.map((l) => l.data["parentConversationId"])).size).toBe(1);
    expect(lines.filter((l) => l.type === "a2a.spawn").map((l) => l.data["toAgent"])).toEqual(workers);
    expect(lines.every((l) => l.data["eventRole"] === "delegation.subagent")).toBe(true);
    expect(String(lines[0]?.data["targetSessionKey"])).toMatch(/^agent:explorer:subagent:/);
    expect(Math.max(...lines.map((l) => l.ts))).toBe(end);
    for (const conversation of conversations) {
      const own = lines.filter((l) => l.data["conversationId"] === conversation);
      expect(own.map((l) => l.type)).toEqual([
        "a2a.spawn",
        "a2a.send",
        "a2a.spawn_result",
        "a2a.response",
        "a2a.complete",
      ]);
      expect(threadEnd(own.map(outcomeEventOf), end).outcome).toBe("completed");
    }
  });
});

describe("queuedSends", () => {
  it("makes two sends to one agent whose waits overlap, which queue contention finds", () => {
    const flow = flowOf(9);
    queuedSends(flow, ["eden", "ieum"], "seum", "qa_validation", START);
    const events = flow.log.lines.map((l) => classifiedEvent(JSON.parse(l.text) as Record<string, unknown>));
    const contention = queueContention(events);
    expect(contention).toHaveLength(1);
    expect(contention[0]?.toAgent).toBe("seum");
    expect(contention[0]?.fromAgents).toEqual(["eden", "ieum"]);
  });
});

describe("blockedFlow", () => {
  it("has a scenario for every reason an OpenClaw flow can fail", () => {
    // A subagent that never stopped is a Claude Code reason: the sample's Claude Code project has
    // one (test/scripts/sample/claude-project.test.ts), and OpenClaw lines cannot show it.
    expect([...BLOCKED_KINDS]).toEqual(BLOCKED_REASONS.filter((r) => r !== "subagent_orphaned"));
    expect(BLOCKED_REASONS).toContain("subagent_orphaned");
  });

  it.each(BLOCKED_KINDS.map((kind) => [kind]))("%s: the outcome rules give the flow that reason", (kind) => {
    const flow = flowOf(13);
    const end = blockedFlow(flow, { from: "eden", to: "seum" }, kind, "research_analysis", START);
    const lines = linesOf(flow);
    expect(Math.max(...lines.map((l) => l.ts))).toBe(end);
    // The log goes on after the flow, so a send left unanswered counts as orphaned.
    expect(threadEnd(lines.map(outcomeEventOf), end + ORPHAN_AFTER_MS + 1).reason).toBe(kind);
  });
});
