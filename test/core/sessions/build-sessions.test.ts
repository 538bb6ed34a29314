import { describe, expect, it } from "vitest";
import { decideCategory, evidenceOf, mergeScores } from "../../../src/core/classify/classify-text.ts";
import { EventRole } from "../../../src/core/classify/event-role.ts";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { attributeEvents } from "../../../src/core/sessions/attribute.ts";
import {
  buildWorkSessions,
  listUnattributed,
  type SessionContext,
} from "../../../src/core/sessions/build-sessions.ts";
import { UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";
import { classifiedEvent } from "../../helpers/events.ts";

const MAINS = ["main", "eden", "seum"];
let line = 0;
const oc = (type: string, ts: number, data: Record<string, unknown>): CanonicalEvent =>
  classifiedEvent({ type, agentId: "eden", ts, data }, MAINS, "events.ndjson", ++line);
const send = (ws: string, ts: number, message: string, conversationId = `c_${ws}`) =>
  oc("a2a.send", ts, { fromAgent: "eden", toAgent: "seum", workSessionId: ws, conversationId, message });

const context = (over: Partial<SessionContext> = {}): SessionContext => ({
  nowMs: 10_000_000,
  logEndMs: 10_000,
  overrides: {},
  previousFromTasks: new Map(),
  taskDescriptions: new Map(),
  mentionNames: new Map(),
  ...over,
});
const build = (events: CanonicalEvent[], over: Partial<SessionContext> = {}) =>
  buildWorkSessions(attributeEvents(events, new Map()), context(over));

describe("buildWorkSessions", () => {
  it("builds only the sessions it is told to, each as a build of all of them does, and every loose thread", () => {
    const events = [
      send("ws-1", 1000, "배포 점검"),
      send("ws-2", 1100, "review the release notes"),
      oc("a2a.send", 1150, { fromAgent: "eden", toAgent: "seum", conversationId: "c_loose", message: "hi" }),
      send("ws-3", 1200, "빌드 실패", "c_ws-3"),
      oc("a2a.response", 1300, {
        fromAgent: "seum",
        toAgent: "eden",
        workSessionId: "ws-3",
        conversationId: "c_ws-3",
        message: "ok",
      }),
    ];
    const all = build(events);
    const some = build(events, { only: new Set(["ws-1", "ws-3", "ws-9"]) });
    expect(some.sessions.map((s) => s.workSessionId)).toEqual(["ws-3", "ws-1"]);
    expect(some.sessions).toEqual(all.sessions.filter((s) => s.workSessionId !== "ws-2"));
    const loose = all.threads.filter((t) => t.workSessionId === null);
    expect(loose.length).toBeGreaterThan(0);
    expect(some.threads.filter((t) => t.workSessionId === null)).toEqual(loose);
    expect(some.threads.some((t) => t.workSessionId === "ws-2")).toBe(false);
    expect(some.previous).toEqual(all.previous);
  });

  it("counts every role, zero or not, in the order of EventRole", () => {
    const [session] = build([
      send("ws-1", 1000, "배포 점검"),
      oc("task.started", 1001, { workSessionId: "ws-1" }),
    ]).sessions;
    expect(Object.keys(session?.roleCounts ?? {})).toEqual(EventRole.options);
    expect(session?.roleCounts).toEqual({
      "conversation.main": 1,
      "delegation.subagent": 0,
      "orchestration.task": 1,
      "system.observability": 0,
    });
  });

  it("counts a text as often as its session says it, also when another session said it first", () => {
    const deploy = "배포 점검 부탁해요";
    const tickets = "CS 티켓 분류하고 FAQ 업데이트";
    const said = (ws: string, at: number) => [
      send(ws, at, deploy),
      send(ws, at + 1, tickets),
      send(ws, at + 2, tickets),
    ];
    const { sessions } = build([...said("ws-a", 1000), ...said("ws-b", 2000)]);
    const expected = decideCategory(
      mergeScores([evidenceOf(deploy), evidenceOf(tickets), evidenceOf(tickets)]),
    );
    expect(expected.collabCategory).not.toBe(decideCategory(evidenceOf(deploy)).collabCategory);
    for (const session of sessions)
      expect(session, session.workSessionId).toMatchObject({
        collabCategory: expected.collabCategory,
        categoryConfidence: expected.categoryConfidence,
        collabSubTags: expected.collabSubTags,
      });
  });

  it("finds no override for a session named like an Object.prototype member, and the override it has", () => {
    const ids = ["constructor", "__proto__", "toString", "hasOwnProperty"];
    const overrides = JSON.parse(
      '{"__proto__":{"collabCategory":"infra_ops","updatedAt":"2026-03-01T00:00:00Z"}}',
    ) as SessionContext["overrides"];
    const { sessions } = build(
      ids.map((ws, i) => send(ws, 1000 + i, "배포 점검")),
      { overrides },
    );
    const byId = new Map(sessions.map((s) => [s.workSessionId, s]));
    for (const ws of ["constructor", "toString", "hasOwnProperty"]) {
      expect(byId.get(ws)?.categorySource, ws).not.toBe("manual_override");
      expect(byId.get(ws)?.collabCategory, ws).toEqual(expect.any(String));
    }
    expect(byId.get("__proto__")).toMatchObject({
      collabCategory: "infra_ops",
      categorySource: "manual_override",
    });
  });

  it("lists sessions by their last activity, newest first", () => {
    const { sessions } = build([send("ws_old", 1000, "배포 점검"), send("ws_new", 2000, "배포 점검")]);
    expect(sessions.map((s) => s.workSessionId)).toEqual(["ws_new", "ws_old"]);
  });

  it("links each session both ways: the one it continues and, sorted, those that continue it", () => {
    const { sessions } = build(
      [
        send("ws_a", 1000, "시작"),
        oc("task.started", 2000, { workSessionId: "ws_c", previousWorkSessionId: "ws_a" }),
        send("ws_b", 3000, "이어서"),
      ],
      { previousFromTasks: new Map([["ws_b", "ws_a"]]) },
    );
    const byId = new Map(sessions.map((s) => [s.workSessionId, s]));
    expect(byId.get("ws_a")?.nextWorkSessionIds).toEqual(["ws_b", "ws_c"]);
    expect(byId.get("ws_b")?.previousWorkSessionId).toBe("ws_a");
    expect(byId.get("ws_c")?.previousWorkSessionId).toBe("ws_a");
    expect(byId.get("ws_b")?.nextWorkSessionIds).toEqual([]);
  });

  it("titles a session by its words, and gives the Report's fixed title to one nothing names", () => {
    const { sessions } = build([
      send("ws_goal", 1000, "[Goal] 배포 점검"),
      oc("task.updated", 2000, { workSessionId: "ws_bare", taskId: "task_x" }),
    ]);
    const byId = new Map(sessions.map((s) => [s.workSessionId, s]));
    expect(byId.get("ws_goal")?.title).toBe("배포 점검");
    expect(byId.get("ws_bare")?.title).toBe(UNTITLED_SESSION);
  });

  it("lists as untitled the sessions nothing names, not one whose goal reads as the fixed title", () => {
    const { sessions, untitled } = build([
      send("ws_goal", 1000, `[Goal] ${UNTITLED_SESSION}`),
      oc("task.updated", 2000, { workSessionId: "ws_bare", taskId: "task_x" }),
    ]);
    expect(sessions.map((s) => s.title)).toEqual([UNTITLED_SESSION, UNTITLED_SESSION]);
    expect([...untitled]).toEqual(["ws_bare"]);
  });

  it("titles a session of task signals only by its task's description", () => {
    const { sessions } = build([oc("task.updated", 2000, { workSessionId: "ws_t", taskId: "task_x" })], {
      taskDescriptions: new Map([["task_x", "OAuth 구현"]]),
    });
    expect(sessions[0]?.title).toBe("OAuth 구현");
  });

  it("returns every thread, of sessions and of unattributed agent-to-agent events, with its session", () => {
    const loose = oc("a2a.send", 3000, { fromAgent: "eden", toAgent: "seum", message: "누구의 것도 아닌" });
    const { sessions, threads } = build([send("ws_a", 1000, "hi"), loose]);
    expect(threads.map((t) => t.workSessionId)).toEqual(["ws_a", null]);
    expect(sessions[0]?.threads).toEqual([threads[0]?.thread]);
  });
});

describe("listUnattributed", () => {
  it("lists each event no session took, with its reference fields, thread and reason", () => {
    const bare = oc("heartbeat", 5, {});
    const [row] = listUnattributed(attributeEvents([bare], new Map()));
    expect(row).toMatchObject({
      ts: 5,
      type: "heartbeat",
      eventRole: "system.observability",
      file: "events.ndjson",
      reason: "it names no work session, conversation or task",
      reasonKey: "names_nothing",
    });
  });

  it("keys each legacy line by the inferred conversation its thread has, split after a long silence", () => {
    const pair = (ts: number) => oc("a2a.send", ts, { fromAgent: "eden", toAgent: "seum", message: "hi" });
    const heartbeat = oc("agent_heartbeat", 20, { fromAgent: "eden", toAgent: "seum" });
    const events = [pair(0), heartbeat, pair(1000), pair(1000 + 31 * 60 * 1000)];
    const attribution = attributeEvents(events, new Map());
    const rows = listUnattributed(attribution);
    const { threads } = buildWorkSessions(attribution, context());
    expect(threads.map((t) => t.thread.threadKey)).toEqual([
      "pair:eden_seum@1970-01-01T00:00:00.000Z",
      "pair:eden_seum@1970-01-01T00:31:01.000Z",
    ]);
    expect(rows.map((r) => r.threadKey)).toEqual([
      "pair:eden_seum@1970-01-01T00:00:00.000Z",
      "pair:eden_seum",
      "pair:eden_seum@1970-01-01T00:00:00.000Z",
      "pair:eden_seum@1970-01-01T00:31:01.000Z",
    ]);
  });
});
