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

/**
 * The facts of one event, from its payload as `eventData` gives it. Every event passes through
 * here, so each field is read by its own name, a fast property load, rather than by looping over
 * the schema's keys (a test holds the two to the same fields).
 */
export function extractFacts(event: BaseEvent, data: Record<string, unknown>): EventFacts {
  const from: Source =
    event.source === "v1.1" && isRecord(data["payload"])
      ? { ...data["payload"], run_id: data["run_id"] }
      : data;
  let facts: { -readonly [K in keyof EventFacts]: EventFacts[K] } | null = null;
  const message = from["message"];
  if (typeof message === "string") (facts ??= {}).message = message;
  const replyPreview = from["replyPreview"];
  if (typeof replyPreview === "string") (facts ??= {}).replyPreview = replyPreview;
  const label = from["label"];
  if (typeof label === "string") (facts ??= {}).label = label;
  const error = from["error"];
  if (typeof error === "string") (facts ??= {}).error = error;
  const summary = from["summary"];
  if (typeof summary === "string") (facts ??= {}).summary = summary;
  const prompt = from["prompt"];
  if (typeof prompt === "string") (facts ??= {}).prompt = prompt;
  const task_subject = from["task_subject"];
  if (typeof task_subject === "string") (facts ??= {}).task_subject = task_subject;
  const question = from["question"];
  if (typeof question === "string") (facts ??= {}).question = question;
  const answer = from["answer"];
  if (typeof answer === "string") (facts ??= {}).answer = answer;
  const outcome = from["outcome"];
  if (typeof outcome === "string") (facts ??= {}).outcome = outcome;
  const waitStatus = from["waitStatus"];
  if (typeof waitStatus === "string") (facts ??= {}).waitStatus = waitStatus;
  const waitError = from["waitError"];
  if (typeof waitError === "string") (facts ??= {}).waitError = waitError;
  const concurrencyBlocked = from["concurrencyBlocked"];
  if (typeof concurrencyBlocked === "boolean") (facts ??= {}).concurrencyBlocked = concurrencyBlocked;
  const status = from["status"];
  if (typeof status === "string") (facts ??= {}).status = status;
  const turn = from["turn"];
  if (typeof turn === "number") (facts ??= {}).turn = turn;
  const attempt = from["attempt"];
  if (typeof attempt === "number") (facts ??= {}).attempt = attempt;
  const maxAttempts = from["maxAttempts"];
  if (typeof maxAttempts === "number") (facts ??= {}).maxAttempts = maxAttempts;
  const reason = from["reason"];
  if (typeof reason === "string") (facts ??= {}).reason = reason;
  const action = from["action"];
  if (typeof action === "string") (facts ??= {}).action = action;
  const priority = from["priority"];
  if (typeof priority === "string") (facts ??= {}).priority = priority;
  const requiresApproval = from["requiresApproval"];
  if (typeof requiresApproval === "boolean") (facts ??= {}).requiresApproval = requiresApproval;
  const previousWorkSessionId = from["previousWorkSessionId"];
  if (typeof previousWorkSessionId === "string") (facts ??= {}).previousWorkSessionId = previousWorkSessionId;
  const run_id = from["run_id"];
  if (typeof run_id === "string") (facts ??= {}).run_id = run_id;
  return facts ?? NO_FACTS;
}
