import * as z from "zod";
import { AGENT_STATES, type AgentState } from "../agents/agent-states.ts";

/** The width of the time axis, in viewBox units: the swimlane's resolution. */
export const AXIS_WIDTH = 1000;
/** The width of the lane names left of the axis, in viewBox units. */
export const LABEL_WIDTH = 140;
/** The height of one lane, in viewBox units. */
export const LANE_HEIGHT = 24;
/** The gap below the last lane that the tick labels take, in viewBox units. */
export const AXIS_HEIGHT = 28;
/** Room right of the axis, so that the last tick's label is not cut off. */
const RIGHT_PAD = 10;
/**
 * The narrowest a span is drawn, in viewBox units: a span of a moment (a state that changed again
 * at once, or the last state, which ends when the agent was last seen) stays visible.
 */
export const MIN_SPAN_WIDTH = 2;
/** How many time labels the axis has: its ends and three between, evenly spaced. */
export const SWIMLANE_TICKS = 5;

/**
 * One rect of a lane: one span of the state, or several that lie so close on the axis that their
 * rects would touch, drawn as one (so a lane holds at most AXIS_WIDTH / MIN_SPAN_WIDTH rects,
 * whatever the number of spans).
 */
export const SwimlaneRect = z.object({
  /** Its left edge, in viewBox units. */
  x: z.number(),
  /** Its width, in viewBox units: at least MIN_SPAN_WIDTH. */
  width: z.number().positive(),
  /** The first span's start, epoch ms. */
  startMs: z.number(),
  /** The last span's end, epoch ms. */
  endMs: z.number(),
  /** How many spans it draws: 1 unless spans were merged. */
  spans: z.number().int().positive(),
  /** The time the agent spent in the state over those spans, ms. */
  durationMs: z.number().nonnegative(),
});
export type SwimlaneRect = z.infer<typeof SwimlaneRect>;

/** One lane: a state and its rects, left to right. */
export const SwimlaneLane = z.object({
  /** The state the lane shows. */
  state: z.enum(AGENT_STATES),
  /** The top of the lane, in viewBox units. */
  y: z.number(),
  /** Its rects, in time order. */
  rects: z.array(SwimlaneRect),
  /** How many spans the agent spent in the state. */
  spans: z.number().int().positive(),
});
export type SwimlaneLane = z.infer<typeof SwimlaneLane>;

/** One time label of the axis. */
export const SwimlaneTick = z.object({
  /** Where it goes on the x axis, in viewBox units. */
  x: z.number(),
  /** The time it names, epoch ms; the page writes it in the build's time zone. */
  ms: z.number(),
});
export type SwimlaneTick = z.infer<typeof SwimlaneTick>;

/**
 * An agent's state timeline as a swimlane chart: one lane per state it was in, each span a rect on
 * one time axis from its first state change to when it was last seen. Geometry only: the page
 * draws it and names the states and times in its language.
 */
export const AgentSwimlane = z.object({
  /** The viewBox's width. */
  width: z.number().positive(),
  /** The viewBox's height: every lane and the tick labels below them. */
  height: z.number().positive(),
  /** Where the time axis starts, in viewBox units: right of the lane names. */
  axisX: z.number(),
  /** The time axis's width, in viewBox units. */
  axisWidth: z.number().positive(),
  /** The axis's first time, epoch ms: the agent's first state change. */
  startMs: z.number(),
  /** The axis's last time, epoch ms: when the agent was last seen. */
  endMs: z.number(),
  /** The lanes, in the order of AGENT_STATES, only states the agent was in. */
  lanes: z.array(SwimlaneLane),
  /** The time labels, left to right: SWIMLANE_TICKS of them, or one when the axis is an instant. */
  ticks: z.array(SwimlaneTick),
  /** How many state spans the chart shows, merged ones included: the state table's rows. */
  spans: z.number().int().positive(),
});
export type AgentSwimlane = z.infer<typeof AgentSwimlane>;

/** A state change, as the agent's states list it. */
interface StateChange {
  /** When the agent entered the state, epoch ms. */
  ts: number;
  /** The state it entered. */
  state: AgentState;
}

/** A number cut to two decimals: the SVG has no use for more, and the page data stays small. */
const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * The swimlane of an agent's states, in time order. Each state lasts until the next change; the
 * last until `lastSeenMs`, the agent's last event (or for an instant, when that is not later). Null
 * when there is no state to draw.
 */
export function agentSwimlane(
  states: readonly StateChange[],
  lastSeenMs: number | undefined,
): AgentSwimlane | null {
  const first = states[0];
  const last = states.at(-1);
  if (first === undefined || last === undefined) return null;
  const startMs = first.ts;
  const endMs = Math.max(last.ts, lastSeenMs ?? last.ts);
  const range = endMs - startMs;
  // One instant has no length: its spans sit at the axis's start with the narrowest width.
  const xOf = (ms: number): number => (range === 0 ? 0 : ((ms - startMs) / range) * AXIS_WIDTH);
  const byState = new Map<AgentState, { rects: SwimlaneRect[]; spans: number }>();
  states.forEach((change, i) => {
    const spanEnd = Math.max(change.ts, states[i + 1]?.ts ?? endMs);
    const left = xOf(change.ts);
    const width = Math.max(MIN_SPAN_WIDTH, xOf(spanEnd) - left);
    const x = Math.min(left, AXIS_WIDTH - width);
    let lane = byState.get(change.state);
    if (lane === undefined) byState.set(change.state, (lane = { rects: [], spans: 0 }));
    lane.spans++;
    const previous = lane.rects.at(-1);
    if (previous !== undefined && x <= previous.x + previous.width) {
      // The rects would touch or overlap: one rect stands for both, and says how many it holds.
      previous.width = Math.max(previous.x + previous.width, x + width) - previous.x;
      previous.endMs = spanEnd;
      previous.spans++;
      previous.durationMs += spanEnd - change.ts;
    } else {
      lane.rects.push({
        x,
        width,
        startMs: change.ts,
        endMs: spanEnd,
        spans: 1,
        durationMs: spanEnd - change.ts,
      });
    }
  });
  const lanes = AGENT_STATES.flatMap((state) => {
    const lane = byState.get(state);
    return lane === undefined ? [] : [{ state, ...lane }];
  }).map((lane, i) => ({
    state: lane.state,
    y: i * LANE_HEIGHT,
    spans: lane.spans,
    rects: lane.rects.map((r) => ({ ...r, x: round(LABEL_WIDTH + r.x), width: round(r.width) })),
  }));
  const tickCount = range === 0 ? 1 : SWIMLANE_TICKS;
  const ticks = Array.from({ length: tickCount }, (_, i) => {
    const share = tickCount === 1 ? 0 : i / (tickCount - 1);
    return { x: round(LABEL_WIDTH + share * AXIS_WIDTH), ms: Math.round(startMs + share * range) };
  });
  return {
    width: LABEL_WIDTH + AXIS_WIDTH + RIGHT_PAD,
    height: lanes.length * LANE_HEIGHT + AXIS_HEIGHT,
    axisX: LABEL_WIDTH,
    axisWidth: AXIS_WIDTH,
    startMs,
    endMs,
    lanes,
    ticks,
    spans: states.length,
  };
}
