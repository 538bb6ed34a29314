import { describe, expect, it } from "vitest";
import { PostmortemIndex, postmortemIndex } from "../../../src/core/postmortems/postmortem-index.ts";
import { pathSegment } from "../../../src/core/site/path-segment.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { scenario } from "./fixtures.ts";

describe("postmortemIndex", () => {
  const analysis = scenario();
  const { blockedFlows, queueContention } = analysis.report;
  const index = PostmortemIndex.parse(
    postmortemIndex(blockedFlows, queueContention, siteLookups(analysis), "UTC"),
  );

  it("lists every flow newest first, with its segment and its session's when the session has a page", () => {
    expect(index.flows.map((f) => f.flowId)).toEqual(blockedFlows.map((f) => f.flowId).reverse());
    expect(index.flows.map((f) => f.segment)).toEqual(index.flows.map((f) => pathSegment(f.flowId)));
    expect(index.flows.map((f) => [f.reason, f.sessionSegment])).toEqual([
      ["timeout", null],
      ["orphaned", "ws-1"],
      ["retry_exhausted", "ws-1"],
    ]);
  });

  it("holds the counts of the flows", () => {
    expect(index.counts.total).toBe(3);
    expect(index.counts.byReason.map((r) => r.reason)).toEqual(["timeout", "retry_exhausted", "orphaned"]);
  });

  it("lists each contention's waits with how long each waited", () => {
    expect(index.queueContention).toHaveLength(1);
    expect(index.queueContention[0]?.toAgent).toBe("seum");
    expect(
      index.queueContention[0]?.waits.map((w) => [w.conversationId, w.fromAgent, w.waitedMs, w.segment]),
    ).toEqual([
      ["c2", "eden", 10_000, null],
      ["c4", "nuri", 35_000, null],
    ]);
  });

  it("links a wait to the postmortem of its conversation when that flow was blocked", () => {
    const [flow] = blockedFlows;
    if (flow?.conversationId === undefined) throw new Error("the first flow has a conversation");
    const contention = [
      {
        toAgent: "seum",
        startMs: 0,
        endMs: 1,
        conversationIds: [flow.conversationId],
        fromAgents: ["eden"],
        waits: [
          { conversationId: flow.conversationId, fromAgent: "eden", startMs: 0, endMs: 1, waitedMs: 1 },
        ],
      },
    ];
    const linked = postmortemIndex(blockedFlows, contention, siteLookups(analysis), "UTC");
    expect(linked.queueContention[0]?.waits[0]?.segment).toBe(pathSegment(flow.flowId));
  });
});
