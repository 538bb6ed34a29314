import * as z from "zod";
import { eventId, type CanonicalEvent } from "../event.ts";
import { pathSegment } from "../site/path-segment.ts";

/** What a postmortem counts as "what happened next": the events that answer a failed flow. */
export const NEXT_STEP_KINDS = [
  "retry",
  "resend",
  "respawn",
  "task_blocked",
  "unblock_requested",
  "unblock_failed",
  "task_cancelled",
] as const;
export type NextStepKind = (typeof NEXT_STEP_KINDS)[number];

/** The flow an event is weighed against: who asked whom. */
export interface FlowTarget {
  /** The agent that asked. */
  fromAgent: string | null;
  /** The agent the flow asked. */
  toAgent: string | null;
}

/** One row of the table: a kind, and the events that show it. */
export interface NextStepRule {
  /** The kind this row names. */
  kind: NextStepKind;
  /** True when the event, after the flow, is of this kind. */
  matches: (event: CanonicalEvent, flow: FlowTarget) => boolean;
}

/** True when the event asks again what the flow asked: the same sender, to the same agent. */
const sameTarget = (event: CanonicalEvent, flow: FlowTarget): boolean =>
  flow.toAgent !== null &&
  event.toAgent === flow.toAgent &&
  (flow.fromAgent === null || (event.fromAgent ?? event.agentId) === flow.fromAgent);

/** The events that matter after a failed flow; the first matching row decides. Each row is tested. */
export const NEXT_STEP_RULES: readonly NextStepRule[] = [
  { kind: "retry", matches: (e) => e.type === "a2a.retry" },
  { kind: "resend", matches: (e, flow) => e.type === "a2a.send" && sameTarget(e, flow) },
  { kind: "respawn", matches: (e, flow) => e.type === "a2a.spawn" && sameTarget(e, flow) },
  { kind: "task_blocked", matches: (e) => e.type === "task.blocked" },
  { kind: "unblock_requested", matches: (e) => e.type === "unblock.requested" },
  { kind: "unblock_failed", matches: (e) => e.type === "unblock.failed" },
  { kind: "task_cancelled", matches: (e) => e.type === "task.cancelled" },
];

/** How many next steps a postmortem shows: enough to see the reaction, not the rest of the session. */
export const MAX_NEXT_STEPS = 5;

/** One event that followed a failed flow. */
export const NextStep = z.object({
  /** What it was. */
  kind: z.enum(NEXT_STEP_KINDS),
  /** The event's id. */
  id: z.string(),
  /** The event's type. */
  type: z.string(),
  /** When it happened, epoch ms. */
  ts: z.number(),
  /** Who sent or did it. */
  fromAgent: z.string().nullable(),
  /** Who it was for. */
  toAgent: z.string().nullable(),
  /** Its conversation, when it names one. */
  conversationId: z.string().nullable(),
  /** Its task, when it names one. */
  taskId: z.string().nullable(),
  /** The task's path segment, when it names a task. */
  taskSegment: z.string().nullable(),
  /** The reason it gave (a retry's or a block's), from the log: untrusted. */
  text: z.string().optional(),
});
export type NextStep = z.infer<typeof NextStep>;

/** The kind of step an event after a flow is, or null when it does not matter to the flow. */
export function nextStepKindOf(event: CanonicalEvent, flow: FlowTarget): NextStepKind | null {
  return NEXT_STEP_RULES.find((rule) => rule.matches(event, flow))?.kind ?? null;
}

/** The first few events of `after` (the events that followed the flow, in order) that matter. */
export function nextSteps(after: Iterable<CanonicalEvent>, flow: FlowTarget): NextStep[] {
  const steps: NextStep[] = [];
  for (const event of after) {
    if (steps.length >= MAX_NEXT_STEPS) break;
    const kind = nextStepKindOf(event, flow);
    if (kind === null) continue;
    const text = event.facts.reason ?? event.facts.error;
    steps.push({
      kind,
      id: eventId(event),
      type: event.type,
      ts: event.ts,
      fromAgent: event.fromAgent ?? event.agentId,
      toAgent: event.toAgent,
      conversationId: event.conversationId,
      taskId: event.taskId,
      taskSegment: event.taskId === null ? null : pathSegment(event.taskId),
      ...(text === undefined || text === "" ? {} : { text }),
    });
  }
  return steps;
}
