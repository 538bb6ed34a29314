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

/**
 * What the rules look at in one event: its type and its payload facts. A canonical event is one
 * as it is, so threads ask about their events without making an object for each.
 */
export interface FailureFacts {
  /** The event type. */
  type: string;
  /** The event's payload facts. */
  facts: Readonly<Record<string, unknown>>;
}

export interface BlockedReasonRule {
  /** The reason this row names. */
  reason: BlockedReason;
  /** The evidence, in words. */
  evidence: string;
  /**
   * The one event type this row reads, or null when it reads events of every type. It is
   * compared before `matches` is asked, so an event of another type costs the row one comparison.
   */
  type: string | null;
  /** True when the event, of the row's type, shows it. */
  matches: (facts: FailureFacts) => boolean;
}

const text = (d: Readonly<Record<string, unknown>>, k: string): string => {
  const value = d[k];
  return typeof value === "string" ? value : "";
};
/** True for a response (the rows that ask name its type) that says the flow failed. */
const failedResponse = (f: FailureFacts): boolean => {
  // The outcome is read once per call rather than once per comparison: each read is a lookup.
  const outcome = f.facts["outcome"];
  return (
    outcome === "blocked" ||
    outcome === "no_reply" ||
    text(f.facts, "message").startsWith("[outcome] blocked:")
  );
};
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
    type: null,
    matches: (f) =>
      f.facts["concurrencyBlocked"] === true ||
      joinedHold(
        text(f.facts, "message"),
        text(f.facts, "error"),
        text(f.facts, "replyPreview"),
        CONCURRENCY_TEXT,
      ),
  },
  {
    reason: "spawn_error",
    evidence: "a spawn_result with status error",
    type: "a2a.spawn_result",
    matches: (f) => f.facts["status"] === "error",
  },
  {
    reason: "job_failed",
    evidence: "a complete with outcome failed",
    type: "a2a.complete",
    matches: (f) => f.facts["outcome"] === "failed",
  },
  {
    reason: "context_overflow",
    evidence: "a blocked response rejected for prompt or context length",
    type: "a2a.response",
    matches: (f) => failedResponse(f) && CONTEXT.test(text(f.facts, "waitError") + text(f.facts, "message")),
  },
  {
    reason: "timeout",
    evidence: "a blocked response with waitStatus timeout, or the 300 s wait text",
    type: "a2a.response",
    matches: (f) =>
      failedResponse(f) &&
      (f.facts["waitStatus"] === "timeout" || /대기 시간 \d+초 초과/.test(text(f.facts, "message"))),
  },
  {
    reason: "not_found",
    evidence: "a blocked response with waitStatus not_found",
    type: "a2a.response",
    matches: (f) =>
      failedResponse(f) &&
      (f.facts["waitStatus"] === "not_found" ||
        text(f.facts, "message").includes("실행 상태를 찾을 수 없음")),
  },
  {
    reason: "no_reply",
    evidence: "a response with outcome no_reply",
    type: "a2a.response",
    matches: (f) =>
      f.facts["outcome"] === "no_reply" || text(f.facts, "message").startsWith("[outcome] no_reply:"),
  },
  {
    reason: "run_error",
    evidence: "any other blocked response (waitStatus error, or none)",
    type: "a2a.response",
    matches: failedResponse,
  },
];

/** True when a row of BLOCKED_REASON_RULES matches an event: one of its type that it matches. */
export function rowMatches(rule: BlockedReasonRule, facts: FailureFacts): boolean {
  return (rule.type === null || rule.type === facts.type) && rule.matches(facts);
}

/** The reason an event shows a failed flow, or null when it shows none. */
export function blockedReasonOf(facts: FailureFacts): BlockedReason | null {
  // A loop rather than find: every event of every thread passes here, and find's callback was
  // a closure made per call.
  for (const rule of BLOCKED_REASON_RULES) if (rowMatches(rule, facts)) return rule.reason;
  return null;
}
