import type { CanonicalEvent } from "../event.ts";

/**
 * The kinds of step a postmortem's timeline shows. `wait` is no event of the log: it is the time a
 * sender spent polling `agent.wait` between a send and its answer. `blocked` is the event the flow
 * was judged blocked on, whatever its type.
 */
export const STEP_KINDS = [
  "send",
  "spawn",
  "wait",
  "retry",
  "reply",
  "spawn_result",
  "complete",
  "blocked",
  "other",
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** One row of the step table: the event types it takes and the kind it gives them. */
export interface StepKindRule {
  /** The event types of the row. */
  types: readonly string[];
  /** Their kind. */
  kind: StepKind;
}

/** Which kind of step an event of a flow is, by its type; the first row that names the type decides. */
export const STEP_KIND_RULES: readonly StepKindRule[] = [
  { types: ["a2a.send", "manager_assign"], kind: "send" },
  { types: ["a2a.spawn"], kind: "spawn" },
  { types: ["a2a.retry"], kind: "retry" },
  { types: ["a2a.response"], kind: "reply" },
  { types: ["a2a.spawn_result"], kind: "spawn_result" },
  { types: ["a2a.complete"], kind: "complete" },
];

/** The types that ask an agent for something: a wait for its answer follows them. */
export const ASKING_KINDS: ReadonlySet<StepKind> = new Set(["send", "spawn"]);

/** The types that answer an ask, well or badly: they end its wait. */
export const ANSWERING_TYPES: ReadonlySet<string> = new Set([
  "a2a.response",
  "a2a.spawn_result",
  "a2a.complete",
]);

/** An event's step kind: `blocked` when the flow was judged on it, else by the table, else `other`. */
export function stepKindOf(event: Pick<CanonicalEvent, "type">, judged: boolean): StepKind {
  if (judged) return "blocked";
  return STEP_KIND_RULES.find((rule) => rule.types.includes(event.type))?.kind ?? "other";
}
