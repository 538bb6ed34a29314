import { describe, expect, it } from "vitest";
import { UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";
import { SessionCard, sessionCard } from "../../../src/core/site/session-card.ts";
import { TURNS_PER_PAGE } from "../../../src/core/site/transcript-pages.ts";
import { thread, workSession } from "./fixtures.ts";

describe("sessionCard", () => {
  const turn = { id: "e-1", ts: 0, type: "a2a.send", from: "main", to: "nuri", text: "hi" };
  const session = workSession("ws:Main/1", {
    threads: [
      thread("main", "nuri", { threadKey: "conv:abc", outcome: "blocked" }),
      thread("main", "eden", { transcript: Array.from({ length: TURNS_PER_PAGE + 1 }, () => turn) }),
      thread("main", "seum", { outcome: "no_reply" }),
    ],
  });
  const card = sessionCard(session, false);

  it("passes its schema and keeps the session's list fields", () => {
    expect(SessionCard.safeParse(card).success).toBe(true);
    expect(card).toMatchObject({
      id: "ws:Main/1",
      status: "ARCHIVED",
      category: "engineering_build",
      subTags: ["API"],
      title: "Session ws:Main/1",
      agents: ["main", "nuri"],
      eventCount: 3,
    });
  });

  it("makes the path segments of the session and of each of its threads, in order", () => {
    expect(card.segment).toBe("ws.~4Dain~2F1");
    expect(card.threadSegments).toEqual(["conv.abc", "pair.main_eden", "pair.main_seum"]);
  });

  it("has no title when nothing names the session, so that pages show their own untitled label", () => {
    expect(sessionCard(workSession("ws-2", { title: UNTITLED_SESSION }), true).title).toBeNull();
  });

  it("keeps a real title that reads the same as the Report's untitled value", () => {
    expect(sessionCard(workSession("ws-3", { title: UNTITLED_SESSION }), false).title).toBe(UNTITLED_SESSION);
  });

  it("counts each thread's transcript pages and the threads that ended blocked", () => {
    expect(card.threadPages).toEqual([1, 2, 1]);
    expect(card.blockedThreads).toBe(1);
  });
});
