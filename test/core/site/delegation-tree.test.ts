import { describe, expect, it } from "vitest";
import type { Thread } from "../../../src/core/sessions/work-session.ts";
import { delegationTree } from "../../../src/core/site/delegation-tree.ts";

const thread = (from: string, to: string, extra: Partial<Thread> = {}): Thread => ({
  threadKey: `pair:${from}_${to}`,
  fromAgent: from,
  toAgent: to,
  eventRole: "delegation.subagent",
  turns: 0,
  outcome: "completed",
  startMs: 0,
  lastActivityMs: 0,
  eventCount: 2,
  transcript: [],
  ...extra,
});

describe("delegationTree", () => {
  it("lists who delegated to whom, depth first, with depth and outcome", () => {
    const tree = delegationTree([
      thread("main", "worker-a"),
      thread("main", "worker-b", { outcome: "blocked", blockedReason: "spawn_error" }),
      thread("worker-a", "helper"),
      { ...thread("main", "nuri"), eventRole: "conversation.main" },
    ]);
    expect(tree.map((n) => [n.parent, n.agent, n.depth, n.outcome])).toEqual([
      ["main", "worker-a", 1, "completed"],
      ["worker-a", "helper", 2, "completed"],
      ["main", "worker-b", 1, "blocked"],
    ]);
    expect(tree[2]?.blockedReason).toBe("spawn_error");
    expect(tree[0]?.threadSegment).toBe("pair.main_worker-a");
  });

  it("cuts a cycle where it closes", () => {
    const tree = delegationTree([thread("a", "b"), thread("b", "a")]);
    expect(tree.map((n) => [n.parent, n.agent, n.depth])).toEqual([
      ["a", "b", 1],
      ["b", "a", 2],
    ]);
  });

  it("is empty without delegations", () => {
    expect(delegationTree([])).toEqual([]);
  });
});
