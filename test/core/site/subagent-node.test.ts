import { describe, expect, it } from "vitest";
import type { Thread } from "../../../src/core/sessions/work-session.ts";
import {
  isClaudeThread,
  isSubagentThread,
  SubagentNode,
  subagentNodes,
} from "../../../src/core/site/subagent-node.ts";
import { TURNS_PER_PAGE } from "../../../src/core/site/transcript-pages.ts";
import { CC_SESSION, claudeThreads, MAIN_TURNS, tokens } from "./claude-fixtures.ts";
import { thread } from "./fixtures.ts";

const segments = (threads: readonly Thread[]): string[] => threads.map((_, i) => `s${i}`);

describe("subagentNodes", () => {
  const threads = claudeThreads();
  const nodes = subagentNodes(threads, segments(threads));

  it("lists each subagent once, in the order of the calls that spawned them, and passes its schema", () => {
    expect(nodes.map((n) => [n.threadKey, n.threadSegment, n.agentType, n.depth])).toEqual([
      ["conv:a1b2c3d4", "s1", "Explore", 1],
      ["conv:e5f6a7b8", "s2", "general-purpose", 1],
    ]);
    for (const node of nodes) expect(SubagentNode.safeParse(node).success).toBe(true);
  });

  it("carries how each ended, its reason and its tokens", () => {
    expect(nodes.map((n) => [n.outcome, n.blockedReason])).toEqual([
      ["completed", undefined],
      ["blocked", "subagent_orphaned"],
    ]);
    expect(nodes[0]?.tokens).toEqual(tokens(2, 2));
    expect(nodes[1]?.tokens).toBeUndefined();
  });

  it("points at the spawning call's turn: its thread, page, anchor and words", () => {
    expect(nodes[0]?.call).toEqual({
      toolUseId: "toolu_01Task",
      threadSegment: "s0",
      page: 1,
      turnId: MAIN_TURNS[3]?.id,
      text: "Find where the session clock is mocked",
    });
  });

  it("finds a call past the first page of a long transcript on its own page", () => {
    const [main, explore] = claudeThreads() as [Thread, Thread];
    const filler = Array.from({ length: TURNS_PER_PAGE + 5 }, (_, i) => ({
      ...(MAIN_TURNS[0] as (typeof MAIN_TURNS)[number]),
      id: `p-${i}`,
    }));
    const long = { ...main, transcript: [...filler, ...main.transcript] };
    const [node] = subagentNodes([long, explore], ["m", "e"]);
    expect(node?.call?.page).toBe(2);
  });

  it("keeps a subagent whose call was never linked, last, with no call", () => {
    const lone = thread("main", "Plan", { threadKey: "conv:ff00", agentType: "Plan", startMs: 1 });
    const all = [...threads, lone];
    const listed = subagentNodes(all, segments(all));
    expect(listed.map((n) => [n.threadKey, n.call])).toContainEqual(["conv:ff00", null]);
    expect(listed.at(-1)?.threadKey).toBe("conv:ff00");
  });

  it("nests a subagent a subagent spawned one level deeper, right after its parent", () => {
    const [main, explore, general] = claudeThreads() as [Thread, Thread, Thread];
    const exploreWithCall: Thread = {
      ...explore,
      transcript: [
        {
          ...(MAIN_TURNS[3] as (typeof MAIN_TURNS)[number]),
          id: "x",
          tool: { name: "Task", outcome: "ok", toolUseId: "toolu_03" },
        },
      ],
    };
    const grandchild = thread("Explore", "Plan", {
      threadKey: "conv:9999",
      agentType: "Plan",
      spawnedBy: { threadKey: "conv:a1b2c3d4", toolUseId: "toolu_03" },
    });
    const all = [main, exploreWithCall, general, grandchild];
    expect(subagentNodes(all, segments(all)).map((n) => [n.threadKey, n.depth])).toEqual([
      ["conv:a1b2c3d4", 1],
      ["conv:9999", 2],
      ["conv:e5f6a7b8", 1],
    ]);
  });

  it("gives nothing for a session of agent-to-agent threads", () => {
    const a2a = [thread("main", "nuri"), thread("nuri", "eden")];
    expect(subagentNodes(a2a, segments(a2a))).toEqual([]);
  });
});

describe("isSubagentThread and isClaudeThread", () => {
  it("tell Claude Code threads from agent-to-agent ones", () => {
    const [main, explore] = claudeThreads() as [Thread, Thread];
    expect([isSubagentThread(main), isSubagentThread(explore)]).toEqual([false, true]);
    expect([isClaudeThread(main), isClaudeThread(explore)]).toEqual([true, true]);
    expect(isClaudeThread(thread("main", "nuri", { threadKey: `conv:${CC_SESSION}` }))).toBe(false);
  });
});
