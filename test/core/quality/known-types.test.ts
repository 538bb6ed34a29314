import { describe, expect, it } from "vitest";
import { HOOK_RULES } from "../../../src/core/formats/hook-rules.ts";
import { isKnownType, KNOWN_TYPE_RULES } from "../../../src/core/quality/known-types.ts";

/** For each row, by name: a type it knows and a type of its own format it does not. */
const ROW_CASES: Record<string, { known: string; unknown: string }> = {
  "task events": { known: "task.backlog_picked", unknown: "task.exploded" },
  "orchestration signals": { known: "zombie.abandoned", unknown: "zombie.revived" },
  "agent-to-agent events": { known: "a2a.spawn_result", unknown: "a2a.whisper" },
  "human questions and the system's own events": {
    known: "milestone.sync_failed",
    unknown: "gateway.restarted",
  },
  "the normalized catalog": { known: "meeting_ended", unknown: "meeting_cancelled" },
  "human questions and the resume after an answer": {
    known: "task_resumed_after_human_query",
    unknown: "task_resumed",
  },
  "a type a row of the hook mapping gives": {
    known: "claude.teammate_idle",
    unknown: "claude.config_change",
  },
};

describe("KNOWN_TYPE_RULES", () => {
  it("has a case for every row, and every case is a row", () => {
    expect(KNOWN_TYPE_RULES.map((rule) => rule.name).sort()).toEqual(Object.keys(ROW_CASES).sort());
  });

  it.each(KNOWN_TYPE_RULES.map((rule) => [rule.name, rule] as const))("%s", (name, rule) => {
    const cases = ROW_CASES[name];
    expect(cases).toBeDefined();
    expect(rule.matches(cases?.known ?? "")).toBe(true);
    expect(rule.matches(cases?.unknown ?? "")).toBe(false);
    expect(isKnownType(rule.source, cases?.known ?? "")).toBe(true);
  });
});

describe("isKnownType", () => {
  it("asks only the rows of the event's own format", () => {
    expect(isKnownType("openclaw", "a2a.send")).toBe(true);
    expect(isKnownType("v1.1", "a2a.send")).toBe(false);
    expect(isKnownType("claude_code", "task.started")).toBe(false);
    expect(isKnownType("openclaw", "manager_assign")).toBe(false);
  });

  it("knows every type a hook mapping row gives, and not the names made for the others", () => {
    for (const rule of HOOK_RULES) expect(isKnownType("claude_code", rule.type), rule.type).toBe(true);
    expect(isKnownType("claude_code", "claude.post_tool_batch")).toBe(false);
  });
});
