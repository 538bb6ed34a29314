import { describe, expect, it } from "vitest";
import {
  CLAUDE_OUTCOME_RULES,
  claudeThreadEnd,
  type ClaudeThreadFacts,
} from "../../../src/core/sessions/claude-outcome.ts";
import { ORPHAN_AFTER_MS } from "../../../src/core/sessions/thread-outcome.ts";
import type { TranscriptTurn } from "../../../src/core/sessions/transcript.ts";

const turn = (kind: TranscriptTurn["kind"]): TranscriptTurn => ({
  id: `t-${kind}`,
  ts: 0,
  type: "x",
  from: null,
  to: null,
  text: "",
  ...(kind === undefined ? {} : { kind }),
});
const facts = (over: Partial<ClaudeThreadFacts> = {}): ClaudeThreadFacts => ({
  subagent: false,
  started: [],
  stopped: false,
  transcript: [],
  lastMs: 1_000,
  stopAfterLastStep: false,
  logEndMs: 1_000,
  ...over,
});
const rule = (name: string) => {
  const found = CLAUDE_OUTCOME_RULES.find((r) => r.name.startsWith(name));
  if (found === undefined) throw new Error(`no rule ${name}`);
  return found;
};

describe("CLAUDE_OUTCOME_RULES", () => {
  it("a subagent that stopped is completed", () => {
    const stopped = rule("a subagent that stopped");
    expect(stopped.decide(facts({ subagent: true, stopped: true, started: [0] }))?.outcome).toBe("completed");
    expect(stopped.decide(facts({ subagent: true, started: [0] }))).toBeNull();
    expect(stopped.decide(facts({ stopped: true }))).toBeNull();
  });

  it("a subagent started and never stopped, with the log going on past the wait, is blocked subagent_orphaned", () => {
    const orphaned = rule("a subagent that started and never stopped");
    const late = facts({ subagent: true, started: [0, 1], logEndMs: 1_000 + ORPHAN_AFTER_MS + 1 });
    expect(orphaned.decide(late)).toEqual({
      outcome: "blocked",
      reason: "subagent_orphaned",
      evidence: [0, 1],
    });
    expect(orphaned.decide({ ...late, logEndMs: 1_000 + ORPHAN_AFTER_MS })).toBeNull();
    expect(orphaned.decide({ ...late, started: [] })).toBeNull();
  });

  it("a subagent started and not stopped at the end of the log is open", () => {
    const open = rule("a subagent that started and has not stopped");
    expect(open.decide(facts({ subagent: true, started: [0] }))?.outcome).toBe("open");
    expect(open.decide(facts({ subagent: true }))).toBeNull();
  });

  it("a conversation whose last prompt, answer or tool step is an answer, or that a Stop ended, is completed", () => {
    const answered = rule("a conversation whose last");
    const transcript = [turn("prompt"), turn("answer"), turn("notice"), turn("thinking")];
    expect(answered.decide(facts({ transcript }))?.outcome).toBe("completed");
    expect(answered.decide(facts({ transcript: [turn("answer"), turn("tool")] }))).toBeNull();
    expect(answered.decide(facts({ transcript: [turn("prompt")], stopAfterLastStep: true }))?.outcome).toBe(
      "completed",
    );
  });

  it("anything else is open", () => {
    expect(rule("anything else").decide(facts())?.outcome).toBe("open");
  });

  it("takes the first rule that answers: a stopped subagent is completed whatever its last turn", () => {
    const end = claudeThreadEnd(facts({ subagent: true, stopped: true, transcript: [turn("tool")] }));
    expect(end).toEqual({ outcome: "completed", reason: null, evidence: [] });
    expect(claudeThreadEnd(facts({ transcript: [turn("prompt")] })).outcome).toBe("open");
  });
});
