import { describe, expect, it } from "vitest";
import {
  rankSessions,
  TOP_SESSION_RULES,
  TOP_SESSIONS_PER_CATEGORY,
  topSessions,
} from "../../../src/core/reports/top-sessions.ts";
import { workSession } from "../site/fixtures.ts";

describe("the top sessions of a category", () => {
  it("has one row per rule, in order", () => {
    expect(TOP_SESSION_RULES.map((r) => r.rule)).toEqual(["most events first", "then by session id"]);
  });

  it("row 1: the session with more events comes first", () => {
    const [busy, quiet] = [workSession("ws-b", { eventCount: 9 }), workSession("ws-a", { eventCount: 2 })];
    expect(TOP_SESSION_RULES[0]?.compare(busy, quiet)).toBeLessThan(0);
    expect(rankSessions([quiet, busy]).map((s) => s.workSessionId)).toEqual(["ws-b", "ws-a"]);
  });

  it("row 2: equal event counts go by session id", () => {
    const [a, b] = [workSession("ws-a", { eventCount: 5 }), workSession("ws-b", { eventCount: 5 })];
    expect(TOP_SESSION_RULES[0]?.compare(a, b)).toBe(0);
    expect(TOP_SESSION_RULES[1]?.compare(a, b)).toBeLessThan(0);
    expect(rankSessions([b, a]).map((s) => s.workSessionId)).toEqual(["ws-a", "ws-b"]);
  });

  it(`keeps ${TOP_SESSIONS_PER_CATEGORY} and leaves the input as it was`, () => {
    const sessions = ["e", "d", "c", "b", "a"].map((id, i) => workSession(`ws-${id}`, { eventCount: i + 1 }));
    expect(topSessions(sessions).map((s) => s.workSessionId)).toEqual(["ws-a", "ws-b", "ws-c"]);
    expect(sessions[0]?.workSessionId).toBe("ws-e");
  });
});
