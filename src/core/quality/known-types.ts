import type { EventSource } from "../event.ts";
import { HOOK_RULES } from "../formats/hook-rules.ts";

/**
 * One row of the table of the event types each format documents. The formats keep a type they do
 * not know and the role table files it under observability, so nothing is lost; this table is
 * what tells such a type apart from a known one, for the data-quality page. Each row is tested.
 */
export interface KnownTypeRule {
  /** The format whose types the row names. */
  source: EventSource;
  /** What the row covers, in words, for tests and docs. */
  name: string;
  /** True when the row knows this type. */
  matches: (type: string) => boolean;
}

const oneOf =
  (...types: string[]) =>
  (type: string): boolean =>
    types.includes(type);

/** The normalized (v1.1) catalog, which Claude Code hook payloads are also mapped into. */
const V11_CATALOG = [
  "agent_started",
  "agent_stopped",
  "agent_blocked",
  "agent_unblocked",
  "task_created",
  "manager_assign",
  "agent_acknowledged",
  "task_started",
  "task_progress",
  "task_completed",
  "task_failed",
  "meeting_requested",
  "meeting_started",
  "meeting_ended",
  "tool_started",
  "tool_succeeded",
  "tool_failed",
  "heartbeat",
  "schema_error",
];

/** The types a hook payload is given by a row of the mapping; any other is made from its name. */
const HOOK_TYPES = HOOK_RULES.map((rule) => rule.type);

export const KNOWN_TYPE_RULES: readonly KnownTypeRule[] = [
  {
    source: "openclaw",
    name: "task events",
    matches: oneOf(
      "task.started",
      "task.updated",
      "task.completed",
      "task.cancelled",
      "task.approved",
      "task.blocked",
      "task.resumed",
      "task.backlog_added",
      "task.backlog_picked",
    ),
  },
  {
    source: "openclaw",
    name: "orchestration signals",
    matches: oneOf(
      "continuation.sent",
      "continuation.backoff",
      "unblock.requested",
      "unblock.failed",
      "resume_reminder.sent",
      "zombie.abandoned",
      "backlog.auto_picked",
      "plan.submitted",
      "plan.approved",
      "plan.rejected",
    ),
  },
  {
    source: "openclaw",
    name: "agent-to-agent events",
    matches: oneOf(
      "a2a.send",
      "a2a.response",
      "a2a.complete",
      "a2a.retry",
      "a2a.auto_route",
      "a2a.spawn",
      "a2a.spawn_result",
    ),
  },
  {
    source: "openclaw",
    name: "human questions and the system's own events",
    matches: oneOf("human_query.requested", "human_query.answered", "milestone.sync_failed"),
  },
  { source: "v1.1", name: "the normalized catalog", matches: oneOf(...V11_CATALOG) },
  {
    source: "v1.1",
    name: "human questions and the resume after an answer",
    matches: (type) => type.includes("human_query_") || type === "task_resumed_after_human_query",
  },
  { source: "claude_code", name: "a type a row of the hook mapping gives", matches: oneOf(...HOOK_TYPES) },
];

/** True when a row of the table knows the type for the format the event was read from. */
export function isKnownType(source: EventSource, type: string): boolean {
  return KNOWN_TYPE_RULES.some((rule) => rule.source === source && rule.matches(type));
}
