import { describe, expect, it } from "vitest";
import { AGENT_STATE_RULES, agentStateOf } from "../../../src/core/agents/agent-states.ts";

const EXPECTED: Array<[string, string]> = [
  ["agent_started", "running"],
  ["agent_unblocked", "running"],
  ["agent_blocked", "pending_input"],
  ["agent_stopped", "stopped"],
  ["task.started", "working"],
  ["task.blocked", "blocked"],
  ["task_failed", "failed"],
  ["task.completed", "idle"],
];

describe("AGENT_STATE_RULES", () => {
  it("has a case for every row", () => {
    expect(EXPECTED).toHaveLength(AGENT_STATE_RULES.length);
    EXPECTED.forEach(([type], i) => expect(AGENT_STATE_RULES[i]?.types).toContain(type));
  });

  it.each(EXPECTED)("%s → %s", (type, state) => {
    expect(agentStateOf(type, {})).toBe(state);
  });

  it("makes agent_blocked failed when its reason is an error, pending_input otherwise", () => {
    expect(agentStateOf("agent_blocked", { reason: "crash loop" })).toBe("failed");
    expect(agentStateOf("agent_blocked", { reason: "input" })).toBe("pending_input");
  });

  it("says nothing about other events", () => {
    expect(agentStateOf("a2a.send", {})).toBeNull();
  });
});
