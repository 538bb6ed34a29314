import { describe, expect, it } from "vitest";
import { blockedReasonOf } from "../../../src/core/sessions/blocked-reasons.ts";
import { ORPHAN_AFTER_MS, threadEnd, type OutcomeEvent } from "../../../src/core/sessions/thread-outcome.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const e = (type: string, ts: number, facts: OutcomeEvent["facts"] = {}): OutcomeEvent => ({
  type,
  ts,
  facts,
});

describe("threadEnd", () => {
  it("is completed with a complete and nothing wrong", () => {
    expect(threadEnd([e("a2a.send", 0), e("a2a.response", 1), e("a2a.complete", 2)], 10)).toEqual({
      outcome: "completed",
      reason: null,
      evidence: [],
    });
  });

  it("is blocked by a failed response even when a complete follows, naming the event", () => {
    const end = threadEnd(
      [
        e("a2a.send", 0),
        e("a2a.response", 1, { outcome: "blocked", waitStatus: "timeout" }),
        e("a2a.complete", 2),
      ],
      10,
    );
    expect(end).toEqual({ outcome: "blocked", reason: "timeout", evidence: [1] });
  });

  it("maps spawn errors and failed jobs to failed, no reply to no_reply", () => {
    expect(threadEnd([e("a2a.spawn", 0), e("a2a.spawn_result", 1, { status: "error" })], 5).outcome).toBe(
      "failed",
    );
    expect(threadEnd([e("a2a.send", 0), e("a2a.complete", 1, { outcome: "failed" })], 5).outcome).toBe(
      "failed",
    );
    expect(threadEnd([e("a2a.send", 0), e("a2a.response", 1, { outcome: "no_reply" })], 5)).toMatchObject({
      outcome: "no_reply",
      reason: "no_reply",
    });
  });

  it("calls a run error after the last retry attempt retry_exhausted, with the retries as evidence", () => {
    const events = [
      e("a2a.send", 0),
      e("a2a.retry", 1, { attempt: 1, maxAttempts: 2 }),
      e("a2a.retry", 2, { attempt: 2, maxAttempts: 2 }),
      e("a2a.response", 3, { outcome: "blocked", waitStatus: "error" }),
    ];
    expect(threadEnd(events, 10)).toEqual({
      outcome: "blocked",
      reason: "retry_exhausted",
      evidence: [1, 2, 3],
    });
    const early = [
      e("a2a.send", 0),
      e("a2a.retry", 1, { attempt: 1, maxAttempts: 3 }),
      e("a2a.response", 3, { outcome: "blocked", waitStatus: "error" }),
    ];
    expect(threadEnd(early, 10).reason).toBe("run_error");
  });

  it("calls a send with no answer orphaned once the log went on past the wait, and open before", () => {
    expect(threadEnd([e("a2a.send", 1000)], 1000 + ORPHAN_AFTER_MS + 1)).toEqual({
      outcome: "blocked",
      reason: "orphaned",
      evidence: [0],
    });
    expect(threadEnd([e("a2a.send", 1000)], 1000 + ORPHAN_AFTER_MS)).toMatchObject({
      outcome: "open",
      reason: null,
    });
    expect(threadEnd([e("a2a.send", 0), e("a2a.response", 1)], 10 * ORPHAN_AFTER_MS).outcome).toBe("open");
  });

  it("reads canonical events as they are, and the reasons given as each event's", () => {
    const threads = [
      [e("a2a.send", 0), e("a2a.response", 1), e("a2a.complete", 2)],
      [
        e("a2a.send", 0),
        e("a2a.retry", 1, { attempt: 1, maxAttempts: 2 }),
        e("a2a.retry", 2, { attempt: 2, maxAttempts: 2 }),
        e("a2a.response", 3, { outcome: "blocked", waitStatus: "error" }),
      ],
      [e("a2a.spawn", 0), e("a2a.spawn_result", 1, { status: "error" })],
      [e("a2a.send", 1000)],
    ];
    for (const outcomeEvents of threads) {
      const events = outcomeEvents.map(({ type, ts, facts }) => canonicalEvent({ type, ts, facts }));
      const end = threadEnd(events, 1000 + 2 * ORPHAN_AFTER_MS, events.map(blockedReasonOf));
      expect(end).toEqual(threadEnd(outcomeEvents, 1000 + 2 * ORPHAN_AFTER_MS));
    }
    // Given reasons win over the events' own: a thread's reasons are worked out once, by threads.
    const sent = [e("a2a.send", 0), e("a2a.response", 1)];
    expect(threadEnd(sent, 10, [null, "run_error"]).reason).toBe("run_error");
  });
});
