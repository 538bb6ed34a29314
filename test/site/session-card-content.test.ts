import { describe, expect, it } from "vitest";
import { filterFields, type ListedSession } from "../../src/core/site/listed-session.ts";
import { sessionCardContent, TEMPLATE_CARD, type CardContext } from "../../src/site/session-card-content.ts";
import { siteUrls } from "../../src/site/urls.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-03-09T00:00:00Z");

const session: ListedSession = {
  id: "WS-1",
  segment: "~57~53-1",
  status: "QUIET",
  category: "qa_validation",
  subTags: ["E2E", "QA", "deploy"],
  title: "<b>check</b> the deploy",
  agents: ["main", "nuri"],
  lastActivityMs: NOW - 3 * HOUR,
  eventCount: 12,
  blockedThreads: 2,
};

const ctx: CardContext = {
  locale: "en",
  nowMs: NOW,
  timeZone: "UTC",
  words: {
    names: { QUIET: "Quiet", qa_validation: "QA/validation" },
    blocked: "blocked",
    events: "events",
    untitled: "Untitled collaboration",
  },
  sessionUrl: siteUrls("/reports/").session,
};

describe("a session card's content", () => {
  it("says what the card shows: names, two subTags, blocked threads, link, agents, time and events", () => {
    expect(sessionCardContent(session, filterFields(session, ctx.words.untitled), ctx)).toEqual({
      filter: {
        status: "QUIET",
        category: "qa_validation",
        tags: "E2E\nQA\ndeploy",
        agents: "main\nnuri",
        text: "<b>check</b> the deploy\nws-1\nmain nuri\ne2e qa deploy",
      },
      status: "QUIET",
      statusName: "Quiet",
      categoryName: "QA/validation",
      tags: ["E2E", "QA"],
      blocked: "blocked 2",
      title: "<b>check</b> the deploy",
      href: "/reports/sessions/~57~53-1/",
      agents: "main, nuri",
      time: {
        datetime: "2026-03-08T21:00:00Z",
        title: "2026-03-08 21:00 UTC",
        text: "2026-03-08 21:00 (3h ago)",
      },
      events: "12 events",
    });
  });

  it("has no blocked badge when no thread ended blocked, and falls back to the value for a missing name", () => {
    const quiet: ListedSession = { ...session, blockedThreads: 0, status: "ACTIVE", subTags: [] };
    const content = sessionCardContent(quiet, filterFields(quiet, ctx.words.untitled), ctx);
    expect(content.blocked).toBeNull();
    expect(content.statusName).toBe("ACTIVE");
    expect(content.tags).toEqual([]);
  });

  it("calls a session nothing names by the untitled word, and lets the search find it by that word", () => {
    const untitled: ListedSession = { ...session, title: null };
    const content = sessionCardContent(untitled, filterFields(untitled, ctx.words.untitled), ctx);
    expect(content.title).toBe("Untitled collaboration");
    expect(content.filter.text.startsWith("untitled collaboration\n")).toBe(true);
  });

  it("leaves every part of the template present and empty, with one subTag to copy", () => {
    expect(TEMPLATE_CARD.tags).toEqual([""]);
    expect(TEMPLATE_CARD.blocked).toBe("");
    expect(TEMPLATE_CARD.title).toBe("");
  });
});
