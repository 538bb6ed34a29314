import { describe, expect, it } from "vitest";
import { parseCurrentTask } from "../../../src/core/tasks/current-task.ts";

describe("parseCurrentTask", () => {
  it("reads the focus form", () => {
    const text =
      "# Current Task\n\n**Focus:** task_abc\n\n## OAuth 구현\n\n**Status:** in_progress\n**Priority:** high\n";
    expect(parseCurrentTask(text)).toEqual({
      state: "focus",
      taskId: "task_abc",
      title: "OAuth 구현",
      status: "in_progress",
    });
  });

  it("reads the auto-generated tracker form", () => {
    expect(
      parseCurrentTask("# Current Task\n\n**Task:** Fix the gateway\n**Status:** in_progress\n"),
    ).toEqual({ state: "tracked", title: "Fix the gateway", status: "in_progress" });
  });

  it.each(["*(No active focus task)*", "*(No task in progress)*"])("reads %s as no task", (marker) => {
    expect(parseCurrentTask(`# Current Task\n\n${marker}\n`)).toEqual({ state: "none" });
  });

  it("says when it is neither form", () => {
    expect(parseCurrentTask("hello").state).toBe("unknown");
  });
});
