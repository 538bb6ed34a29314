import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { EVENTS_PER_PAGE, EventsPage, eventsPages } from "../../../src/core/site/events-page.ts";
import type { SessionCard } from "../../../src/core/site/session-card.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { analysis, event, workSession } from "./fixtures.ts";

describe("eventsPages", () => {
  const delegations = Array.from({ length: EVENTS_PER_PAGE + 5 }, (_, i) => event({ ts: 2 * i }));
  const signals = [event({ ts: 1, eventRole: "orchestration.task", type: "task.started" })];
  const others = [
    event({ ts: 3, eventRole: "conversation.main" }),
    event({ ts: 5, eventRole: "system.observability" }),
  ];
  const all = [...delegations, ...signals, ...others].sort((a, b) => a.ts - b.ts);
  const inSession: CanonicalEvent[] = [delegations[0] as CanonicalEvent, ...others];
  const data = analysis(
    { workSessions: [workSession("ws:1")] },
    { events: all, sessionEvents: new Map([["ws:1", inSession]]) },
  );
  const made = eventsPages(data, siteLookups(data));
  const { listings } = made;
  const pages = [...made.pages];

  it("lists delegations and orchestration signals, all together and per role, a hundred a page", () => {
    expect(listings).toEqual([
      { role: "all", segment: "all", events: EVENTS_PER_PAGE + 6, pages: 2 },
      { role: "delegation.subagent", segment: "delegation.subagent", events: EVENTS_PER_PAGE + 5, pages: 2 },
      { role: "orchestration.task", segment: "orchestration.task", events: 1, pages: 1 },
    ]);
    expect(pages.map((p) => [p.listing, p.page, p.rows.length])).toEqual([
      ["all", 1, EVENTS_PER_PAGE],
      ["all", 2, 6],
      ["delegation.subagent", 1, EVENTS_PER_PAGE],
      ["delegation.subagent", 2, 5],
      ["orchestration.task", 1, 1],
    ]);
    for (const page of pages) expect(EventsPage.safeParse(page).success).toBe(true);
  });

  it("keeps the events' time order and lists no other role", () => {
    const rows = pages.filter((p) => p.listing === "all").flatMap((p) => p.rows);
    expect(rows.map((r) => r.ts)).toEqual(
      [...delegations, ...signals].map((e) => e.ts).sort((a, b) => a - b),
    );
  });

  it("links each row to the session the analysis attributed its event to", () => {
    const first = pages[0]?.rows[0];
    expect([first?.ts, first?.workSessionId, first?.sessionSegment]).toEqual([0, "ws:1", "ws.1"]);
    expect(pages[0]?.rows[1]?.workSessionId).toBeNull();
  });

  it("has one empty page for a listing without events", () => {
    const empty = analysis();
    const none = eventsPages(empty, siteLookups(empty));
    expect(none.listings.map((l) => [l.events, l.pages])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect([...none.pages].map((p) => p.rows)).toEqual([[], [], []]);
  });

  it("makes a page's rows only when the page is asked for", () => {
    const many = Array.from({ length: 2 * EVENTS_PER_PAGE + 50 }, (_, i) => event({ ts: i }));
    const busy = analysis(
      { workSessions: [workSession("ws:1")] },
      { events: many, sessionEvents: new Map([["ws:1", many]]) },
    );
    const lookups = siteLookups(busy);
    let looked = 0;
    /** The session cards, counting the look-ups: each row made looks its session's card up once. */
    class Counted extends Map<string, SessionCard> {
      override get(id: string): SessionCard | undefined {
        looked++;
        return super.get(id);
      }
    }
    const made = eventsPages(busy, { ...lookups, sessionCards: new Counted(lookups.sessionCards) });
    expect(made.listings[0]?.events).toBe(many.length);
    expect(looked).toBe(0);
    expect(made.pages.next().value?.rows).toHaveLength(EVENTS_PER_PAGE);
    expect(looked).toBe(EVENTS_PER_PAGE);
  });
});
