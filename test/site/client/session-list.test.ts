import { describe, expect, it } from "vitest";
import type { ListedSession } from "../../../src/core/site/listed-session.ts";
import { readFilters } from "../../../src/site/client/filters.ts";
import { filterable, filterSessions } from "../../../src/site/client/session-list.ts";

function listed(id: string, fields: Partial<ListedSession> = {}): ListedSession {
  return {
    id,
    segment: id,
    status: "QUIET",
    category: "engineering_build",
    subTags: ["API"],
    title: `Session ${id}`,
    agents: ["main"],
    lastActivityMs: 0,
    eventCount: 1,
    blockedThreads: 0,
    ...fields,
  };
}

const sessions = filterable(
  [
    listed("ws-3", { status: "ACTIVE", agents: ["main", "nuri"] }),
    listed("ws-2", { title: null, category: "qa_validation", subTags: ["QA", "E2E"] }),
    listed("ws-1", { title: "Deploy the API", agents: ["nuri"] }),
  ],
  "Untitled collaboration",
);
const filtered = (query: string): string[] =>
  filterSessions(sessions, readFilters(new URLSearchParams(query))).map((s) => s.session.id);

describe("the session list's filtering", () => {
  it("keeps the index's order and every session when no filter is set", () => {
    expect(filtered("")).toEqual(["ws-3", "ws-2", "ws-1"]);
  });

  it("keeps the sessions that pass every filter the URL sets", () => {
    expect(filtered("status=ACTIVE")).toEqual(["ws-3"]);
    expect(filtered("agent=nuri")).toEqual(["ws-3", "ws-1"]);
    expect(filtered("agent=nuri&status=QUIET")).toEqual(["ws-1"]);
    expect(filtered("subTag=E2E&category=qa_validation")).toEqual(["ws-2"]);
    expect(filtered("q=DEPLOY")).toEqual(["ws-1"]);
  });

  it("hands on each match with the filter fields made once when the index arrived", () => {
    const [first] = filterSessions(sessions, readFilters(new URLSearchParams("status=ACTIVE")));
    expect(first).toBe(sessions[0]);
  });

  it("finds a session nothing names by the word its card shows", () => {
    expect(filtered("q=untitled")).toEqual(["ws-2"]);
  });
});
