import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import {
  MAX_NEXT_STEPS,
  NEXT_STEP_KINDS,
  NEXT_STEP_RULES,
  nextStepKindOf,
  nextSteps,
  type NextStepKind,
} from "../../../src/core/postmortems/next-step.ts";
import { NEXT_STEP_NAMES } from "../../../src/core/site/labels.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const flow = { fromAgent: "seum", toAgent: "ieum" };
const ev = (type: string, extra: Partial<CanonicalEvent> = {}): CanonicalEvent =>
  canonicalEvent({ type, fromAgent: "seum", toAgent: "ieum", ...extra });

/** One event each row takes, and one like it the row must not take. */
const ROWS: Record<NextStepKind, { yes: CanonicalEvent; no: CanonicalEvent }> = {
  retry: { yes: ev("a2a.retry"), no: ev("a2a.response") },
  resend: { yes: ev("a2a.send"), no: ev("a2a.send", { toAgent: "miri" }) },
  respawn: { yes: ev("a2a.spawn"), no: ev("a2a.spawn", { toAgent: "miri" }) },
  task_blocked: { yes: ev("task.blocked"), no: ev("task.updated") },
  unblock_requested: { yes: ev("unblock.requested"), no: ev("unblock.granted") },
  unblock_failed: { yes: ev("unblock.failed"), no: ev("task.started") },
  task_cancelled: { yes: ev("task.cancelled"), no: ev("task.completed") },
};

describe("NEXT_STEP_RULES", () => {
  it("has one row per kind", () => {
    expect(NEXT_STEP_RULES.map((r) => r.kind)).toEqual([...NEXT_STEP_KINDS]);
  });

  it.each(NEXT_STEP_KINDS)("row %s takes its event and not the one beside it", (kind) => {
    expect(nextStepKindOf(ROWS[kind].yes, flow)).toBe(kind);
    expect(nextStepKindOf(ROWS[kind].no, flow)).toBeNull();
    expect(NEXT_STEP_NAMES[kind].ko.trim()).not.toBe("");
    expect(NEXT_STEP_NAMES[kind].en.trim()).not.toBe("");
  });

  it("takes no send as a re-send when the flow asked nobody known, or another agent sent it", () => {
    expect(nextStepKindOf(ev("a2a.send"), { fromAgent: "seum", toAgent: null })).toBeNull();
    expect(nextStepKindOf(ev("a2a.send", { fromAgent: "nuri" }), flow)).toBeNull();
    expect(nextStepKindOf(ev("a2a.send", { fromAgent: "nuri" }), { fromAgent: null, toAgent: "ieum" })).toBe(
      "resend",
    );
  });
});

describe("nextSteps", () => {
  it("keeps the first few events that matter, with the task's segment and reason", () => {
    const events = [
      ev("a2a.response"),
      ev("task.blocked", { id: "b1", taskId: "Task/1", facts: { reason: "waiting on ieum" } }),
      ...Array.from({ length: 10 }, (_, i) => ev("a2a.send", { id: `s${i}`, ts: i })),
    ];
    const steps = nextSteps(events, flow);
    expect(steps).toHaveLength(MAX_NEXT_STEPS);
    expect(steps[0]).toMatchObject({
      kind: "task_blocked",
      id: "b1",
      taskId: "Task/1",
      taskSegment: "~54ask~2F1",
      text: "waiting on ieum",
    });
    expect(steps.slice(1).map((s) => s.kind)).toEqual(["resend", "resend", "resend", "resend"]);
  });
});
