import { describe, expect, it } from "vitest";
import { AGENT_STATES, type AgentState } from "../../../src/core/agents/agent-states.ts";
import {
  AgentSwimlane,
  agentSwimlane,
  AXIS_WIDTH,
  LABEL_WIDTH,
  LANE_HEIGHT,
  MIN_SPAN_WIDTH,
} from "../../../src/core/site/agent-swimlane.ts";

const at = (ts: number, state: AgentState) => ({ ts, state });

describe("agentSwimlane", () => {
  it("draws nothing for an agent without states", () => {
    expect(agentSwimlane([], 5_000)).toBeNull();
  });

  it.each([
    // [states, last seen, lane → [x, width] of each rect]
    [
      "two spans, the last until the agent was last seen",
      [at(0, "working"), at(400, "idle")],
      1_000,
      { working: [[140, 400]], idle: [[540, 600]] },
    ],
    [
      "a last span of no length, drawn at the narrowest width inside the axis",
      [at(0, "working"), at(1_000, "blocked")],
      1_000,
      { working: [[140, 1_000]], blocked: [[LABEL_WIDTH + AXIS_WIDTH - MIN_SPAN_WIDTH, MIN_SPAN_WIDTH]] },
    ],
    [
      "one instant: every span at the axis's start",
      [at(7, "running")],
      undefined,
      { running: [[140, MIN_SPAN_WIDTH]] },
    ],
    [
      "a state seen twice: two rects in one lane",
      [at(0, "working"), at(250, "idle"), at(500, "working")],
      1_000,
      {
        working: [
          [140, 250],
          [640, 500],
        ],
        idle: [[390, 250]],
      },
    ],
  ] as const)("%s", (_name, states, lastSeen, expected) => {
    const chart = agentSwimlane(states, lastSeen);
    expect(AgentSwimlane.safeParse(chart).success).toBe(true);
    const drawn = Object.fromEntries(
      (chart?.lanes ?? []).map((lane) => [lane.state, lane.rects.map((r) => [r.x, r.width])]),
    );
    expect(drawn).toEqual(expected);
    expect(chart?.spans).toBe(states.length);
  });

  it("orders lanes as AGENT_STATES does, one lane-height apart, and sizes the viewBox to them", () => {
    const chart = agentSwimlane([at(0, "idle"), at(1, "blocked"), at(2, "running"), at(3, "idle")], 10);
    expect(chart?.lanes.map((l) => l.state)).toEqual(
      AGENT_STATES.filter((s) => ["idle", "blocked", "running"].includes(s)),
    );
    expect(chart?.lanes.map((l) => l.y)).toEqual([0, LANE_HEIGHT, 2 * LANE_HEIGHT]);
    expect(chart?.lanes.map((l) => l.spans)).toEqual([1, 1, 2]);
    expect(chart?.height).toBeGreaterThan(3 * LANE_HEIGHT);
    expect(chart?.width).toBeGreaterThan(LABEL_WIDTH + AXIS_WIDTH);
  });

  it("labels the axis at five even times from the first change to the last sighting", () => {
    const chart = agentSwimlane([at(1_000, "working")], 5_000);
    expect(chart?.ticks).toEqual([
      { x: 140, ms: 1_000 },
      { x: 390, ms: 2_000 },
      { x: 640, ms: 3_000 },
      { x: 890, ms: 4_000 },
      { x: 1_140, ms: 5_000 },
    ]);
    expect(agentSwimlane([at(1_000, "working")], undefined)?.ticks).toEqual([{ x: 140, ms: 1_000 }]);
  });

  it("ends the axis at the last change when the agent was last seen before it", () => {
    expect(agentSwimlane([at(0, "working"), at(100, "idle")], 50)?.endMs).toBe(100);
  });

  it("merges thousands of spans that would touch into few rects, keeping their count and time", () => {
    const states = Array.from({ length: 5_000 }, (_, i) => at(i * 10, i % 2 === 0 ? "working" : "idle"));
    const chart = agentSwimlane(states, 50_000);
    const rects = chart?.lanes.flatMap((lane) => lane.rects) ?? [];
    expect(rects.length).toBeLessThanOrEqual((2 * AXIS_WIDTH) / MIN_SPAN_WIDTH);
    expect(rects.length).toBeLessThan(100);
    expect(rects.reduce((n, r) => n + r.spans, 0)).toBe(5_000);
    expect(rects.reduce((n, r) => n + r.durationMs, 0)).toBe(50_000);
    expect(chart?.spans).toBe(5_000);
  });

  it("keeps every rect inside the axis over a range of ten thousand years", () => {
    const far = Date.UTC(9999, 11, 31);
    const chart = agentSwimlane([at(-62_135_596_800_000, "working"), at(0, "failed"), at(far, "idle")], far);
    for (const rect of chart?.lanes.flatMap((lane) => lane.rects) ?? []) {
      expect(rect.x).toBeGreaterThanOrEqual(LABEL_WIDTH);
      expect(rect.x + rect.width).toBeLessThanOrEqual(LABEL_WIDTH + AXIS_WIDTH + 0.01);
      expect(Number.isFinite(rect.x) && Number.isFinite(rect.width)).toBe(true);
    }
    expect(chart?.ticks.at(-1)?.ms).toBe(far);
  });
});
