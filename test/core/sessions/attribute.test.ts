import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { attributeEvents, UNATTRIBUTED_REASONS } from "../../../src/core/sessions/attribute.ts";
import { canonicalEvent } from "../../helpers/events.ts";

let n = 0;
const ev = (ws: string | null, conversationId: string | null, taskId: string | null): CanonicalEvent =>
  canonicalEvent({ id: `e${++n}`, ts: n, workSessionId: ws, conversationId, taskId });
const ids = (events: CanonicalEvent[] | undefined) => events?.map((e) => e.id);

describe("attributeEvents", () => {
  it("attaches by the event's own session, else its conversation, else its task (events or task files)", () => {
    const own = ev("ws_a", "c1", "t1");
    const byConversation = ev(null, "c1", null);
    const byTask = ev(null, null, "t1");
    const byTaskFile = ev(null, null, "t9");
    const result = attributeEvents([own, byConversation, byTask, byTaskFile], new Map([["t9", "ws_b"]]));
    expect(ids(result.bySession.get("ws_a"))).toEqual([own.id, byConversation.id, byTask.id]);
    expect(ids(result.bySession.get("ws_b"))).toEqual([byTaskFile.id]);
    expect(result.unattributed).toEqual([]);
  });

  it("leaves ambiguous and untied events unattributed, with the reason", () => {
    const a = ev("ws_a", "c1", null);
    const b = ev("ws_b", "c1", null);
    const ambiguous = ev(null, "c1", null);
    const untied = ev(null, null, "t7");
    const bare = ev(null, null, null);
    const { unattributed } = attributeEvents([a, b, ambiguous, untied, bare], new Map());
    expect(unattributed.map((u) => u.reason)).toEqual([
      "its conversation c1 belongs to 2 work sessions (ws_a, ws_b)",
      "no event or task file ties its task t7 to a work session",
      "it names no work session, conversation or task",
    ]);
  });

  it.each([
    ["names_nothing", [], null, null],
    [
      "conversation_in_many_sessions",
      [
        ["ws_a", "c1"],
        ["ws_b", "c1"],
      ],
      "c1",
      null,
    ],
    [
      "task_in_many_sessions",
      [
        ["ws_a", null, "t1"],
        ["ws_b", null, "t1"],
      ],
      null,
      "t1",
    ],
    ["not_tied", [], "c9", "t9"],
  ] as const)("gives the reason key %s", (key, tied, conversationId, taskId) => {
    const sessions = tied.map(([ws, c, t]) => ev(ws, c, t ?? null));
    const loose = ev(null, conversationId, taskId);
    const { unattributed } = attributeEvents([...sessions, loose], new Map());
    expect(unattributed.map((u) => u.reasonKey)).toEqual([key]);
    expect(UNATTRIBUTED_REASONS).toContain(key);
  });
});
