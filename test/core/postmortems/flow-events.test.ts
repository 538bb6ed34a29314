import { describe, expect, it } from "vitest";
import { eventId } from "../../../src/core/event.ts";
import { flowEventsOf } from "../../../src/core/postmortems/flow-events.ts";
import { scenario } from "./fixtures.ts";

describe("flowEventsOf", () => {
  const analysis = scenario();
  const events = flowEventsOf(analysis);
  const flow = (reason: string) => {
    const found = analysis.report.blockedFlows.find((f) => f.reason === reason);
    if (found === undefined) throw new Error(`no ${reason} flow`);
    return found;
  };

  it("finds a session's flow among its session's events by its thread, and nothing of other threads", () => {
    const { thread } = events.get(flow("retry_exhausted").flowId) ?? { thread: [] };
    expect(thread.map((e) => e.type)).toEqual(["a2a.send", "a2a.retry", "a2a.retry", "a2a.response"]);
    expect(new Set(thread.map((e) => e.conversationId))).toEqual(new Set(["c1"]));
  });

  it("gives the rest of the session as what followed a session's flow", () => {
    const found = events.get(flow("retry_exhausted").flowId);
    const last = found?.thread.at(-1) ?? null;
    const after = [...(found?.following(last) ?? [])];
    expect(after[0]?.type).toBe("task.blocked");
    expect(after.map((e) => e.conversationId)).toContain("c3");
  });

  it("finds a flow no session took through the Report's unattributed events, and follows its thread", () => {
    const legacy = flow("timeout");
    expect(legacy.workSessionId).toBeUndefined();
    const found = events.get(legacy.flowId);
    expect(found?.thread.map((e) => e.type)).toEqual(["a2a.send", "a2a.response"]);
    expect(found?.thread.map((e) => eventId(e))).toContain(legacy.flowId);
    expect([...(found?.following(found.thread.at(-1) ?? null) ?? [])]).toEqual([]);
  });

  it("gives two flows of one session each its own thread, and each what followed its own last event", () => {
    const retried = events.get(flow("retry_exhausted").flowId);
    const orphaned = events.get(flow("orphaned").flowId);
    expect(flow("orphaned").workSessionId).toBe(flow("retry_exhausted").workSessionId);
    expect(orphaned?.thread.map((e) => e.conversationId)).toEqual(["c3"]);
    const afterOrphan = [...(orphaned?.following(orphaned.thread.at(-1) ?? null) ?? [])];
    expect(afterOrphan.map((e) => e.type)).toEqual(["task.updated", "task.updated"]);
    const afterRetried = [...(retried?.following(retried.thread.at(-1) ?? null) ?? [])];
    expect(afterRetried.length).toBeGreaterThan(afterOrphan.length);
  });

  it("gives the whole list as what followed when there is no last event, or one not in it", () => {
    const found = events.get(flow("retry_exhausted").flowId);
    const all = [...(found?.following(null) ?? [])];
    expect(all.length).toBe(analysis.sessionEvents.get("ws-1")?.length);
    const stranger = events.get(flow("timeout").flowId)?.thread[0] ?? null;
    expect(stranger).not.toBeNull();
    expect([...(found?.following(stranger) ?? [])]).toEqual(all);
  });

  it("has the events of every blocked flow", () => {
    expect([...events.keys()].sort()).toEqual(analysis.report.blockedFlows.map((f) => f.flowId).sort());
  });
});
