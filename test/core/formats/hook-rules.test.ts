import { describe, expect, it } from "vitest";
import {
  HOOK_KIND_RULES,
  HOOK_RULES,
  hookCcKind,
  mapHookType,
  type HookPayload,
} from "../../../src/core/formats/hook-rules.ts";

/** A payload that matches each row, and the type it must map to: one case per row of the table. */
const CASES: Array<[string, HookPayload, string]> = [
  [
    "SubagentStart",
    { hook_event_name: "SubagentStart", agent_id: "a1", agent_type: "Explore" },
    "agent_started",
  ],
  [
    "SubagentStop",
    { hook_event_name: "SubagentStop", agent_id: "a1", agent_type: "Explore" },
    "agent_stopped",
  ],
  ["SessionStart", { hook_event_name: "SessionStart", source: "startup" }, "agent_started"],
  ["SessionEnd", { hook_event_name: "SessionEnd", reason: "logout" }, "agent_stopped"],
  ["PreToolUse Task", { hook_event_name: "PreToolUse", tool_name: "Task" }, "manager_assign"],
  ["PreToolUse TaskCreate", { hook_event_name: "PreToolUse", tool_name: "TaskCreate" }, "task_created"],
  [
    "PreToolUse TaskUpdate completed",
    { hook_event_name: "PreToolUse", tool_name: "TaskUpdate", tool_input: { status: "completed" } },
    "task_completed",
  ],
  [
    "PreToolUse TaskUpdate",
    { hook_event_name: "PreToolUse", tool_name: "TaskUpdate", tool_input: { status: "in_progress" } },
    "task_progress",
  ],
  ["PreToolUse", { hook_event_name: "PreToolUse", tool_name: "Bash" }, "tool_started"],
  [
    "PostToolUse failure",
    { hook_event_name: "PostToolUse", tool_name: "Bash", tool_response: { exit_code: 2 } },
    "tool_failed",
  ],
  [
    "PostToolUse",
    { hook_event_name: "PostToolUse", tool_name: "Bash", tool_response: { exit_code: 0 } },
    "tool_succeeded",
  ],
  [
    "PostToolUseFailure",
    { hook_event_name: "PostToolUseFailure", tool_name: "Bash", error: "x" },
    "tool_failed",
  ],
  ["PermissionRequest", { hook_event_name: "PermissionRequest", tool_name: "Bash" }, "agent_blocked"],
  [
    "Notification waiting",
    { hook_event_name: "Notification", notification_type: "idle_prompt" },
    "agent_blocked",
  ],
  [
    "Notification",
    { hook_event_name: "Notification", notification_type: "auth_success" },
    "claude.notification",
  ],
  ["UserPromptSubmit", { hook_event_name: "UserPromptSubmit", prompt: "hi" }, "claude.user_prompt"],
  ["Stop", { hook_event_name: "Stop" }, "claude.stop"],
  ["TaskCreated", { hook_event_name: "TaskCreated", task_id: "t" }, "task_created"],
  ["TaskCompleted", { hook_event_name: "TaskCompleted", task_id: "t" }, "task_completed"],
  ["TeammateIdle", { hook_event_name: "TeammateIdle" }, "claude.teammate_idle"],
  ["PreCompact", { hook_event_name: "PreCompact" }, "claude.pre_compact"],
];

describe("HOOK_RULES", () => {
  it("has a test case for every row", () => {
    expect(CASES).toHaveLength(HOOK_RULES.length);
    CASES.forEach(([, payload], i) => expect(payload.hook_event_name).toBe(HOOK_RULES[i]?.event));
  });

  it.each(CASES)("%s", (_name, payload, type) => {
    expect(mapHookType(payload)).toBe(type);
  });

  it("maps an event no row names to claude.<snake_case>, so new hook events are kept", () => {
    expect(mapHookType({ hook_event_name: "WorktreeCreate" })).toBe("claude.worktree_create");
  });

  it("reads success: false and is_error as failures of PostToolUse", () => {
    expect(mapHookType({ hook_event_name: "PostToolUse", tool_response: { success: false } })).toBe(
      "tool_failed",
    );
    expect(mapHookType({ hook_event_name: "PostToolUse", tool_response: { is_error: true } })).toBe(
      "tool_failed",
    );
  });
});

/** A payload that matches each row of HOOK_KIND_RULES, and what it shows: one case per row. */
const KIND_CASES: Array<[string, HookPayload, string]> = [
  ["UserPromptSubmit", { hook_event_name: "UserPromptSubmit", prompt: "hi" }, "prompt"],
  ["Stop with its last message", { hook_event_name: "Stop", last_assistant_message: "Done." }, "answer"],
  [
    "SubagentStop with its last message",
    { hook_event_name: "SubagentStop", agent_id: "a1", last_assistant_message: "Found it." },
    "answer",
  ],
  ["PreToolUse", { hook_event_name: "PreToolUse", tool_name: "Bash" }, "tool"],
  ["PostToolUse", { hook_event_name: "PostToolUse", tool_name: "Bash" }, "tool"],
  ["PostToolUseFailure", { hook_event_name: "PostToolUseFailure", tool_name: "Bash" }, "tool"],
  ["PreCompact", { hook_event_name: "PreCompact", trigger: "auto" }, "compaction"],
  ["Notification", { hook_event_name: "Notification", message: "Claude is waiting" }, "notice"],
];

describe("HOOK_KIND_RULES", () => {
  it("has a test case for every row", () => {
    expect(KIND_CASES).toHaveLength(HOOK_KIND_RULES.length);
    KIND_CASES.forEach(([, payload], i) => expect(payload.hook_event_name).toBe(HOOK_KIND_RULES[i]?.event));
  });

  it.each(KIND_CASES)("%s", (_name, payload, ccKind) => {
    expect(hookCcKind(payload)).toBe(ccKind);
  });

  it("shows a Stop without a last message, a subagent's start and events no row names nowhere", () => {
    expect(hookCcKind({ hook_event_name: "Stop", stop_hook_active: false })).toBe("meta");
    expect(hookCcKind({ hook_event_name: "SubagentStop", last_assistant_message: "" })).toBe("meta");
    expect(hookCcKind({ hook_event_name: "SubagentStart", agent_id: "a1" })).toBe("meta");
    expect(hookCcKind({ hook_event_name: "WorktreeCreate" })).toBe("meta");
  });
});
