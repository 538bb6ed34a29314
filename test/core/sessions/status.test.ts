import { describe, expect, it } from "vitest";
import {
  ARCHIVE_AFTER_MS,
  isTerminal,
  sessionStatus,
  TERMINAL_RULES,
  type LatestEvent,
} from "../../../src/core/sessions/status.ts";

const CASES: LatestEvent[] = [
  { type: "a2a.complete", data: {} },
  { type: "a2a.spawn_result", data: { status: "error" } },
  { type: "task.cancelled", data: {} },
  { type: "task.updated", data: { status: "abandoned" } },
  { type: "task_failed", data: {} },
];

describe("TERMINAL_RULES", () => {
  it("has a case for every row", () => {
    expect(CASES).toHaveLength(TERMINAL_RULES.length);
  });

  it.each(TERMINAL_RULES.map((rule, i) => [rule.name, rule, CASES[i] as LatestEvent] as const))(
    "%s",
    (_name, rule, event) => {
      expect(rule.matches(event)).toBe(true);
      expect(isTerminal(event)).toBe(true);
    },
  );

  it("ends a session on task.completed without a status field", () => {
    expect(isTerminal({ type: "task.completed", data: {} })).toBe(true);
  });

  it.each([
    ["a2a.send", {}],
    ["a2a.spawn_result", { status: "accepted" }],
    ["task.updated", { progressCount: 3 }],
    ["continuation.sent", {}],
  ])("does not end on %s %j", (type, data) => {
    expect(isTerminal({ type, data })).toBe(false);
  });
});

describe("sessionStatus", () => {
  const now = 10 * ARCHIVE_AFTER_MS;
  it("goes ACTIVE → QUIET on a terminal event → ARCHIVED after 24 h, and back to ACTIVE on new activity", () => {
    expect(sessionStatus(now - 1000, { type: "a2a.send", data: {} }, now)).toBe("ACTIVE");
    expect(sessionStatus(now - 1000, { type: "a2a.complete", data: {} }, now)).toBe("QUIET");
    expect(sessionStatus(now - ARCHIVE_AFTER_MS - 1, { type: "a2a.complete", data: {} }, now)).toBe(
      "ARCHIVED",
    );
    expect(sessionStatus(now - ARCHIVE_AFTER_MS - 1, { type: "a2a.send", data: {} }, now)).toBe("ARCHIVED");
    expect(sessionStatus(now - ARCHIVE_AFTER_MS, { type: "a2a.send", data: {} }, now)).toBe("ACTIVE");
    expect(sessionStatus(now, { type: "task.started", data: {} }, now)).toBe("ACTIVE");
  });
});
