import { z } from "zod";
import type { BaseEvent } from "./event.ts";
import { isRecord } from "./formats/fields.ts";

/**
 * The fields of a producer's payload that the analysis reads: words to show and to classify, and
 * the few values that decide outcomes, statuses and states. They are taken while ingest parses the
 * line anyway, so that the analysis never parses a line again; the rest of the payload stays in
 * the line (`eventData`). v1.1's payload fields and run id are lifted to the same level.
 */
export const EventFacts = z
  .object({
    /** A message: an a2a send or response, a notification. Untrusted. */
    message: z.string(),
    /** A reply's first 200 characters. */
    replyPreview: z.string(),
    /** A spawn's label. */
    label: z.string(),
    /** An error text. */
    error: z.string(),
    /** A v1.1 summary, a Claude Code prompt or a task subject: words that say what the work is. */
    summary: z.string(),
    prompt: z.string(),
    task_subject: z.string(),
    /** A human query's question and answer. */
    question: z.string(),
    answer: z.string(),
    /** Failure evidence of a2a events. */
    outcome: z.string(),
    waitStatus: z.string(),
    waitError: z.string(),
    concurrencyBlocked: z.boolean(),
    /** A spawn result's or task event's status. */
    status: z.string(),
    /** A ping-pong turn, a retry attempt and its limit. */
    turn: z.number(),
    attempt: z.number(),
    maxAttempts: z.number(),
    /** A backoff's, cancellation's or block's reason. */
    reason: z.string(),
    /** A zombie's action. */
    action: z.string(),
    /** A task.started's fields. */
    priority: z.string(),
    requiresApproval: z.boolean(),
    previousWorkSessionId: z.string(),
    /** A v1.1 event's run. */
    run_id: z.string(),
  })
  .partial();
export type EventFacts = z.infer<typeof EventFacts>;

/** Events whose payload holds none of the fields share this one. */
export const NO_FACTS: EventFacts = Object.freeze({});

type Source = Record<string, unknown>;
const str = (from: Source, key: string, into: Record<string, unknown>): void => {
  const value = from[key];
  if (typeof value === "string") into[key] = value;
};
const num = (from: Source, key: string, into: Record<string, unknown>): void => {
  const value = from[key];
  if (typeof value === "number") into[key] = value;
};
const bool = (from: Source, key: string, into: Record<string, unknown>): void => {
  const value = from[key];
  if (typeof value === "boolean") into[key] = value;
};

/**
 * The facts of one event, from its payload as `eventData` gives it. Every event passes through
 * here, so the fields are read one by one rather than by looping over the schema's keys.
 */
export function extractFacts(event: BaseEvent, data: Record<string, unknown>): EventFacts {
  const from: Source = event.source === "v1.1" && isRecord(data["payload"]) ? { ...data["payload"], run_id: data["run_id"] } : data;
  const facts: Record<string, unknown> = {};
  str(from, "message", facts);
  str(from, "replyPreview", facts);
  str(from, "label", facts);
  str(from, "error", facts);
  str(from, "summary", facts);
  str(from, "prompt", facts);
  str(from, "task_subject", facts);
  str(from, "question", facts);
  str(from, "answer", facts);
  str(from, "outcome", facts);
  str(from, "waitStatus", facts);
  str(from, "waitError", facts);
  bool(from, "concurrencyBlocked", facts);
  str(from, "status", facts);
  num(from, "turn", facts);
  num(from, "attempt", facts);
  num(from, "maxAttempts", facts);
  str(from, "reason", facts);
  str(from, "action", facts);
  str(from, "priority", facts);
  bool(from, "requiresApproval", facts);
  str(from, "previousWorkSessionId", facts);
  str(from, "run_id", facts);
  for (const _ in facts) return facts as EventFacts;
  return NO_FACTS;
}
