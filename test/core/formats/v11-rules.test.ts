import { describe, expect, it } from "vitest";
import { missingV11Fields, V11_TYPE_RULES } from "../../../src/core/formats/v11-rules.ts";

describe("V11_TYPE_RULES", () => {
  it.each([
    ["manager_assign", ["manager_assign"], ["agent_acknowledged", "task_created"]],
    ["agent_acknowledged", ["agent_acknowledged"], ["manager_assign"]],
    ["task_*", ["task_created", "task_progress", "task_anything"], ["manager_assign", "tool_failed"]],
    ["tool_*", ["tool_started", "tool_failed"], ["task_started", "heartbeat"]],
    ["tool_failed", ["tool_failed"], ["tool_succeeded"]],
  ])("%s applies to the types it names and no others", (appliesTo, yes, no) => {
    const rule = V11_TYPE_RULES.find((r) => r.appliesTo === appliesTo);
    expect(rule).toBeDefined();
    for (const type of yes) expect(rule?.matches(type), type).toBe(true);
    for (const type of no) expect(rule?.matches(type), type).toBe(false);
  });
});

describe("missingV11Fields", () => {
  const event = (
    type: string,
    fields: Record<string, unknown> = {},
    payload: Record<string, unknown> = {},
  ) => ({
    type,
    ...fields,
    payload,
  });

  it("lists nothing for an event that has what its type requires, or a type without rules", () => {
    expect(
      missingV11Fields(
        event("manager_assign", { target_agent_id: "w", task_id: "t" }, { summary: "Fix it" }),
      ),
    ).toEqual([]);
    expect(
      missingV11Fields(event("tool_failed", {}, { tool_name: "Bash", exit_code: 0, error_message: "x" })),
    ).toEqual([]);
    expect(missingV11Fields(event("heartbeat"))).toEqual([]);
  });

  it("lists every missing field of every rule that applies, each once, in rule order", () => {
    expect(missingV11Fields(event("manager_assign"))).toEqual([
      "target_agent_id",
      "task_id",
      "payload.summary",
    ]);
    expect(missingV11Fields(event("tool_failed", {}, { exit_code: 1 }))).toEqual([
      "payload.tool_name",
      "payload.error_message",
    ]);
    expect(missingV11Fields(event("task_started"))).toEqual(["task_id"]);
  });

  it("counts null, empty text and an empty object as missing, and 0 or false as present", () => {
    expect(missingV11Fields(event("task_started", { task_id: null }))).toEqual(["task_id"]);
    expect(missingV11Fields(event("task_started", { task_id: "" }))).toEqual(["task_id"]);
    expect(missingV11Fields(event("tool_started", {}, { tool_name: {} }))).toEqual(["payload.tool_name"]);
    expect(
      missingV11Fields(event("tool_failed", {}, { tool_name: "Bash", exit_code: 0, error_message: false })),
    ).toEqual([]);
  });
});
