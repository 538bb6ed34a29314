import { describe, expect, it } from "vitest";
import {
  BLOCKED_REASON_RULES,
  blockedReasonOf,
  rowMatches,
  type FailureFacts,
} from "../../../src/core/sessions/blocked-reasons.ts";
import { canonicalEvent } from "../../helpers/events.ts";

/** One event per row of the table, in order, that this row (and no row above it) matches. */
const CASES: FailureFacts[] = [
  { type: "a2a.complete", facts: { concurrencyBlocked: true } },
  { type: "a2a.spawn_result", facts: { status: "error", error: "spawn failed" } },
  { type: "a2a.complete", facts: { outcome: "failed", error: "Discord 503" } },
  {
    type: "a2a.response",
    facts: { outcome: "blocked", waitStatus: "error", waitError: "LLM request rejected: prompt is too long" },
  },
  { type: "a2a.response", facts: { outcome: "blocked", waitStatus: "timeout" } },
  { type: "a2a.response", facts: { outcome: "blocked", waitStatus: "not_found" } },
  {
    type: "a2a.response",
    facts: { outcome: "no_reply", message: "[outcome] no_reply: 응답을 받지 못했습니다" },
  },
  { type: "a2a.response", facts: { outcome: "blocked", waitStatus: "error" } },
];

describe("BLOCKED_REASON_RULES", () => {
  it("has a case for every row", () => {
    expect(CASES).toHaveLength(BLOCKED_REASON_RULES.length);
  });

  it.each(BLOCKED_REASON_RULES.map((rule, i) => [rule.reason, rule, CASES[i] as FailureFacts] as const))(
    "%s",
    (reason, rule, facts) => {
      expect(rowMatches(rule, facts)).toBe(true);
      expect(blockedReasonOf(facts)).toBe(reason);
    },
  );

  it("reads the Korean texts when the fields are missing", () => {
    expect(
      blockedReasonOf({
        type: "a2a.response",
        facts: { message: "[outcome] blocked: 응답을 받지 못했습니다 (대기 시간 300초 초과)" },
      }),
    ).toBe("timeout");
    expect(
      blockedReasonOf({ type: "a2a.complete", facts: { message: "동시 처리 한도 초과 (agent: seum)" } }),
    ).toBe("concurrency_limit");
    // The texts are read as one, so the phrase may run from one field into the next.
    expect(
      blockedReasonOf({ type: "a2a.complete", facts: { message: "오류: 동시 처리", error: " 한도 초과" } }),
    ).toBe("concurrency_limit");
    expect(
      blockedReasonOf({ type: "a2a.complete", facts: { error: "동시", replyPreview: " 처리 한도 초과" } }),
    ).toBe("concurrency_limit");
    expect(blockedReasonOf({ type: "a2a.complete", facts: { message: "처리 한도 초과" } })).toBeNull();
  });

  it("asks a row only about events of its type", () => {
    // A complete that says what a failed response says is no failed response.
    const complete = { type: "a2a.complete", facts: { outcome: "blocked", waitStatus: "timeout" } };
    expect(BLOCKED_REASON_RULES.filter((rule) => rowMatches(rule, complete))).toEqual([]);
    expect(blockedReasonOf(complete)).toBeNull();
    // A spawn result with outcome failed is no failed job, nor a response with status error a failed spawn.
    expect(blockedReasonOf({ type: "a2a.spawn_result", facts: { outcome: "failed" } })).toBeNull();
    expect(blockedReasonOf({ type: "a2a.response", facts: { status: "error" } })).toBeNull();
  });

  it("reads a canonical event as it is", () => {
    const event = canonicalEvent({
      type: "a2a.response",
      facts: { outcome: "blocked", waitStatus: "not_found" },
    });
    expect(blockedReasonOf(event)).toBe("not_found");
  });

  it("finds nothing wrong in an ordinary reply or a successful spawn", () => {
    expect(blockedReasonOf({ type: "a2a.response", facts: { message: "확인했습니다." } })).toBeNull();
    expect(blockedReasonOf({ type: "a2a.spawn_result", facts: { status: "accepted" } })).toBeNull();
  });
});
