import { isRecord } from "./fields.ts";

/** A Claude Code hook payload as the mapping rules see it (see docs/formats.md#claude-code-hook-payloads). */
export type HookPayload = Record<string, unknown> & { hook_event_name: string };

/**
 * One row of the mapping of hook events to v1.1 types: a hook event (optionally narrowed by a
 * condition on its fields) and the v1.1 type it becomes. The first matching row wins, so the
 * narrow rows come before the broad ones. Types outside the v1.1 catalog are `claude.*`: they
 * are kept, and the analysis counts them as observability.
 */
export interface HookRule {
  /** The `hook_event_name` this row maps. */
  event: string;
  /** What the condition checks, in words, for tests and docs; empty when there is none. */
  when: string;
  /** The condition on the payload; absent means every payload of that event. */
  test?: (payload: HookPayload) => boolean;
  /** The type the event becomes. */
  type: string;
}

const toolName = (p: HookPayload): string => (typeof p["tool_name"] === "string" ? p["tool_name"] : "");
const toolInput = (p: HookPayload): Record<string, unknown> =>
  isRecord(p["tool_input"]) ? p["tool_input"] : {};

/** True when a PostToolUse response says the tool failed. */
function toolResponseFailed(p: HookPayload): boolean {
  const response = p["tool_response"];
  if (typeof p["error"] === "string" && p["error"].length > 0) return true;
  if (!isRecord(response)) return false;
  if (response["is_error"] === true || response["success"] === false) return true;
  if (typeof response["error"] === "string" && response["error"].length > 0) return true;
  const code = response["exit_code"] ?? response["exitCode"];
  return typeof code === "number" && code !== 0;
}

/** Notification types that mean the agent waits for a person: its input is pending. */
const WAITING_NOTIFICATIONS = new Set(["permission_prompt", "idle_prompt", "elicitation_dialog"]);

export const HOOK_RULES: readonly HookRule[] = [
  { event: "SubagentStart", when: "", type: "agent_started" },
  { event: "SubagentStop", when: "", type: "agent_stopped" },
  { event: "SessionStart", when: "", type: "agent_started" },
  { event: "SessionEnd", when: "", type: "agent_stopped" },
  {
    event: "PreToolUse",
    when: "tool_name is Task or Agent (a subagent is briefed)",
    test: (p) => toolName(p) === "Task" || toolName(p) === "Agent",
    type: "manager_assign",
  },
  {
    event: "PreToolUse",
    when: "tool_name is TaskCreate",
    test: (p) => toolName(p) === "TaskCreate",
    type: "task_created",
  },
  {
    event: "PreToolUse",
    when: "tool_name is TaskUpdate with status completed",
    test: (p) => toolName(p) === "TaskUpdate" && toolInput(p)["status"] === "completed",
    type: "task_completed",
  },
  {
    event: "PreToolUse",
    when: "tool_name is TaskUpdate",
    test: (p) => toolName(p) === "TaskUpdate",
    type: "task_progress",
  },
  { event: "PreToolUse", when: "", type: "tool_started" },
  {
    event: "PostToolUse",
    when: "the tool response reports a failure",
    test: toolResponseFailed,
    type: "tool_failed",
  },
  { event: "PostToolUse", when: "", type: "tool_succeeded" },
  { event: "PostToolUseFailure", when: "", type: "tool_failed" },
  { event: "PermissionRequest", when: "", type: "agent_blocked" },
  {
    event: "Notification",
    when: "notification_type asks for a person",
    test: (p) => WAITING_NOTIFICATIONS.has(String(p["notification_type"])),
    type: "agent_blocked",
  },
  { event: "Notification", when: "", type: "claude.notification" },
  { event: "UserPromptSubmit", when: "", type: "claude.user_prompt" },
  { event: "Stop", when: "", type: "claude.stop" },
  { event: "TaskCreated", when: "", type: "task_created" },
  { event: "TaskCompleted", when: "", type: "task_completed" },
  { event: "TeammateIdle", when: "", type: "claude.teammate_idle" },
  { event: "PreCompact", when: "", type: "claude.pre_compact" },
];

/** The type a hook payload maps to; an event no row names becomes `claude.<snake_case name>`. */
export function mapHookType(payload: HookPayload): string {
  return firstMatch(HOOK_RULES, payload)?.type ?? `claude.${snakeCase(payload.hook_event_name)}`;
}

/** The first row of a table that names the payload's event and whose condition, if any, holds. */
function firstMatch<Rule extends { event: string; test?: (payload: HookPayload) => boolean }>(
  rules: readonly Rule[],
  payload: HookPayload,
): Rule | undefined {
  return rules.find(
    (rule) => rule.event === payload.hook_event_name && (rule.test === undefined || rule.test(payload)),
  );
}

function snakeCase(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
  return snake.length > 0 ? snake : "unknown";
}

/**
 * One row of what a hook event shows in a transcript (see the `ccKind` fact): the first row whose
 * event matches and whose condition holds wins; an event no row names is `meta`, shown nowhere.
 */
export interface HookKindRule {
  /** The `hook_event_name` this row maps. */
  event: string;
  /** What the condition checks, in words; empty when there is none. */
  when: string;
  /** The condition on the payload; absent means every payload of that event. */
  test?: (payload: HookPayload) => boolean;
  /** What the payload shows: `prompt`, `answer`, `tool`, `compaction` or `notice`. */
  ccKind: string;
}

/** True when a Stop or SubagentStop payload carries the words the agent ended with. */
const hasLastMessage = (p: HookPayload): boolean =>
  typeof p["last_assistant_message"] === "string" && p["last_assistant_message"].length > 0;

export const HOOK_KIND_RULES: readonly HookKindRule[] = [
  { event: "UserPromptSubmit", when: "", ccKind: "prompt" },
  { event: "Stop", when: "it carries last_assistant_message", test: hasLastMessage, ccKind: "answer" },
  {
    event: "SubagentStop",
    when: "it carries last_assistant_message",
    test: hasLastMessage,
    ccKind: "answer",
  },
  { event: "PreToolUse", when: "", ccKind: "tool" },
  { event: "PostToolUse", when: "", ccKind: "tool" },
  { event: "PostToolUseFailure", when: "", ccKind: "tool" },
  { event: "PreCompact", when: "", ccKind: "compaction" },
  { event: "Notification", when: "", ccKind: "notice" },
];

/** What a hook payload shows in a transcript; `meta` for events no row names. */
export function hookCcKind(payload: HookPayload): string {
  return firstMatch(HOOK_KIND_RULES, payload)?.ccKind ?? "meta";
}
