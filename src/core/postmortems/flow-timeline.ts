import * as z from "zod";
import { eventId, type CanonicalEvent } from "../event.ts";
import type { BlockedFlow } from "../sessions/blocked-flows.ts";
import { JudgingRule, judgingRule } from "./judging-rule.ts";
import { NextStep, nextSteps } from "./next-step.ts";
import { ANSWERING_TYPES, ASKING_KINDS, STEP_KINDS, stepKindOf } from "./step-kind.ts";

/** How much of a log text a step keeps: a timeline says what was asked, the transcript the rest. */
export const STEP_TEXT_CHARS = 280;
/** How many steps a timeline holds at most: the last ones, up to the failure. */
export const MAX_STEPS = 100;
/** How many events of the flow's thread after the failure still belong to the flow (a complete after it). */
const MAX_AFTER = 5;

/** One step of a flow: an event of its thread, or the wait between an ask and its answer. */
export const FlowStep = z.object({
  /** What kind of step. */
  kind: z.enum(STEP_KINDS),
  /** The event's id; absent for a wait, which no event logs. */
  id: z.string().optional(),
  /** The event's type; absent for a wait. */
  type: z.string().optional(),
  /** When it happened (a wait: when it began), epoch ms. */
  ts: z.number(),
  /** A wait's end: the answer, or the moment the flow was judged orphaned. */
  endMs: z.number().optional(),
  /** How long a wait lasted. */
  waitedMs: z.number().optional(),
  /** False for a wait nothing ever answered. */
  answered: z.boolean().optional(),
  /** Who sent it (a wait: who waited). */
  fromAgent: z.string().nullable(),
  /** Who it was for (a wait: who was waited on). */
  toAgent: z.string().nullable(),
  /** A ping-pong reply's turn. */
  turn: z.number().optional(),
  /** A retry's attempt, counted from 1. */
  attempt: z.number().optional(),
  /** A retry's limit: how many attempts the sender would make. */
  maxAttempts: z.number().optional(),
  /** True when the event is among the evidence of the failure. */
  evidence: z.boolean(),
  /** The first STEP_TEXT_CHARS characters of what it said, from the log: untrusted. */
  text: z.string().optional(),
});
export type FlowStep = z.infer<typeof FlowStep>;

/** A flow's postmortem timeline: its steps, the judgement, and what followed. */
export const FlowTimeline = z.object({
  /** The steps, oldest first. */
  steps: z.array(FlowStep),
  /** How many earlier steps were left out to keep MAX_STEPS. */
  omittedSteps: z.number().int().nonnegative(),
  /** When the flow was judged blocked (for an orphaned flow, 300 s after the last ask), epoch ms. */
  judgedMs: z.number(),
  /** The rule that judged it. */
  rule: JudgingRule,
  /** The first events after the flow in its work session (or its thread) that answer the failure. */
  next: z.array(NextStep),
});
export type FlowTimeline = z.infer<typeof FlowTimeline>;

/**
 * The events of a thread that make one flow: from the last ask at or before the first evidence
 * event to the last evidence event, and the few events of the thread after it up to the next ask
 * (a complete that closes a failed exchange). A legacy thread keyed by agent pair holds many
 * exchanges; this keeps the one that failed. Gives the indexes [start, end) into the thread.
 */
export function flowWindow(
  thread: readonly CanonicalEvent[],
  evidenceIds: ReadonlySet<string>,
): { start: number; end: number } | null {
  let first = -1;
  let last = -1;
  thread.forEach((event, i) => {
    if (!evidenceIds.has(eventId(event))) return;
    if (first === -1) first = i;
    last = i;
  });
  if (first === -1) return null;
  let start = first;
  for (let i = first; i >= 0; i--) {
    if (ASKING_KINDS.has(stepKindOf(thread[i] as CanonicalEvent, false))) {
      start = i;
      break;
    }
  }
  let end = last + 1;
  while (
    end < thread.length &&
    end - last <= MAX_AFTER &&
    !ASKING_KINDS.has(stepKindOf(thread[end] as CanonicalEvent, false))
  )
    end++;
  return { start, end };
}

/** The first STEP_TEXT_CHARS characters (code points) of a text, or undefined when empty. */
function shortText(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const chars = [...text];
  return chars.length <= STEP_TEXT_CHARS ? text : `${chars.slice(0, STEP_TEXT_CHARS).join("")}…`;
}

/** What a step shows of its event: a message, a spawn's label, a retry's reason; nothing for a failure. */
function stepText(event: CanonicalEvent, judged: boolean): string | undefined {
  if (judged) return undefined;
  const f = event.facts;
  switch (event.type) {
    case "a2a.retry":
      return shortText(f.reason ?? f.error);
    case "a2a.spawn":
      return shortText(f.label ?? f.message);
    default:
      return shortText(f.message ?? f.replyPreview ?? f.summary);
  }
}

/** A step for one event of the flow. */
function eventStep(event: CanonicalEvent, judged: boolean, evidence: boolean): FlowStep {
  const f = event.facts;
  const text = stepText(event, judged);
  return {
    kind: stepKindOf(event, judged),
    id: eventId(event),
    type: event.type,
    ts: event.ts,
    fromAgent: event.fromAgent ?? event.agentId,
    toAgent: event.toAgent,
    ...(f.turn === undefined ? {} : { turn: f.turn }),
    ...(f.attempt === undefined ? {} : { attempt: f.attempt }),
    ...(f.maxAttempts === undefined ? {} : { maxAttempts: f.maxAttempts }),
    evidence,
    ...(text === undefined ? {} : { text }),
  };
}

/** The latest time among some events, or `from` when none is later. */
function lastTime(events: Iterable<CanonicalEvent>, from: number): number {
  let last = from;
  for (const e of events) if (e.ts > last) last = e.ts;
  return last;
}

/**
 * A flow's timeline from the events of its thread (in time order) and the events that followed
 * the thread's part that makes the flow, where "what happened next" is looked for: the rest of its
 * work session, or of its thread when it has no session.
 */
export function flowTimeline(
  flow: BlockedFlow,
  thread: readonly CanonicalEvent[],
  following: (lastOfFlow: CanonicalEvent | null) => Iterable<CanonicalEvent>,
): FlowTimeline {
  const evidenceIds = new Set(flow.evidence.map((e) => e.id));
  const window = flowWindow(thread, evidenceIds);
  const events = window === null ? [] : thread.slice(window.start, window.end);
  // An orphaned flow's evidence is the ask nobody answered (a send, or a subagent's start), not a
  // failure: its steps keep their kinds and the unanswered wait says what went wrong.
  const orphaned = flow.reason === "orphaned";
  const subagentOrphaned = flow.reason === "subagent_orphaned";
  const steps: FlowStep[] = [];
  events.forEach((event, i) => {
    const id = eventId(event);
    const judged = !orphaned && !subagentOrphaned && id === flow.flowId;
    const step = eventStep(event, judged, evidenceIds.has(id));
    steps.push(step);
    if (!ASKING_KINDS.has(step.kind)) return;
    // The sender polled agent.wait from its ask until the first answer, or, never answered, until
    // the flow was judged orphaned. A subagent nobody stopped was waited on from the call that
    // spawned it until the last event its session logged.
    const answer = events.slice(i + 1).find((e) => ANSWERING_TYPES.has(e.type));
    const endMs =
      answer?.ts ??
      (orphaned && id === flow.flowId
        ? flow.ts
        : subagentOrphaned && evidenceIds.has(id)
          ? lastTime(following(events.at(-1) ?? null), Math.max(flow.ts, events.at(-1)?.ts ?? flow.ts))
          : null);
    if (endMs === null) return;
    steps.push({
      kind: "wait",
      ts: event.ts,
      endMs,
      waitedMs: endMs - event.ts,
      answered: answer !== undefined,
      fromAgent: step.fromAgent,
      toAgent: step.toAgent,
      evidence: false,
    });
  });
  const omittedSteps = Math.max(0, steps.length - MAX_STEPS);
  return {
    steps: steps.slice(omittedSteps),
    omittedSteps,
    judgedMs: flow.ts,
    rule: judgingRule(flow.reason),
    next: nextSteps(following(events.at(-1) ?? null), { fromAgent: flow.fromAgent, toAgent: flow.toAgent }),
  };
}
