import { describe, expect, it } from "vitest";
import { eventId, type CanonicalEvent } from "../../../src/core/event.ts";
import { flowEventsOf } from "../../../src/core/postmortems/flow-events.ts";
import {
  FlowTimeline,
  flowTimeline,
  flowWindow,
  MAX_STEPS,
  STEP_TEXT_CHARS,
} from "../../../src/core/postmortems/flow-timeline.ts";
import type { BlockedFlow } from "../../../src/core/sessions/blocked-flows.ts";
import { ORPHAN_AFTER_MS } from "../../../src/core/sessions/thread-outcome.ts";
import { canonicalEvent } from "../../helpers/events.ts";
import { HOSTILE, scenario, T0 } from "./fixtures.ts";

const analysis = scenario();
const events = flowEventsOf(analysis);
const timelineOf = (reason: string): FlowTimeline => {
  const flow = analysis.report.blockedFlows.find((f) => f.reason === reason) as BlockedFlow;
  const found = events.get(flow.flowId);
  return flowTimeline(flow, found?.thread ?? [], found?.following ?? (() => []));
};

describe("flowTimeline", () => {
  it("lays out a flow whose retries ran out: send, its wait, the retries as evidence, the blocked reply", () => {
    const timeline = timelineOf("retry_exhausted");
    expect(FlowTimeline.parse(timeline)).toEqual(timeline);
    expect(timeline.steps.map((s) => s.kind)).toEqual(["send", "wait", "retry", "retry", "blocked"]);
    const [send, wait, retry, , blocked] = timeline.steps;
    expect(send).toMatchObject({ fromAgent: "eden", toAgent: "seum", evidence: false, text: HOSTILE });
    expect(wait).toMatchObject({ ts: T0, endMs: T0 + 30_000, waitedMs: 30_000, answered: true });
    expect(retry).toMatchObject({
      attempt: 1,
      maxAttempts: 2,
      evidence: true,
      text: "overloaded <b>now</b>",
    });
    // The failure's own text is not a step's text: pages fold it away.
    expect(blocked).toMatchObject({ type: "a2a.response", evidence: true });
    expect(blocked?.text).toBeUndefined();
    expect(timeline.rule).toEqual({ reason: "retry_exhausted", evidence: "retries_then_blocked", row: null });
    expect(timeline.judgedMs).toBe(T0 + 30_000);
  });

  it("says what happened next in the session: the task blocked, then the re-send to the same agent", () => {
    expect(timelineOf("retry_exhausted").next.map((n) => [n.kind, n.taskId, n.conversationId])).toEqual([
      ["task_blocked", "task_1", null],
      ["resend", null, "c2"],
    ]);
  });

  it("shows an orphaned send's wait as unanswered until the flow was judged, 300 s on", () => {
    const timeline = timelineOf("orphaned");
    expect(timeline.steps.map((s) => s.kind)).toEqual(["send", "wait"]);
    expect(timeline.steps[1]).toMatchObject({
      answered: false,
      waitedMs: ORPHAN_AFTER_MS,
      endMs: T0 + 100_000 + ORPHAN_AFTER_MS,
    });
    expect(timeline.steps[0]?.evidence).toBe(true);
    expect(timeline.rule).toEqual({ reason: "orphaned", evidence: "unanswered_send", row: null });
    expect(timeline.judgedMs).toBe(T0 + 100_000 + ORPHAN_AFTER_MS);
  });

  it("names the row of BLOCKED_REASON_RULES that judged a legacy timeout", () => {
    const timeline = timelineOf("timeout");
    expect(timeline.steps.map((s) => s.kind)).toEqual(["send", "wait", "blocked"]);
    expect(timeline.rule).toEqual({ reason: "timeout", evidence: "blocked_wait_timeout", row: 5 });
  });

  it("keeps only the last MAX_STEPS steps and the first STEP_TEXT_CHARS characters of a text", () => {
    const long = "가".repeat(STEP_TEXT_CHARS + 10);
    const thread: CanonicalEvent[] = [
      canonicalEvent({ id: "s", type: "a2a.send", ts: 0, toAgent: "b", facts: { message: long } }),
      ...Array.from({ length: MAX_STEPS + 5 }, (_, i) =>
        canonicalEvent({ id: `r${i}`, type: "a2a.response", ts: i + 1, facts: { turn: i + 1 } }),
      ),
      canonicalEvent({ id: "x", type: "a2a.response", ts: 999, facts: { outcome: "blocked" } }),
    ];
    const flow: BlockedFlow = {
      flowId: "x",
      threadKey: "conv:c",
      fromAgent: "a",
      toAgent: "b",
      reason: "run_error",
      ts: 999,
      evidence: [{ id: "x", type: "a2a.response", ts: 999, file: "f", line: 1 }],
    };
    const timeline = flowTimeline(flow, thread, () => []);
    expect(timeline.steps).toHaveLength(MAX_STEPS);
    expect(timeline.omittedSteps).toBe(MAX_STEPS + 8 - MAX_STEPS);
    expect(timeline.steps.at(-1)?.kind).toBe("blocked");
    const full = flowTimeline(flow, thread.slice(0, 3).concat(thread.slice(-1)), () => []);
    expect(full.steps[0]?.text).toBe(`${"가".repeat(STEP_TEXT_CHARS)}…`);
    expect(full.steps[2]?.turn).toBe(1);
  });

  it("shows a subagent that never stopped as its call and start, waited on until the session's last event", () => {
    const t0 = Date.parse("2026-03-02T09:00:00Z");
    const call = canonicalEvent({
      id: "toolu_02",
      type: "manager_assign",
      ts: t0,
      fromAgent: "main",
      toAgent: "general-purpose",
      source: "claude_code",
      facts: { message: "Rewrite the login fixture", toolUseId: "toolu_02" },
    });
    const start = canonicalEvent({
      id: "fp-start",
      type: "agent_started",
      ts: t0 + 1_000,
      agentId: "general-purpose",
      source: "claude_code",
    });
    const later = canonicalEvent({ id: "later", type: "claude.assistant_message", ts: t0 + 900_000 });
    const flow: BlockedFlow = {
      flowId: "fp-start",
      workSessionId: "s",
      threadKey: "conv:e5f6",
      fromAgent: "main",
      toAgent: "general-purpose",
      reason: "subagent_orphaned",
      ts: t0 + 1_000,
      evidence: [
        { id: "toolu_02", type: "manager_assign", ts: t0, file: "f", line: 1 },
        { id: "fp-start", type: "agent_started", ts: t0 + 1_000, file: "f", line: 2 },
      ],
    };
    const timeline = flowTimeline(flow, [call, start], () => [later]);
    expect(timeline.steps.map((s) => s.kind)).toEqual(["send", "wait", "other"]);
    expect(timeline.steps[0]).toMatchObject({ evidence: true, text: "Rewrite the login fixture" });
    expect(timeline.steps[1]).toMatchObject({ answered: false, endMs: t0 + 900_000, waitedMs: 900_000 });
    // The start is evidence of the subagent, not a failure: no step is marked as the one it failed on.
    expect(timeline.steps.some((s) => s.kind === "blocked")).toBe(false);
    expect(timeline.rule).toEqual({
      reason: "subagent_orphaned",
      evidence: "subagent_never_stopped",
      row: null,
    });
  });

  it("has no steps when the flow's events cannot be found", () => {
    const flow = analysis.report.blockedFlows[0] as BlockedFlow;
    expect(flowTimeline(flow, [], () => []).steps).toEqual([]);
  });
});

describe("flowWindow", () => {
  const ev = (id: string, type: string): CanonicalEvent => canonicalEvent({ id, type });
  const thread = [
    ev("s1", "a2a.send"),
    ev("r1", "a2a.response"),
    ev("s2", "a2a.send"),
    ev("t", "a2a.retry"),
    ev("r2", "a2a.response"),
    ev("c", "a2a.complete"),
    ev("s3", "a2a.send"),
  ];

  it("runs from the last ask before the evidence to the events after it, up to the next ask", () => {
    expect(flowWindow(thread, new Set(["t", "r2"]))).toEqual({ start: 2, end: 6 });
    expect(thread.slice(2, 6).map((e) => eventId(e))).toEqual(["s2", "t", "r2", "c"]);
  });

  it("starts at the evidence when no ask comes before it, and finds nothing without evidence", () => {
    expect(flowWindow(thread.slice(1), new Set(["r1"]))).toEqual({ start: 0, end: 1 });
    expect(flowWindow(thread, new Set(["nope"]))).toBeNull();
  });
});
