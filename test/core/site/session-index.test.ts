import { describe, expect, it } from "vitest";
import { filterFields, listedSession } from "../../../src/core/site/listed-session.ts";
import type { SessionCard } from "../../../src/core/site/session-card.ts";
import { SessionIndex, sessionIndex } from "../../../src/core/site/session-index.ts";
import { filterable, filterSessions } from "../../../src/site/client/session-list.ts";
import { readFilters } from "../../../src/site/client/filters.ts";

const card = (id: string, extra: Partial<SessionCard> = {}): SessionCard => ({
  id,
  segment: id,
  status: "ARCHIVED",
  category: "engineering_build",
  subTags: ["API"],
  title: `Session ${id}`,
  agents: ["main", "nuri"],
  startMs: 0,
  lastActivityMs: 1000,
  eventCount: 3,
  threadSegments: ["conv.a"],
  threadPages: [1],
  blockedThreads: 0,
  ...extra,
});

describe("the session list index", () => {
  it("holds each card as a tuple that reads back to the fields a card shows", () => {
    const cards = [
      card("ws-1", { status: "ACTIVE", blockedThreads: 2 }),
      card("ws-2", { category: "qa_validation", subTags: ["QA", "E2E"] }),
    ];
    const index = sessionIndex(cards, 5000);
    expect(SessionIndex.safeParse(index).success).toBe(true);
    expect(index.nowMs).toBe(5000);
    const back = index.sessions.map(listedSession);
    for (const [i, c] of cards.entries()) {
      const shown = {
        id: c.id,
        segment: c.segment,
        status: c.status,
        category: c.category,
        subTags: c.subTags,
        title: c.title,
        agents: c.agents,
        lastActivityMs: c.lastActivityMs,
        eventCount: c.eventCount,
        blockedThreads: c.blockedThreads,
      };
      expect(back[i]).toEqual(shown);
    }
  });

  it("filters like the server-rendered cards do", () => {
    const listed = sessionIndex(
      [
        card("ws-1", { status: "ACTIVE" }),
        card("ws-2", { agents: ["eden"], title: "Deploy the API" }),
        card("ws-3", { subTags: ["QA"] }),
      ],
      0,
    ).sessions.map(listedSession);
    const sessions = filterable(listed);
    expect(
      filterSessions(sessions, readFilters(new URLSearchParams("status=ACTIVE"))).map((s) => s.id),
    ).toEqual(["ws-1"]);
    expect(filterSessions(sessions, readFilters(new URLSearchParams("agent=eden"))).map((s) => s.id)).toEqual(
      ["ws-2"],
    );
    expect(filterSessions(sessions, readFilters(new URLSearchParams("q=deploy"))).map((s) => s.id)).toEqual([
      "ws-2",
    ]);
    expect(filterSessions(sessions, readFilters(new URLSearchParams("subTag=QA"))).map((s) => s.id)).toEqual([
      "ws-3",
    ]);
    expect(filterSessions(sessions, readFilters(new URLSearchParams(""))).map((s) => s.id)).toEqual([
      "ws-1",
      "ws-2",
      "ws-3",
    ]);
    expect(filterFields(listed[1] as (typeof listed)[number]).text).toContain("deploy the api");
  });
});
