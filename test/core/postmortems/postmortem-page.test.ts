import { describe, expect, it } from "vitest";
import { flowEventsOf } from "../../../src/core/postmortems/flow-events.ts";
import { PostmortemPage, postmortemPage } from "../../../src/core/postmortems/postmortem-page.ts";
import type { BlockedFlow } from "../../../src/core/sessions/blocked-flows.ts";
import { pathSegment } from "../../../src/core/site/path-segment.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { scenario, T0 } from "./fixtures.ts";

const analysis = scenario("Asia/Seoul");
const lookups = siteLookups(analysis);
const events = flowEventsOf(analysis);
const flowOf = (reason: string): BlockedFlow =>
  analysis.report.blockedFlows.find((f) => f.reason === reason) as BlockedFlow;
const pageOf = (reason: string): PostmortemPage => {
  const flow = flowOf(reason);
  return PostmortemPage.parse(postmortemPage(flow, events.get(flow.flowId), lookups, "Asia/Seoul"));
};

describe("postmortemPage", () => {
  it("names the page after the flow id and links the session and its thread page", () => {
    const page = pageOf("retry_exhausted");
    const flow = flowOf("retry_exhausted");
    expect(page).toMatchObject({
      flowId: flow.flowId,
      segment: pathSegment(flow.flowId),
      reason: "retry_exhausted",
      workSessionId: "ws-1",
      sessionSegment: "ws-1",
      conversationId: "c1",
      waitStatus: "error",
      timeZone: "Asia/Seoul",
      transcript: { kind: "session", sessionSegment: "ws-1", threadSegment: "conv.c1" },
    });
    expect(page.rawText).toMatch(/^\[outcome\] blocked:/);
    expect(page.evidence).toHaveLength(3);
    expect(page.timeline.steps.at(-1)?.kind).toBe("blocked");
  });

  it("takes the week in the Report's zone", () => {
    // 2026-02-01 14:50 UTC is Sunday 23:50 in Seoul; the legacy timeout, 38 minutes on, is Monday there.
    expect(pageOf("retry_exhausted").week).toBe("2026-W05");
    expect(flowOf("timeout").ts).toBe(T0 + 2_300_000);
    expect(pageOf("timeout").week).toBe("2026-W06");
  });

  it("links a flow no session took to the legacy page of its thread", () => {
    const page = pageOf("timeout");
    expect(page.sessionSegment).toBeNull();
    expect(page.workSessionId).toBeNull();
    expect(page.transcript).toEqual({
      kind: "legacy",
      sessionSegment: null,
      threadSegment: pathSegment(flowOf("timeout").threadKey),
    });
  });

  it("holds no raw text for an orphaned flow and no transcript when the session lists no such thread", () => {
    const flow = flowOf("orphaned");
    expect(pageOf("orphaned").rawText).toBeUndefined();
    const page = postmortemPage({ ...flow, threadKey: "conv:elsewhere" }, undefined, lookups, "UTC");
    expect(page.transcript).toBeNull();
    expect(page.timeline.steps).toEqual([]);
  });
});
