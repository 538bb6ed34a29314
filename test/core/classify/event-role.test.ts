import { describe, expect, it } from "vitest";
import { eventRoleOf, ROLE_RULES, type RoleFacts } from "../../../src/core/classify/event-role.ts";

const facts = (over: Partial<RoleFacts>): RoleFacts => ({
  type: "a2a.send",
  stated: undefined,
  from: "main",
  to: "main",
  delegationHints: false,
  ...over,
});

/** One case per row of the table, in order: facts that this row decides first, and its answer. */
const CASES: Array<[RoleFacts, string]> = [
  [facts({ type: "task.started", stated: "conversation.main" }), "conversation.main"],
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

  it("makes an a2a event with a subagent side a delegation, and a subagent's start one too", () => {
    expect(eventRoleOf(facts({ type: "a2a.response", from: "subagent" }))).toBe("delegation.subagent");
    expect(eventRoleOf(facts({ type: "agent_started", to: "subagent" }))).toBe("delegation.subagent");
    expect(eventRoleOf(facts({ type: "agent_started", to: "unknown" }))).toBe("system.observability");
  });

  it("ignores a stated role that is not one", () => {
    expect(eventRoleOf(facts({ stated: "chitchat" }))).toBe("conversation.main");
  });
});
