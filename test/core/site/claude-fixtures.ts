// A Claude Code session as the analysis hands it to the site, shaped as the real thing is: a main
// conversation `conv:<sessionId>` of a person's prompt, thinking, tool steps (one of them failed)
// and two Task calls, a compaction, and the two subagents those calls spawned (one stopped, one
// never did), each with its type and tokens.
import type { TokenUsage } from "../../../src/core/claude/token-usage.ts";
import type { Thread, WorkSession } from "../../../src/core/sessions/work-session.ts";
import type { TranscriptTurn } from "../../../src/core/sessions/transcript.ts";
import { thread, workSession } from "./fixtures.ts";

export const CC_SESSION = "7f3c9a2e-1b4d-4e8f-9a0b-2c6d8e1f3a5b";
const T0 = Date.parse("2026-03-02T09:00:00Z");

/** Token counts of `messages` assistant messages. */
export const tokens = (messages: number, scale = 1): TokenUsage => ({
  messages,
  input: 120 * scale,
  output: 3_400 * scale,
  cacheCreation: 5_000 * scale,
  cacheRead: 41_000 * scale,
});

/** A turn of the main conversation, `i` seconds into the session. */
function turn(i: number, extra: Partial<TranscriptTurn> & Pick<TranscriptTurn, "kind">): TranscriptTurn {
  return {
    id: `9d0f${String(i).padStart(4, "0")}-aaaa-4bbb-8ccc-000000000000`,
    ts: T0 + i * 1_000,
    type: "claude.assistant_message",
    from: "main",
    to: null,
    text: "",
    ...extra,
  };
}

/** The main conversation's turns, in order. */
export const MAIN_TURNS: TranscriptTurn[] = [
  turn(0, { kind: "prompt", type: "claude.user_prompt", text: "Fix the failing login test" }),
  turn(1, { kind: "thinking", type: "claude.thinking", text: "The test probably mocks the clock." }),
  turn(2, {
    kind: "tool",
    type: "tool_failed",
    text: "npm test -- login",
    tool: {
      name: "Bash",
      outcome: "failed",
      error: "Exit code 1\nFAIL test/login.test.ts",
      toolUseId: "toolu_01Bash",
    },
  }),
  turn(3, {
    kind: "tool",
    type: "manager_assign",
    to: "Explore",
    text: "Find where the session clock is mocked",
    tool: { name: "Task", outcome: "ok", toolUseId: "toolu_01Task" },
    subagentThreadKey: "conv:a1b2c3d4",
  }),
  turn(4, {
    kind: "tool",
    type: "manager_assign",
    to: "general-purpose",
    text: "Rewrite the login fixture",
    tool: { name: "Task", outcome: "pending", toolUseId: "toolu_02Task" },
    subagentThreadKey: "conv:e5f6a7b8",
  }),
  turn(5, { kind: "compaction", type: "claude.compact", text: "context compacted (155000 tokens)" }),
  turn(6, { kind: "answer", text: "The login test passes again." }),
];

/** The main thread and the two subagents' threads, main first. */
export function claudeThreads(): Thread[] {
  return [
    thread("main", "person", {
      threadKey: `conv:${CC_SESSION}`,
      conversationId: CC_SESSION,
      toAgent: null,
      eventRole: "conversation.main",
      outcome: "completed",
      startMs: T0,
      lastActivityMs: T0 + 6_000,
      eventCount: 9,
      transcript: MAIN_TURNS,
      tokens: tokens(4),
    }),
    thread("main", "Explore", {
      threadKey: "conv:a1b2c3d4",
      conversationId: "a1b2c3d4",
      agentType: "Explore",
      spawnedBy: { threadKey: `conv:${CC_SESSION}`, toolUseId: "toolu_01Task" },
      startMs: T0 + 3_000,
      tokens: tokens(2, 2),
    }),
    thread("main", "general-purpose", {
      threadKey: "conv:e5f6a7b8",
      conversationId: "e5f6a7b8",
      agentType: "general-purpose",
      outcome: "blocked",
      blockedReason: "subagent_orphaned",
      spawnedBy: { threadKey: `conv:${CC_SESSION}`, toolUseId: "toolu_02Task" },
      startMs: T0 + 4_000,
    }),
  ];
}

/** The Claude Code session of those threads, nothing naming it. */
export function claudeSession(extra: Partial<WorkSession> = {}): WorkSession {
  return workSession(CC_SESSION, {
    title: "협업 작업",
    agents: ["Explore", "general-purpose", "main"],
    threads: claudeThreads(),
    tokens: tokens(6, 3),
    ...extra,
  });
}
