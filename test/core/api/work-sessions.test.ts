import { describe, expect, it } from "vitest";
import {
  ApiThread,
  ApiWorkSession,
  WorkSessionsBody,
  WorkSessionsFile,
  workSessionsBody,
  workSessionsFile,
} from "../../../src/core/api/work-sessions.ts";
import { CollabCategory } from "../../../src/core/category.ts";
import { Thread, WorkSession } from "../../../src/core/sessions/work-session.ts";
import { thread, workSession } from "../site/fixtures.ts";

const sessions = [
  workSession("ws-1", {
    collabCategory: "qa_validation",
    previousWorkSessionId: "ws-0",
    threads: [
      thread("main", "nuri", {
        conversationId: "c-1",
        outcome: "blocked",
        blockedReason: "timeout",
        transcript: [{ id: "e1", ts: 1, type: "a2a.send", from: "main", to: "nuri", text: "hello" }],
      }),
    ],
  }),
  workSession("ws-2"),
  workSession("ws-3", { collabCategory: "qa_validation" }),
];
const report = { workSessions: sessions, generatedAt: "2026-03-09T00:00:00.000Z", timeZone: "Asia/Seoul" };
const cards = new Map(sessions.map((s) => [s.workSessionId, { segment: `seg-${s.workSessionId}` }]));

describe("workSessionsBody", () => {
  const body = workSessionsBody(report, cards);

  it("passes its schema and lists every session in the Report's order", () => {
    expect(WorkSessionsBody.safeParse(body).success).toBe(true);
    expect(body.sessions.map((s) => s.workSessionId)).toEqual(["ws-1", "ws-2", "ws-3"]);
    expect([body.count, body.totalSessions]).toEqual([3, 3]);
    expect([body.generatedAt, body.timeZone]).toEqual([report.generatedAt, "Asia/Seoul"]);
  });

  it("counts sessions per category with all ten keys, and events per role over all sessions", () => {
    expect(Object.keys(body.categoryCounts).sort()).toEqual([...CollabCategory.options].sort());
    expect(body.categoryCounts.qa_validation).toBe(2);
    expect(body.categoryCounts.engineering_build).toBe(1);
    expect(body.categoryCounts.infra_ops).toBe(0);
    expect(body.roleCounts["delegation.subagent"]).toBe(9);
    expect(body.roleCounts["conversation.main"]).toBe(0);
  });

  it("keeps each thread's index without its transcript, and the session's page segment", () => {
    const [first] = body.sessions;
    expect(first?.threads).toEqual([
      {
        threadKey: "pair:main_nuri",
        conversationId: "c-1",
        fromAgent: "main",
        toAgent: "nuri",
        eventRole: "delegation.subagent",
        turns: 0,
        outcome: "blocked",
        blockedReason: "timeout",
        startMs: 0,
        lastActivityMs: 0,
        eventCount: 2,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain("transcript");
    expect(first?.previousWorkSessionId).toBe("ws-0");
    expect(body.sessions[1]).not.toHaveProperty("previousWorkSessionId");
    expect(first?.segment).toBe("seg-ws-1");
  });

  it("refuses a session that has no card, as its segment would be made twice", () => {
    expect(() => workSessionsBody(report, new Map())).toThrow(/ws-1 has no card/);
  });
});

describe("ApiThread and ApiWorkSession", () => {
  it("are the Report's thread without its transcript, and its session with its thread index and page", () => {
    expect(Object.keys(ApiThread.shape).sort()).toEqual(
      Object.keys(Thread.shape)
        .filter((k) => k !== "transcript")
        .sort(),
    );
    const dropped = ["categoryOverride", "nextWorkSessionIds"];
    expect(Object.keys(ApiWorkSession.shape).sort()).toEqual(
      [...Object.keys(WorkSession.shape).filter((k) => !dropped.includes(k)), "segment"].sort(),
    );
    expect(ApiWorkSession.shape.status).toBe(WorkSession.shape.status);
  });
});

describe("workSessionsFile", () => {
  it("adds each session's page URL from the site's URL helper, and passes its schema", () => {
    const file = workSessionsFile(workSessionsBody(report, cards), (segment) => `/base/sessions/${segment}/`);
    expect(WorkSessionsFile.safeParse(file).success).toBe(true);
    expect(file.sessions.map((s) => s.url)).toEqual([
      "/base/sessions/seg-ws-1/",
      "/base/sessions/seg-ws-2/",
      "/base/sessions/seg-ws-3/",
    ]);
    expect(file.totalSessions).toBe(3);
  });
});
