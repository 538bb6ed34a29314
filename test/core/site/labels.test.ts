import { describe, expect, it } from "vitest";
import { AGENT_STATES } from "../../../src/core/agents/agent-states.ts";
import { CategorySource } from "../../../src/core/classify/event-class.ts";
import { EVENT_ROLES } from "../../../src/core/classify/event-role.ts";
import {
  categoryName,
  LABELS,
  label,
  reasonName,
  valueName,
  VALUE_NAMES,
} from "../../../src/core/site/labels.ts";
import { SESSION_STATUSES } from "../../../src/core/sessions/status.ts";
import { THREAD_OUTCOMES } from "../../../src/core/sessions/thread-outcome.ts";
import { REPORT_TASK_STATUSES } from "../../../src/core/tasks/event-status.ts";
import { TASK_FLAGS } from "../../../src/core/tasks/task-flags.ts";
import { StepStatus } from "../../../src/core/tasks/task-file.ts";

describe("the site's words", () => {
  it.each(Object.entries(LABELS))("%s has a Korean and an English text", (key, names) => {
    expect(names.ko.trim(), key).not.toBe("");
    expect(names.en.trim(), key).not.toBe("");
    expect(label("ko", key as keyof typeof LABELS)).toBe(names.ko);
    expect(label("en", key as keyof typeof LABELS)).toBe(names.en);
  });

  it("names every status, role, outcome, task status, flag, step and agent state in both languages", () => {
    const values = [
      ...SESSION_STATUSES,
      ...EVENT_ROLES,
      ...THREAD_OUTCOMES,
      ...REPORT_TASK_STATUSES,
      ...TASK_FLAGS,
      ...StepStatus.options,
      ...AGENT_STATES,
      ...CategorySource.options,
      "main",
      "subagent",
    ];
    for (const value of values) {
      expect(VALUE_NAMES[value], value).toBeDefined();
      expect(valueName("ko", value)).not.toBe(value);
    }
    expect(valueName("ko", "no-such-value")).toBe("no-such-value");
  });

  it("gives categories and blocked reasons their Korean names by default", () => {
    expect(categoryName("ko", "qa_validation")).toBe("QA/검증");
    expect(categoryName("en", "qa_validation")).toBe("QA & validation");
    expect(reasonName("ko", "timeout")).toBe("시간 초과 (300초)");
  });
});
