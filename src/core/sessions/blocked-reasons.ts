/**
 * Why an agent-to-agent flow did not end well (see docs/formats.md#failure-texts). Each row
 * of BLOCKED_REASON_RULES names one reason and the evidence that shows it; the first row that
 * matches an event decides. Each row is tested on its own.
 */
export const BLOCKED_REASONS = [
  "timeout",
  "context_overflow",
  "run_error",
  "not_found",
  "no_reply",
  "concurrency_limit",
  "spawn_error",
  "job_failed",
  "retry_exhausted",
  "orphaned",
  "subagent_orphaned",
] as const;
export type BlockedReason = (typeof BLOCKED_REASONS)[number];

/** What the rules look at in one event. */
export interface FailureFacts {
  /** The event type. */
  type: string;
  /** The event's payload. */
  data: Record<string, unknown>;
}

export interface BlockedReasonRule {
  /** The reason this row names. */
  reason: BlockedReason;
  /** The evidence, in words. */
  evidence: string;
  /** True when the event shows it. */
  matches: (facts: FailureFacts) => boolean;
}

const text = (d: Record<string, unknown>, k: string): string => {
  const value = d[k];
  return typeof value === "string" ? value : "";
};
const failedResponse = (f: FailureFacts): boolean =>
  f.type === "a2a.response" &&
  (f.data["outcome"] === "blocked" ||
    f.data["outcome"] === "no_reply" ||
    text(f.data, "message").startsWith("[outcome] blocked:"));
const CONCURRENCY_TEXT = "동시 처리 한도 초과";

/**
 * True when the three texts, joined, hold `phrase` (which may run across two of them). Every
 * event of every thread is checked, and joining copies its message: a part of the phrase that
 * starts in a text puts the phrase's first character there, so without that character in any
 * text the join cannot hold the phrase and is not made. The texts are three arguments, not an
 * array, so that the check of an event without the character allocates nothing.
 */
function joinedHold(a: string, b: string, c: string, phrase: string): boolean {
  const first = phrase.charAt(0);
  if (!a.includes(first) && !b.includes(first) && !c.includes(first)) return false;
  return (a + b + c).includes(phrase);
}

const CONTEXT =
  /prompt is too long|context (length|window)|too many tokens|maximum context|context_overflow/i;

export const BLOCKED_REASON_RULES: readonly BlockedReasonRule[] = [
  {
    reason: "concurrency_limit",
    evidence: "a complete with concurrencyBlocked, or 동시 처리 한도 초과",
    matches: (f) =>
      f.data["concurrencyBlocked"] === true ||
      joinedHold(
        text(f.data, "message"),
        text(f.data, "error"),
        text(f.data, "replyPreview"),
        CONCURRENCY_TEXT,
      ),
  },
  {
    reason: "spawn_error",
    evidence: "a spawn_result with status error",
    matches: (f) => f.type === "a2a.spawn_result" && f.data["status"] === "error",
  },
  {
    reason: "job_failed",
    evidence: "a complete with outcome failed",
    matches: (f) => f.type === "a2a.complete" && f.data["outcome"] === "failed",
  },
  {
    reason: "context_overflow",
    evidence: "a blocked response rejected for prompt or context length",
    matches: (f) => failedResponse(f) && CONTEXT.test(text(f.data, "waitError") + text(f.data, "message")),
  },
  {
    reason: "timeout",
    evidence: "a blocked response with waitStatus timeout, or the 300 s wait text",
    matches: (f) =>
      failedResponse(f) &&
      (f.data["waitStatus"] === "timeout" || /대기 시간 \d+초 초과/.test(text(f.data, "message"))),
  },
  {
    reason: "not_found",
    evidence: "a blocked response with waitStatus not_found",
    matches: (f) =>
      failedResponse(f) &&
      (f.data["waitStatus"] === "not_found" || text(f.data, "message").includes("실행 상태를 찾을 수 없음")),
  },
  {
    reason: "no_reply",
    evidence: "a response with outcome no_reply",
    matches: (f) =>
      f.type === "a2a.response" &&
      (f.data["outcome"] === "no_reply" || text(f.data, "message").startsWith("[outcome] no_reply:")),
  },
  {
    reason: "run_error",
    evidence: "any other blocked response (waitStatus error, or none)",
    matches: failedResponse,
  },
];

/** The reason an event shows a failed flow, or null when it shows none. */
export function blockedReasonOf(facts: FailureFacts): BlockedReason | null {
  // A loop rather than find: every event of every thread passes here, and find's callback was
  // a closure made per call.
  for (const rule of BLOCKED_REASON_RULES) if (rule.matches(facts)) return rule.reason;
  return null;
}
