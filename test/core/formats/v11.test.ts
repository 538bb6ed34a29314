import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { eventData } from "../../../src/core/event-data.ts";
import { normalizeV11 } from "../../../src/core/formats/v11.ts";
import { missingV11Fields, V11_TYPE_RULES } from "../../../src/core/formats/v11-rules.ts";

/** The v1.1 specification's tool_failed example, verbatim. */
const TOOL_FAILED = {
  id: "evt_tool_fail_1",
  version: "1.1",
  ts: "2026-02-13T15:03:10.000Z",
  type: "tool_failed",
  source: "hook",
  workspace_id: "repo_agent-office-dashboard",
  terminal_session_id: "term_a1b2c3",
  run_id: "run_1",
  session_id: "sess_1",
  agent_id: "worker_1",
  target_agent_id: null,
  task_id: "task_101",
  severity: "error",
  locale: "ko-KR",
  payload: { tool_name: "bash", exit_code: 1, error_message: "command failed" },
  raw: { provider: "claude_code", event_name: "PostToolUse" },
};
const ref = lineRef("v11.ndjson", 3, JSON.stringify(TOOL_FAILED));

describe("normalizeV11", () => {
  it("reads the specification's tool_failed example", () => {
    const { event, problems } = normalizeV11(TOOL_FAILED, ref);
    expect(problems).toEqual([]);
    expect(event).toMatchObject({
      id: "evt_tool_fail_1",
      ts: Date.parse("2026-02-13T15:03:10.000Z"),
      type: "tool_failed",
      source: "v1.1",
      agentId: "worker_1",
      toAgent: null,
      taskId: "task_101",
    });
    expect(event && eventData(event)).toEqual(TOOL_FAILED);
  });

  it("reads manager_assign's target as the receiving agent", () => {
    const assign = {
      ...TOOL_FAILED,
      id: "a",
      type: "manager_assign",
      agent_id: "manager_1",
      target_agent_id: "worker_2",
      payload: { summary: "Fix flaky test" },
    };
    expect(normalizeV11(assign, ref).event).toMatchObject({ fromAgent: "manager_1", toAgent: "worker_2" });
  });

  it("keeps an unknown type", () => {
    const query = { ...TOOL_FAILED, type: "human_query_requested", payload: { question: "?" } };
    expect(normalizeV11(query, ref).event?.type).toBe("human_query_requested");
  });

  it("keeps an event that breaks a type rule as schema_error, with a finding", () => {
    const bad = { ...TOOL_FAILED, payload: { tool_name: "bash", error_message: "command failed" } };
    const { event, problems } = normalizeV11(bad, lineRef("v11.ndjson", 3, JSON.stringify(bad)));
    expect(problems).toEqual(["invalid v1.1 event: tool_failed requires payload.exit_code"]);
    expect(event).toMatchObject({ id: "evt_tool_fail_1", type: "schema_error", invalid: problems[0] });
    expect(event && eventData(event)).toEqual({ reason: problems[0], original: bad });
  });

  it.each([
    ["a time without a UTC designator", { ts: "2026-02-13T15:03:10" }, /ts: should be an ISO-8601 UTC time/],
    ["a missing terminal_session_id", { terminal_session_id: undefined }, /terminal_session_id/],
    ["an unknown source", { source: "cron" }, /source/],
  ])("rejects %s", (_name, change, message) => {
    const { problems } = normalizeV11({ ...TOOL_FAILED, ...change }, ref);
    expect(problems[0]).toMatch(message);
  });

  it("drops nothing silently: an event that cannot be placed in time is a finding only", () => {
    const { event, problems } = normalizeV11({ ...TOOL_FAILED, ts: "not a time" }, ref);
    expect(event).toBeNull();
    expect(problems).toHaveLength(1);
  });
});

describe("V11_TYPE_RULES", () => {
  const base = {
    target_agent_id: "w",
    task_id: "t",
    payload: { summary: "s", tool_name: "bash", exit_code: 1, error_message: "e" },
  };
  it.each(V11_TYPE_RULES.map((rule) => [rule.appliesTo, rule] as const))(
    "%s: each required field is required",
    (_name, rule) => {
      const type = rule.appliesTo.replace("*", "progress");
      expect(missingV11Fields({ type, ...base })).toEqual([]);
      for (const field of rule.requires) {
        const event: Record<string, unknown> & { type: string; payload: Record<string, unknown> } =
          structuredClone({ type, ...base });
        if (field.startsWith("payload.")) delete event.payload[field.slice("payload.".length)];
        else delete event[field];
        expect(missingV11Fields(event)).toContain(field);
      }
    },
  );

  it("asks nothing of heartbeat", () => {
    expect(missingV11Fields({ type: "heartbeat", payload: {} })).toEqual([]);
  });
});
