import { describe, expect, it } from "vitest";
import { AgentCard, agentCard } from "../../../src/core/site/agent-card.ts";
import { agent } from "./fixtures.ts";

describe("agentCard", () => {
  it("shows the agent's counts, its path segment and its latest state", () => {
    const card = agentCard(
      agent("docs/writer", {
        lastSeenMs: 5_000,
        states: [
          { ts: 1, state: "working", eventType: "task.started" },
          { ts: 2, state: "idle", eventType: "task.completed" },
        ],
      }),
    );
    expect(AgentCard.safeParse(card).success).toBe(true);
    expect(card).toEqual({
      agentId: "docs/writer",
      segment: "docs~2Fwriter",
      kind: "main",
      events: 3,
      workSessions: 1,
      tasks: 0,
      lastSeenMs: 5_000,
      state: "idle",
    });
  });

  it("has no state and no last sighting when the Report knows none", () => {
    const card = agentCard(agent("eden"));
    expect([card.state, card.lastSeenMs]).toEqual([null, null]);
  });
});
