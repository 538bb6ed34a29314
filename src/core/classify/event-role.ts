import * as z from "zod";
import type { SessionType } from "./session-type.ts";

/**
 * The role that decides where an event is shown: a conversation between main agents, a
 * delegation to a subagent, task orchestration, or the system's own observability signals.
 */
export const EventRole = z.enum([
  "conversation.main",
  "delegation.subagent",
  "orchestration.task",
  "system.observability",
]);
export type EventRole = z.infer<typeof EventRole>;

/** What the role rules look at. */
export interface RoleFacts {
  /** The event type. */
  type: string;
  /** The role the producer stated (`eventRole`), if any. */
  stated: unknown;
  /** The sender's and receiver's session types. */
  from: SessionType;
  to: SessionType;
  /** True when the event carries delegation hints: parentConversationId, depth or hop. */
  delegationHints: boolean;
  /** For a Claude Code event: what its transcript and links say; absent for other formats. */
  claude?: ClaudeRoleFacts;
}

/** What the role rules read of a Claude Code event. */
export interface ClaudeRoleFacts {
  /** What it shows in a transcript (`prompt`, `answer`, `tool`, …: `facts.ccKind`). */
  kind: string | undefined;
  /** True when a subagent wrote or sent it (a sidechain entry, a payload with `agent_id`). */
  subagent: boolean;
  /** True for Claude Code's context compaction agent (`agent-acompact-*`): never a subagent. */
  compaction: boolean;
  /** True for a Task/Agent call's result that names the subagent it ran. */
  spawnResult: boolean;
}

/** What a person and an agent say to each other: the words of a conversation. */
const SPOKEN = new Set(["prompt", "answer"]);

/**
 * One rule of the role table: the first rule that answers decides. Each row is tested on its
 * own.
 */
export interface RoleRule {
  /** What the rule looks at, in words. */
  name: string;
  /** The role, or null when the rule does not apply. */
  decide: (facts: RoleFacts) => EventRole | null;
}

const ORCHESTRATION_PREFIXES = [
  "task.",
  "continuation.",
  "plan.",
  "unblock.",
  "zombie.",
  "resume_reminder.",
  "backlog.",
];
const isMain = (t: SessionType): boolean => t === "main";

export const ROLE_RULES: readonly RoleRule[] = [
  {
    name: "an explicit, valid eventRole",
    decide: (f) => (EventRole.options.includes(f.stated as EventRole) ? (f.stated as EventRole) : null),
  },
  {
    name: "Claude Code's context compaction (agent-acompact-*), which is not a subagent",
    decide: (f) => (f.claude?.compaction === true ? "system.observability" : null),
  },
  {
    name: "a Claude Code Task/Agent call's result that names its subagent",
    decide: (f) => (f.claude?.spawnResult === true ? "delegation.subagent" : null),
  },
  {
    name: "a Claude Code subagent's prompt or answer",
    decide: (f) =>
      f.claude?.subagent === true && SPOKEN.has(f.claude.kind ?? "") ? "delegation.subagent" : null,
  },
  {
    name: "a Claude Code prompt or answer of the main chain: a person and the main agent",
    decide: (f) =>
      f.claude?.subagent === false && SPOKEN.has(f.claude.kind ?? "") ? "conversation.main" : null,
  },
  {
    name: "OpenClaw task, continuation, plan, unblock, zombie, resume_reminder and backlog events",
    decide: (f) => (ORCHESTRATION_PREFIXES.some((p) => f.type.startsWith(p)) ? "orchestration.task" : null),
  },
  {
    name: "a spawn and its result",
    decide: (f) => (f.type === "a2a.spawn" || f.type === "a2a.spawn_result" ? "delegation.subagent" : null),
  },
  {
    name: "an a2a event with delegation hints or a subagent side",
    decide: (f) =>
      f.type.startsWith("a2a.") && (f.delegationHints || f.from === "subagent" || f.to === "subagent")
        ? "delegation.subagent"
        : null,
  },
  {
    name: "an a2a event between two main agents",
    decide: (f) => (f.type.startsWith("a2a.") && isMain(f.from) && isMain(f.to) ? "conversation.main" : null),
  },
  {
    name: "any other a2a event (the conservative fallback: what is not known to be main is delegation)",
    decide: (f) => (f.type.startsWith("a2a.") ? "delegation.subagent" : null),
  },
  {
    name: "v1.1 and hook assignments, acknowledgements and subagent lifecycle",
    decide: (f) =>
      f.type === "manager_assign" ||
      f.type === "agent_acknowledged" ||
      ((f.type === "agent_started" || f.type === "agent_stopped") && f.to === "subagent")
        ? "delegation.subagent"
        : null,
  },
  {
    name: "a v1.1 meeting between main agents",
    decide: (f) =>
      f.type.startsWith("meeting_") && isMain(f.from) && isMain(f.to) ? "conversation.main" : null,
  },
  {
    name: "a v1.1 meeting otherwise",
    decide: (f) => (f.type.startsWith("meeting_") ? "delegation.subagent" : null),
  },
  {
    name: "v1.1 task and human-query events",
    decide: (f) =>
      f.type.startsWith("task_") || f.type.startsWith("human_query") ? "orchestration.task" : null,
  },
  {
    name: "everything else: tools, heartbeats, milestone sync, schema errors, unknown types",
    decide: () => "system.observability",
  },
];

export function eventRoleOf(facts: RoleFacts): EventRole {
  for (const rule of ROLE_RULES) {
    const role = rule.decide(facts);
    if (role !== null) return role;
  }
  return "system.observability";
}
