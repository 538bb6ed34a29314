import type { BlockedReason } from "./blocked-reasons.ts";
import { ORPHAN_AFTER_MS, type ThreadEnd } from "./thread-outcome.ts";
import type { TranscriptTurn } from "./transcript.ts";

/** What the outcome rules of a Claude Code thread look at. */
export interface ClaudeThreadFacts {
  /** True for a subagent's thread, false for a session's main conversation. */
  subagent: boolean;
  /** The indexes (into the thread's events) of what shows the subagent started: its call, its SubagentStart. */
  started: readonly number[];
  /** True when the subagent stopped: a SubagentStop, or a result for the call that spawned it. */
  stopped: boolean;
  /** The thread's transcript. */
  transcript: readonly TranscriptTurn[];
  /** The time of the thread's last event. */
  lastMs: number;
  /** True when a Stop hook came after the thread's last prompt and tool step. */
  stopAfterLastStep: boolean;
  /** The time of the last event of the whole log. */
  logEndMs: number;
}

/** One row of the outcome table of Claude Code threads: the first row that answers decides. */
export interface ClaudeOutcomeRule {
  /** What the row looks at, in words. */
  name: string;
  /** The end, or null when the row does not apply. */
  decide: (facts: ClaudeThreadFacts) => ThreadEnd | null;
}

const end = (
  outcome: ThreadEnd["outcome"],
  reason: BlockedReason | null = null,
  evidence: number[] = [],
): ThreadEnd => ({
  outcome,
  reason,
  evidence,
});

/** The kinds of turn that move a conversation on; notices, thinking and compactions do not. */
const STEPS = new Set(["prompt", "answer", "tool"]);

export const CLAUDE_OUTCOME_RULES: readonly ClaudeOutcomeRule[] = [
  {
    name: "a subagent that stopped: a SubagentStop, or a result for the call that spawned it",
    decide: (f) => (f.subagent && f.stopped ? end("completed") : null),
  },
  {
    name: "a subagent that started and never stopped, while the log went on past the gateway's wait",
    decide: (f) =>
      f.subagent && f.started.length > 0 && f.logEndMs - f.lastMs > ORPHAN_AFTER_MS
        ? end("blocked", "subagent_orphaned", [...f.started])
        : null,
  },
  {
    name: "a subagent that started and has not stopped at the end of the log",
    decide: (f) => (f.subagent && f.started.length > 0 ? end("open") : null),
  },
  {
    name: "a conversation whose last prompt, answer or tool step is an answer, or that a Stop ended",
    decide: (f) => {
      const last = f.transcript.findLast((t) => t.kind !== undefined && STEPS.has(t.kind));
      return last?.kind === "answer" || f.stopAfterLastStep ? end("completed") : null;
    },
  },
  { name: "anything else: the conversation is still open", decide: () => end("open") },
];

/** The end of a Claude Code thread, by the first rule of CLAUDE_OUTCOME_RULES that answers. */
export function claudeThreadEnd(facts: ClaudeThreadFacts): ThreadEnd {
  for (const rule of CLAUDE_OUTCOME_RULES) {
    const decided = rule.decide(facts);
    if (decided !== null) return decided;
  }
  return end("open");
}
