import { describe, expect, it } from "vitest";
import { agentFromSessionKey } from "../../src/core/session-key.ts";

describe("agentFromSessionKey", () => {
  it("takes the agent id from a main or a subagent session key", () => {
    expect(agentFromSessionKey("agent:eden:main")).toBe("eden");
    expect(agentFromSessionKey("agent:worker-quick:subagent:1f0c2d3e-aaaa-4bbb-8ccc-123456789abc")).toBe(
      "worker-quick",
    );
    expect(agentFromSessionKey("agent:seum")).toBe("seum");
  });

  it("gives null for anything that is not an agent session key", () => {
    for (const key of [
      undefined,
      null,
      42,
      "",
      "agent:",
      "agent::main",
      "session:eden:main",
      "Agent:eden:main",
    ])
      expect(agentFromSessionKey(key), String(key)).toBeNull();
  });
});
