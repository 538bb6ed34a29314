import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildClaudeThreads } from "../../../src/core/sessions/claude-threads.ts";
import { ORPHAN_AFTER_MS } from "../../../src/core/sessions/thread-outcome.ts";
import type { Thread, WorkSession } from "../../../src/core/sessions/work-session.ts";
import { claudeEvent } from "../../helpers/claude-events.ts";
import { CLAUDE_FIXTURES, claudeSessionsOf } from "../../helpers/claude-sessions.ts";

const only = (sessions: readonly WorkSession[]): WorkSession => {
  expect(sessions).toHaveLength(1);
  return sessions[0] as WorkSession;
};
const subagentsOf = (session: WorkSession): Thread[] =>
  session.threads.filter((t) => t.eventRole === "delegation.subagent");
const mainOf = (session: WorkSession): Thread =>
  session.threads.find((t) => t.threadKey === `conv:${session.workSessionId}`) as Thread;

describe("Claude Code threads of a hook capture alone (7 subagents, one never stopped)", () => {
  const built = claudeSessionsOf(join(CLAUDE_FIXTURES, "hooks-only"));
  const session = only(built.sessions);

  it("makes one delegation per subagent: 7, not one per hook", () => {
    const subagents = subagentsOf(session);
    expect(subagents.map((t) => t.threadKey)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `conv:a1b2c3d${i}`));
    expect(session.threads).toHaveLength(8);
  });

  it("has the 6 that sent SubagentStop completed and the one that never did blocked, as a blocked flow", () => {
    const outcomes = subagentsOf(session).map((t) => [t.outcome, t.blockedReason]);
    expect(outcomes.filter(([o]) => o === "completed")).toHaveLength(6);
    expect(subagentsOf(session).at(-1)).toMatchObject({
      outcome: "blocked",
      blockedReason: "subagent_orphaned",
    });
    expect(built.flows).toHaveLength(1);
    expect(built.flows[0]).toMatchObject({
      reason: "subagent_orphaned",
      threadKey: "conv:a1b2c3d6",
      workSessionId: session.workSessionId,
    });
    expect(built.flows[0]?.rawText).toBeUndefined();
    expect(built.flows[0]?.evidence.map((e) => e.type)).toEqual(["manager_assign", "agent_started"]);
  });

  it("leaves the subagent open when the log ends within the gateway's wait of it", () => {
    const lastOfOrphan = subagentsOf(session).at(-1)?.lastActivityMs ?? 0;
    const near = claudeSessionsOf(join(CLAUDE_FIXTURES, "hooks-only"), lastOfOrphan + ORPHAN_AFTER_MS - 1);
    expect(subagentsOf(only(near.sessions)).at(-1)?.outcome).toBe("open");
    expect(near.flows).toEqual([]);
  });

  it("nests each subagent under the Task call that spawned it, with its type", () => {
    const main = mainOf(session);
    for (const sub of subagentsOf(session)) {
      const call = main.transcript.find((t) => t.subagentThreadKey === sub.threadKey);
      expect(call?.tool?.name).toBe("Task");
      expect(sub.spawnedBy).toEqual({ threadKey: main.threadKey, toolUseId: call?.tool?.toolUseId });
      expect(sub.agentType).toBe(sub.toAgent);
    }
    expect(
      subagentsOf(session)
        .map((t) => t.agentType)
        .slice(0, 3),
    ).toEqual(["Explore", "general-purpose", "code-reviewer"]);
  });

  it("shows the main conversation from hooks: the prompt, tool steps, and Stop's last message as the answer", () => {
    const main = mainOf(session);
    expect(main.transcript.map((t) => t.kind)).toEqual([
      "prompt",
      ...Array<string>(7).fill("tool"),
      "tool",
      "answer",
    ]);
    expect(main.transcript[0]?.text).toBe("Fix the bug in the login handler and refactor the auth module");
    expect(main.transcript.at(-1)?.text).toBe(
      "The login handler is fixed; one reviewer never reported back.",
    );
    expect(main.transcript.at(-2)).toMatchObject({
      text: "npm test -- login",
      tool: {
        name: "Bash",
        outcome: "failed",
        error: "Command failed with exit code 1",
        toolUseId: "toolu_bash01",
      },
    });
    expect(main.outcome).toBe("completed");
  });

  it("folds a tool's Pre and Post hooks into one step, and a subagent's last message into its answer", () => {
    const first = subagentsOf(session)[0] as Thread;
    expect(first.transcript.map((t) => t.kind)).toEqual(["prompt", "notice", "tool", "answer"]);
    expect(first.transcript[0]?.text).toBe("Read src/auth/part0.ts and refactor the handler");
    expect(first.transcript[2]?.tool).toEqual({ name: "Read", outcome: "ok", toolUseId: "toolu_read00" });
    expect(first.transcript[3]?.text).toBe("Part 0 refactored.");
    const orphan = subagentsOf(session).at(-1) as Thread;
    expect(orphan.transcript.map((t) => t.kind)).toEqual(["prompt", "notice", "tool"]);
  });

  it("titles the session by the person's prompt, never a Task label, and classifies it by prompts and briefs", () => {
    expect(session.title).toBe("Fix the bug in the login handler and refactor the auth module");
    expect(session.collabCategory).toBe("engineering_build");
    expect(session.categorySource).toBe("rule");
  });

  it("gives no tokens to a session without assistant messages, and is dated", () => {
    expect(session.tokens).toBeUndefined();
    expect(session.undated).toBeUndefined();
  });
});

describe("Claude Code threads of a transcript with subagents in all three layouts, and hooks of it", () => {
  const built = claudeSessionsOf(join(CLAUDE_FIXTURES, "transcripts"));
  const session = only(built.sessions);
  const main = mainOf(session);

  it("makes one thread per subagent, inline, beside the session and in the subagents folder", () => {
    expect(
      subagentsOf(session).map((t) => [t.threadKey, t.agentType, t.outcome, t.spawnedBy?.toolUseId]),
    ).toEqual([
      ["conv:inl00001", "Explore", "completed", "toolu_t1"],
      ["conv:beside01", "general-purpose", "completed", "toolu_t2"],
      ["conv:nested01", "code-reviewer", "completed", "toolu_t3"],
    ]);
    for (const sub of subagentsOf(session)) {
      expect(sub.spawnedBy?.threadKey).toBe(main.threadKey);
      expect(main.transcript.filter((t) => t.subagentThreadKey === sub.threadKey)).toHaveLength(1);
    }
  });

  it("shows each prompt and tool once though the hooks say them again", () => {
    expect(main.transcript.map((t) => t.kind)).toEqual([
      "prompt",
      "thinking",
      "answer",
      "tool",
      "tool",
      "tool",
      "tool",
      "compaction",
      "prompt",
      "answer",
    ]);
    expect(main.transcript.filter((t) => t.tool?.toolUseId === "toolu_b1")).toHaveLength(1);
    expect(main.transcript.filter((t) => t.text === "Now run the tests again")).toHaveLength(1);
  });

  it("shows a slash command as /name args, a failed tool with its error, and the compaction's size", () => {
    expect(main.transcript[0]?.text).toBe("/review auth module");
    expect(main.transcript[3]).toMatchObject({
      text: "npm test -- login",
      tool: {
        name: "Bash",
        outcome: "failed",
        error: "1 failing test: login rejects a valid password",
        toolUseId: "toolu_b1",
      },
    });
    expect(main.transcript[7]?.text).toBe("context compacted (155000 tokens)");
    expect(main.outcome).toBe("completed");
  });

  it("opens a subagent's thread with its brief once, though the call and its transcript both say it", () => {
    const beside = subagentsOf(session)[1] as Thread;
    expect(beside.transcript.map((t) => [t.kind, t.text])).toEqual([
      ["prompt", "Fix login() in src/auth.ts so a valid password passes"],
      ["tool", "/home/dev/app/src/auth.ts"],
      ["answer", "Fixed the comparison."],
    ]);
  });

  it("counts tokens once per message: per subagent, the main chain, and the session with its sidechains", () => {
    // msg_01 is written as two lines (thinking, then text); its larger output count is the final one.
    expect(main.tokens).toEqual({
      messages: 6,
      input: 38,
      output: 167,
      cacheCreation: 100,
      cacheRead: 11500,
    });
    expect(subagentsOf(session).map((t) => t.tokens?.messages)).toEqual([1, 2, 1]);
    expect(session.tokens).toEqual({
      messages: 10,
      input: 178,
      output: 267,
      cacheCreation: 100,
      cacheRead: 11500,
    });
  });

  it("titles the session by Claude Code's summary over the first prompt", () => {
    expect(session.title).toBe("Fix the login bug");
  });
});

describe("Claude Code threads of hook captures without any time", () => {
  const built = claudeSessionsOf(join(CLAUDE_FIXTURES, "undated"));
  const session = only(built.sessions);

  it("marks the session, its thread and its turns undated", () => {
    expect(session.undated).toBe(true);
    const main = mainOf(session);
    expect(main.undated).toBe(true);
    // Undated events have no order of their own: the turns are compared as a set.
    expect(main.transcript.map((t) => [t.kind, t.undated]).sort()).toEqual([
      ["prompt", true],
      ["tool", true],
    ]);
    const write = main.transcript.find((t) => t.kind === "tool");
    expect(write?.tool).toEqual({ name: "Write", outcome: "ok", toolUseId: "toolu_w1" });
  });

  it("ends the main conversation with the Stop that carries no message", () => {
    expect(mainOf(session).outcome).toBe("completed");
    expect(session.collabCategory).toBe("docs_knowledge");
    // Its first event may be any hook, but the thread is the main conversation.
    expect(mainOf(session).eventRole).toBe("conversation.main");
  });
});

describe("buildClaudeThreads with what the link pass found", () => {
  const S = "5e55-links";
  const sidechain = (agentId: string, second: number) =>
    claudeEvent(
      {
        type: "assistant",
        sessionId: S,
        uuid: `${agentId}-${second}`,
        timestamp: new Date(Date.UTC(2026, 2, 2, 9, 0, second)).toISOString(),
        isSidechain: true,
        agentId,
        message: {
          id: `msg_${agentId}`,
          role: "assistant",
          model: "claude-sonnet-4-5-20250929",
          content: [{ type: "text", text: "Done." }],
          usage: { input_tokens: 3, output_tokens: 4 },
        },
      },
      second,
    );

  it("takes a subagent's spawning call and type from its .meta.json link, and leaves compaction threads out", () => {
    const works = buildClaudeThreads([sidechain("x1", 1), sidechain("acompact-1", 2)], S, 10_000, {
      subagents: new Map([["x1", { toolUseId: "toolu_m", agentType: "Plan" }]]),
      compactionThreads: new Set(["conv:acompact-1"]),
    });
    expect(works.map((w) => w.thread.threadKey)).toEqual(["conv:x1"]);
    expect(works[0]?.thread).toMatchObject({
      agentType: "Plan",
      toAgent: "Plan",
      spawnedBy: { threadKey: `conv:${S}`, toolUseId: "toolu_m" },
      outcome: "completed",
      tokens: { messages: 1, input: 3, output: 4, cacheCreation: 0, cacheRead: 0 },
    });
  });
});
