import { describe, expect, it } from "vitest";
import {
  CONTENTIONS_LISTED,
  FLOWS_PER_PAGE,
  flowSegments,
  PostmortemIndex,
  postmortemIndex,
  WAITS_LISTED,
} from "../../../src/core/postmortems/postmortem-index.ts";
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
    expect(index.flowPages).toHaveLength(1);
    const flows = index.flowPages[0] ?? [];
    expect(flows.map((f) => f.flowId)).toEqual(blockedFlows.map((f) => f.flowId).reverse());
    expect(flows.map((f) => f.segment)).toEqual(flows.map((f) => pathSegment(f.flowId)));
    expect(flowSegments(index)).toEqual(flows.map((f) => f.segment));
    expect(flows.map((f) => [f.reason, f.sessionSegment])).toEqual([
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
    expect(index.queueContentionTotal).toBe(1);
    expect(index.queueContention[0]?.waitsTotal).toBe(2);
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

  it("cuts the flows into pages of FLOWS_PER_PAGE, newest first, the last page holding the rest", () => {
    const [flow] = blockedFlows;
    if (flow === undefined) throw new Error("the scenario has a blocked flow");
    const many = Array.from({ length: 2 * FLOWS_PER_PAGE + 1 }, (_, i) => ({
      ...flow,
      flowId: `flow-${String(i).padStart(4, "0")}`,
      ts: flow.ts + i,
    }));
    const paged = postmortemIndex(many, [], siteLookups(analysis), "UTC");
    expect(paged.flowPages.map((p) => p.length)).toEqual([FLOWS_PER_PAGE, FLOWS_PER_PAGE, 1]);
    expect(paged.flowPages[0]?.[0]?.flowId).toBe(`flow-${String(2 * FLOWS_PER_PAGE).padStart(4, "0")}`);
    expect(paged.flowPages[2]?.[0]?.flowId).toBe("flow-0000");
    expect(flowSegments(paged)).toHaveLength(many.length);
    expect(paged.counts.total).toBe(many.length);
  });

  it("lists the newest CONTENTIONS_LISTED contentions, newest first, and the first WAITS_LISTED waits of each", () => {
    const wait = (i: number) => ({
      conversationId: `c${i}`,
      fromAgent: "eden",
      startMs: i,
      endMs: i + 1,
      waitedMs: 1,
    });
    const contention = Array.from({ length: CONTENTIONS_LISTED + 5 }, (_, i) => ({
      toAgent: "seum",
      startMs: i * 1_000,
      endMs: i * 1_000 + 500,
      conversationIds: [],
      fromAgents: ["eden"],
      waits: Array.from({ length: i === CONTENTIONS_LISTED + 4 ? WAITS_LISTED + 3 : 2 }, (_, j) => wait(j)),
    }));
    const capped = postmortemIndex([], contention, siteLookups(analysis), "UTC");
    expect(capped.queueContentionTotal).toBe(CONTENTIONS_LISTED + 5);
    expect(capped.queueContention).toHaveLength(CONTENTIONS_LISTED);
    expect(capped.queueContention[0]?.startMs).toBe((CONTENTIONS_LISTED + 4) * 1_000);
    expect(capped.queueContention.at(-1)?.startMs).toBe(5_000);
    expect(capped.queueContention[0]?.waits).toHaveLength(WAITS_LISTED);
    expect(capped.queueContention[0]?.waitsTotal).toBe(WAITS_LISTED + 3);
    expect(capped.queueContention[1]?.waits).toHaveLength(2);
    expect(capped.queueContention[1]?.waitsTotal).toBe(2);
  });
});
