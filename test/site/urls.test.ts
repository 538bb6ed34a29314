import { describe, expect, it } from "vitest";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import {
  ALL_EVENTS,
  eventsParam,
  FILTER_KEYS,
  filterQuery,
  parseEventsParam,
  siteUrls,
} from "../../src/site/urls.ts";

describe("site URLs", () => {
  const root = siteUrls("/");
  const reports = siteUrls("/reports/");

  it("puts every page under the base, as a folder with a trailing slash", () => {
    expect(root.home()).toBe("/");
    expect(reports.home()).toBe("/reports/");
    expect(reports.file("favicon.svg")).toBe("/reports/favicon.svg");
    expect(reports.sessions()).toBe("/reports/sessions/");
    expect(reports.sessionsByCategory()).toBe("/reports/sessions/by-category/");
    expect(reports.sessionIndex()).toBe("/reports/sessions/index.json");
    expect(reports.session("ws-1")).toBe("/reports/sessions/ws-1/");
    expect(reports.tasks()).toBe("/reports/tasks/");
    expect(reports.task("task_7")).toBe("/reports/tasks/task_7/");
    expect(reports.agents()).toBe("/reports/agents/");
    expect(reports.agent("~45xplore")).toBe("/reports/agents/~45xplore/");
  });

  it("numbers transcript pages from the second on", () => {
    expect(root.thread("ws-1", "pair.a_b")).toBe("/sessions/ws-1/threads/pair.a_b/");
    expect(root.thread("ws-1", "pair.a_b", 1)).toBe("/sessions/ws-1/threads/pair.a_b/");
    expect(root.thread("ws-1", "pair.a_b", 3)).toBe("/sessions/ws-1/threads/pair.a_b/3/");
  });

  it("numbers the pages of the blocked flows from the second on, under a folder no flow's segment takes", () => {
    expect(reports.postmortems()).toBe("/reports/postmortems/");
    expect(reports.postmortems(1)).toBe("/reports/postmortems/");
    expect(reports.postmortems(2)).toBe("/reports/postmortems/page/2/");
    expect(reports.postmortem(pathSegment("page"))).toBe("/reports/postmortems/~70age/");
  });

  it("writes the set session filters into the query, in a fixed order, encoded", () => {
    expect(root.sessions({})).toBe("/sessions/");
    expect(root.sessions({ category: "qa_validation" })).toBe("/sessions/?category=qa_validation");
    expect(root.sessions({ agent: "docs/writer & co", status: "" })).toBe(
      "/sessions/?agent=docs%2Fwriter%20%26%20co",
    );
    expect(root.sessions({ q: "배포", agent: "main", status: "QUIET" })).toBe(
      `/sessions/?status=QUIET&agent=main&q=${encodeURIComponent("배포")}`,
    );
  });

  it("writes every list's filters, the events pages' type too, in the order of the one key list", () => {
    expect(filterQuery({})).toBe("");
    expect(filterQuery({ type: "task.created", status: "" })).toBe("?type=task.created");
    const all = Object.fromEntries(FILTER_KEYS.map((key) => [key, "x"]));
    expect(filterQuery(all)).toBe(`?${FILTER_KEYS.map((key) => `${key}=x`).join("&")}`);
    expect(new URLSearchParams(filterQuery({ q: "a b&c" })).get("q")).toBe("a b&c");
  });

  it("lists every role's events at /events/ and a role's under its segment, numbered from the second page", () => {
    expect(root.events()).toBe("/events/");
    expect(root.events(ALL_EVENTS, 1)).toBe("/events/");
    expect(root.events(ALL_EVENTS, 2)).toBe("/events/2/");
    expect(reports.events("delegation.subagent")).toBe("/reports/events/delegation.subagent/");
    expect(reports.events("delegation.subagent", 4)).toBe("/reports/events/delegation.subagent/4/");
  });
});

describe("the events route's parameter", () => {
  const pages = [
    { listing: ALL_EVENTS, page: 1 },
    { listing: ALL_EVENTS, page: 12 },
    { listing: "orchestration.task", page: 1 },
    { listing: "orchestration.task", page: 2 },
  ];

  it("is empty for the first page of every role and names the role and the page otherwise", () => {
    expect(pages.map(eventsParam)).toEqual([undefined, "12", "orchestration.task", "orchestration.task/2"]);
  });

  it("parses back to the listing and page it was made from", () => {
    for (const page of pages) expect(parseEventsParam(eventsParam(page))).toEqual(page);
    expect(parseEventsParam("")).toEqual({ listing: ALL_EVENTS, page: 1 });
    expect(parseEventsParam("/orchestration.task/3/")).toEqual({ listing: "orchestration.task", page: 3 });
  });
});
