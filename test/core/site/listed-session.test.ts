import { describe, expect, it } from "vitest";
import { filterFields, listedSession } from "../../../src/core/site/listed-session.ts";
import { sessionCard } from "../../../src/core/site/session-card.ts";
import { sessionIndex } from "../../../src/core/site/session-index.ts";
import { matches, readFilters } from "../../../src/site/client/filters.ts";
import { UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";
import { workSession } from "./fixtures.ts";

const card = (id: string, extra: Parameters<typeof workSession>[1] = {}, untitled = false) =>
  sessionCard(workSession(id, extra), untitled);

describe("listedSession", () => {
  it("reads an index entry back to the fields of the card a list shows", () => {
    const c = card("ws-1", { status: "ACTIVE", collabSubTags: ["QA", "E2E"] });
    const [entry] = sessionIndex([c], 0, "UTC").sessions;
    expect(listedSession(entry as NonNullable<typeof entry>)).toEqual({
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
    });
  });
});

describe("filterFields", () => {
  const listed = [
    card("ws-1", { status: "ACTIVE" }),
    card("ws-2", { agents: ["eden"], title: "Deploy the API" }),
    card("ws-3", { collabSubTags: ["QA", "E2E"] }),
    card("ws-4", { title: UNTITLED_SESSION }, true),
  ];
  const shown = (query: string): string[] =>
    listed
      .filter((s) => matches(filterFields(s, "untitled"), readFilters(new URLSearchParams(query))))
      .map((s) => s.id);

  it("gives the list filters a session's status, category, subTags, agents and lower-cased text", () => {
    expect(filterFields(listed[2] as (typeof listed)[number], "untitled")).toEqual({
      status: "ARCHIVED",
      category: "engineering_build",
      tags: "QA\nE2E",
      agents: "main\nnuri",
      text: "session ws-3\nws-3\nmain nuri\nqa e2e",
    });
  });

  it("lets each filter of the URL pick the sessions it names", () => {
    expect(shown("status=ACTIVE")).toEqual(["ws-1"]);
    expect(shown("agent=eden")).toEqual(["ws-2"]);
    expect(shown("q=deploy")).toEqual(["ws-2"]);
    expect(shown("subTag=E2E")).toEqual(["ws-3"]);
    expect(shown("")).toEqual(["ws-1", "ws-2", "ws-3", "ws-4"]);
    expect(shown("q=untitled")).toEqual(["ws-4"]);
  });
});
