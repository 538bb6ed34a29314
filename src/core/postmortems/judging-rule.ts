import * as z from "zod";
import { BLOCKED_REASON_RULES, BLOCKED_REASONS, type BlockedReason } from "../sessions/blocked-reasons.ts";

/**
 * The evidence each reason is judged on, as a key that pages name in words. Eight reasons come
 * from one row of BLOCKED_REASON_RULES, which looks at one event; `retry_exhausted` and
 * `orphaned` come from the thread's outcome (thread-outcome.ts), which looks at the whole flow.
 */
export const EVIDENCE_KEYS = [
  "concurrency_blocked",
  "spawn_result_error",
  "complete_failed",
  "blocked_context_length",
  "blocked_wait_timeout",
  "blocked_wait_not_found",
  "response_no_reply",
  "blocked_other",
  "retries_then_blocked",
  "unanswered_send",
  "subagent_never_stopped",
] as const;
export const EvidenceKey = z.enum(EVIDENCE_KEYS);
export type EvidenceKey = z.infer<typeof EvidenceKey>;

/**
 * Which evidence each reason was judged on: one row per reason, each tested. A reason that
 * BLOCKED_REASON_RULES names is judged by that table's row of the same reason, so the key says in
 * words what that row's `evidence` says.
 */
export const JUDGING_RULES: Readonly<Record<BlockedReason, EvidenceKey>> = {
  concurrency_limit: "concurrency_blocked",
  spawn_error: "spawn_result_error",
  job_failed: "complete_failed",
  context_overflow: "blocked_context_length",
  timeout: "blocked_wait_timeout",
  not_found: "blocked_wait_not_found",
  no_reply: "response_no_reply",
  run_error: "blocked_other",
  retry_exhausted: "retries_then_blocked",
  orphaned: "unanswered_send",
  subagent_orphaned: "subagent_never_stopped",
};

/** The rule that judged a flow blocked: its reason, its evidence and where it sits. */
export const JudgingRule = z.object({
  /** The reason the rule names. */
  reason: z.enum(BLOCKED_REASONS),
  /** What the rule looks for, as a key. */
  evidence: EvidenceKey,
  /**
   * The rule's 1-based row in BLOCKED_REASON_RULES, the first matching row deciding; null for the
   * two reasons the thread's outcome decides over the whole flow.
   */
  row: z.number().int().positive().nullable(),
});
export type JudgingRule = z.infer<typeof JudgingRule>;

/** The rule that judged a flow blocked for this reason. */
export function judgingRule(reason: BlockedReason): JudgingRule {
  const index = BLOCKED_REASON_RULES.findIndex((rule) => rule.reason === reason);
  return { reason, evidence: JUDGING_RULES[reason], row: index === -1 ? null : index + 1 };
}
