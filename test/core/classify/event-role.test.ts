import { describe, expect, it } from "vitest";
import {
  eventRoleOf,
  ROLE_RULES,
  type ClaudeRoleFacts,
  type RoleFacts,
} from "../../../src/core/classify/event-role.ts";

const facts = (over: Partial<RoleFacts>): RoleFacts => ({
  type: "a2a.send",
  stated: undefined,
  from: "main",
  to: "main",
  delegationHints: false,
  ...over,
});

const cc = (over: Partial<ClaudeRoleFacts>): ClaudeRoleFacts => ({
  kind: undefined,
  subagent: false,
  compaction: false,
  spawnResult: false,
  ...over,
});

/** One case per row of the table, in order: facts that this row decides first, and its answer. */
const CASES: Array<[RoleFacts, string]> = [
  [facts({ type: "task.started", stated: "conversation.main" }), "conversation.main"],
  [
    facts({ type: "claude.user_prompt", claude: cc({ kind: "prompt", subagent: true, compaction: true }) }),
    "system.observability",
  ],
  [facts({ type: "tool_succeeded", claude: cc({ kind: "tool", spawnResult: true }) }), "delegation.subagent"],
  [
    facts({ type: "claude.assistant_message", claude: cc({ kind: "answer", subagent: true }) }),
    "delegation.subagent",
  ],
  [facts({ type: "claude.user_prompt", claude: cc({ kind: "prompt" }) }), "conversation.main"],
  [facts({ type: "zombie.abandoned" }), "orchestration.task"],
  [facts({ type: "a2a.spawn" }), "delegation.subagent"],
  [facts({ type: "a2a.send", delegationHints: true }), "delegation.subagent"],
  [facts({ type: "a2a.response" }), "conversation.main"],
  [facts({ type: "a2a.complete", from: "unknown", to: "unknown" }), "delegation.subagent"],
  [facts({ type: "manager_assign", from: "unknown", to: "unknown" }), "delegation.subagent"],
  [facts({ type: "meeting_started" }), "conversation.main"],
  [facts({ type: "meeting_ended", to: "unknown" }), "delegation.subagent"],
  [facts({ type: "human_query_requested" }), "orchestration.task"],
  [facts({ type: "tool_failed" }), "system.observability"],
];

describe("ROLE_RULES", () => {
  it("has a case for every row", () => {
    expect(CASES).toHaveLength(ROLE_RULES.length);
  });

  it.each(CASES.map((c, i) => [ROLE_RULES[i]?.name ?? "", ...c] as const))("%s", (name, f, role) => {
    expect(ROLE_RULES.find((rule) => rule.decide(f) !== null)?.name).toBe(name);
    expect(eventRoleOf(f)).toBe(role);
  });

  it.each([
    "task.completed",
    "continuation.backoff",
    "plan.approved",
    "unblock.failed",
    "resume_reminder.sent",
    "backlog.auto_picked",
  ])("%s is orchestration", (type) => {
    expect(eventRoleOf(facts({ type }))).toBe("orchestration.task");
  });

  it.each(["milestone.sync_failed", "gateway.restarted", "heartbeat", "schema_error", "claude.stop"])(
    "%s is observability",
    (type) => {
      expect(eventRoleOf(facts({ type }))).toBe("system.observability");
    },
  );

  it("keeps a Claude Code tool step, thinking or compaction observability, on the main chain or in a subagent", () => {
    for (const kind of ["tool", "thinking", "compaction", "title", "meta", "notice"])
      for (const subagent of [false, true])
        expect(eventRoleOf(facts({ type: "tool_started", claude: cc({ kind, subagent }) })), kind).toBe(
          "system.observability",
        );
    expect(eventRoleOf(facts({ type: "claude.stop", claude: cc({ kind: "answer" }) }))).toBe(
      "conversation.main",
    );
  });

  it("makes an a2a event with a subagent side a delegation, and a subagent's start one too", () => {
    expect(eventRoleOf(facts({ type: "a2a.response", from: "subagent" }))).toBe("delegation.subagent");
    expect(eventRoleOf(facts({ type: "agent_started", to: "subagent" }))).toBe("delegation.subagent");
    expect(eventRoleOf(facts({ type: "agent_started", to: "unknown" }))).toBe("system.observability");
  });

  it("ignores a stated role that is not one", () => {
    expect(eventRoleOf(facts({ stated: "chitchat" }))).toBe("conversation.main");
  });
});
