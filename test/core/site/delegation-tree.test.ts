import { describe, expect, it } from "vitest";
import type { Thread } from "../../../src/core/sessions/work-session.ts";
import { delegationTree } from "../../../src/core/site/delegation-tree.ts";
import { thread } from "./fixtures.ts";

/** The tree of threads whose path segments are `s0`, `s1`, … in order. */
const treeOf = (threads: Thread[]) =>
  delegationTree(
    threads,
    threads.map((_, i) => `s${i}`),
  );

describe("delegationTree", () => {
  it("lists who delegated to whom, depth first, with depth and outcome", () => {
    const tree = treeOf([
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
    expect(tree[0]?.blockedReason).toBeUndefined();
  });

  it("links each delegation to its thread's page by the segment given for that thread", () => {
    const tree = treeOf([
      { ...thread("main", "nuri"), eventRole: "conversation.main" },
      thread("main", "worker-a", { turns: 3 }),
    ]);
    expect(tree.map((n) => [n.agent, n.threadSegment, n.turns])).toEqual([["worker-a", "s1", 3]]);
  });

  it("cuts a cycle where it closes", () => {
    const tree = treeOf([thread("a", "b"), thread("b", "a")]);
    expect(tree.map((n) => [n.parent, n.agent, n.depth])).toEqual([
      ["a", "b", 1],
      ["b", "a", 2],
    ]);
  });

  it("is empty without delegations", () => {
    expect(treeOf([])).toEqual([]);
  });
});
