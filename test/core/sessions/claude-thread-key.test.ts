import { describe, expect, it } from "vitest";
import {
  claudeMainKey,
  claudeThreadKeyOf,
  claudeTurnKeyOf,
  isClaudeThreadEvent,
  isCompactionAgent,
} from "../../../src/core/sessions/claude-thread-key.ts";
import { canonicalEvent } from "../../helpers/events.ts";
import { claudeEvent } from "../../helpers/claude-events.ts";

const S = "5e55-keys";
const hook = (payload: Record<string, unknown>) => claudeEvent({ session_id: S, ...payload });

describe("Claude Code thread keys", () => {
  it("puts an event in its conversation's thread, else in the session's main one", () => {
    expect(claudeMainKey(S)).toBe(`conv:${S}`);
    expect(claudeThreadKeyOf(hook({ hook_event_name: "UserPromptSubmit", prompt: "hi" }), S)).toBe(
      `conv:${S}`,
    );
    expect(claudeThreadKeyOf(hook({ hook_event_name: "SubagentStart", agent_id: "ag1" }), S)).toBe(
      "conv:ag1",
    );
  });

  it("shows a Task call in the thread of whoever made it, though it belongs to its subagent", () => {
    const call = {
      ...hook({ hook_event_name: "PreToolUse", tool_name: "Task", tool_use_id: "toolu_1", tool_input: {} }),
      conversationId: "ag1",
    };
    expect(claudeThreadKeyOf(call, S)).toBe("conv:ag1");
    expect(claudeTurnKeyOf(call, S)).toBe(`conv:${S}`);
  });
});

describe("isClaudeThreadEvent", () => {
  it("takes what a transcript shows, a subagent's start and stop, a Stop and a Task call", () => {
    expect(isClaudeThreadEvent(hook({ hook_event_name: "UserPromptSubmit", prompt: "hi" }))).toBe(true);
    expect(isClaudeThreadEvent(hook({ hook_event_name: "SubagentStart", agent_id: "a" }))).toBe(true);
    expect(isClaudeThreadEvent(hook({ hook_event_name: "Stop", stop_hook_active: false }))).toBe(true);
    expect(
      isClaudeThreadEvent(hook({ hook_event_name: "PreToolUse", tool_name: "Task", tool_input: {} })),
    ).toBe(true);
  });

  it("leaves out bookkeeping, titles, other formats and a context compaction's agent", () => {
    expect(isClaudeThreadEvent(hook({ hook_event_name: "SessionStart", source: "startup" }))).toBe(false);
    expect(isClaudeThreadEvent(claudeEvent({ type: "summary", summary: "T", leafUuid: "u1" }))).toBe(false);
    expect(isClaudeThreadEvent(canonicalEvent({ facts: { ccKind: "prompt" } }))).toBe(false);
    const compacting = hook({
      hook_event_name: "PreToolUse",
      agent_id: "acompact-76970a9f",
      tool_name: "Read",
    });
    expect(isCompactionAgent(compacting)).toBe(true);
    expect(isClaudeThreadEvent(compacting)).toBe(false);
  });
});
