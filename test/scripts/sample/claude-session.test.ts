import { describe, expect, it } from "vitest";
import { agentIdLine, agentIdOf, loggedAt, projectSlug } from "../../../scripts/sample/claude-session.ts";
import { createRng } from "../../../scripts/sample/rng.ts";

describe("projectSlug", () => {
  it("replaces every character that is not a letter or digit with -", () => {
    expect(projectSlug("/Users/a/proj")).toBe("-Users-a-proj");
    expect(projectSlug("/home/dev/my_app.v2")).toBe("-home-dev-my-app-v2");
  });
});

describe("loggedAt", () => {
  it("writes a wall time with microseconds and no zone, as Python's isoformat does", () => {
    const text = loggedAt(Date.UTC(2026, 2, 3, 2, 0, 4, 970));
    expect(text).toMatch(/^2026-03-03T02:00:04\.970\d{3}$/);
  });
});

describe("agent ids", () => {
  it("are eight hex digits, named in the result text as Claude Code writes it", () => {
    const id = agentIdOf(createRng(1));
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(agentIdLine(id)).toMatch(new RegExp(`^agentId: ${id} \\(`));
  });
});
