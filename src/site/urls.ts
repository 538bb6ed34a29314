// Every URL of the report site, built in one place: the pages, the list script and the tests ask
// this module for a link instead of writing a path by hand. Pure TypeScript, so that it runs in
// Astro's render, in the reader's browser and under Vitest alike.

import type { EventsPage } from "../core/site/events-page.ts";

/**
 * The query keys of the list filters, in the order a link writes them: the session lists read the
 * first five, the events pages `type`. The form fields are named after them too.
 */
export const FILTER_KEYS = ["status", "category", "subTag", "agent", "q", "type"] as const;

/** The filters of the lists, by query key, each empty when unset. */
export type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/** The listing of the events page that lists every role: it lives at `/events/` itself. */
export const ALL_EVENTS = "all";

/** Which page of an events listing a route names: the listing's segment (`all` or a role) and the page, from 1. */
type EventsPageRef = Pick<EventsPage, "listing" | "page">;

/**
 * The `[...page]` parameter of the events route for a listing's page: nothing for the first page of
 * every role, the role's segment for its first page, and the page number after either.
 * `undefined` stands for the empty rest, as Astro wants it.
 */
export function eventsParam({ listing, page }: EventsPageRef): string | undefined {
  const parts = [listing === ALL_EVENTS ? null : listing, page === 1 ? null : String(page)].filter(
    (part) => part !== null,
  );
  return parts.length === 0 ? undefined : parts.join("/");
}

/** The listing and page an events route parameter names: the inverse of `eventsParam`. */
export function parseEventsParam(param: string | undefined): EventsPageRef {
  const parts = (param ?? "").split("/").filter((part) => part !== "");
  const last = parts.at(-1);
  const page = last !== undefined && /^\d+$/.test(last) ? Number(parts.pop()) : 1;
  return { listing: parts[0] ?? ALL_EVENTS, page };
}

/** A folder path: its segments, each followed by a slash, under the base. */
function folder(base: string, ...segments: string[]): string {
  return `${base}${segments.map((segment) => `${segment}/`).join("")}`;
}

/**
 * The query string of the filters that are set, `?key=value&…` in the order of FILTER_KEYS, or
 * nothing: the session links of the pages and the filter forms in the browser both write it here.
 */
export function filterQuery(filters: Partial<Filters>): string {
  const pairs = FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value === undefined || value === ""
      ? []
      : [`${encodeURIComponent(key)}=${encodeURIComponent(value)}`];
  });
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

/** The site's URLs under one base path. */
export interface SiteUrls {
  /** The base itself: the home page. */
  home: () => string;
  /** A file at the root of the site, e.g. `favicon.svg`. */
  file: (name: string) => string;
  /** The session list, with its filters set in the query when given. */
  sessions: (filters?: Partial<Filters>) => string;
  /** The session list grouped by category. */
  sessionsByCategory: () => string;
  /** The index of every session that the list's script fetches. */
  sessionIndex: () => string;
  /** A session's page. */
  session: (segment: string) => string;
  /** A page of a thread's transcript; the first page when `page` is 1 or absent. */
  thread: (sessionSegment: string, threadSegment: string, page?: number) => string;
  /** A page of an events listing; the first page of every role when both are absent. */
  events: (listing?: string, page?: number) => string;
  /** The task list and a task's page. */
  tasks: () => string;
  task: (segment: string) => string;
  /** The agent list and an agent's page. */
  agents: () => string;
  agent: (segment: string) => string;
  /**
   * A page of the blocked flows (the first when `page` is 1 or absent), one flow's postmortem, and
   * the same postmortem as Markdown. Later pages live under `page/`, a name no flow's segment takes.
   */
  postmortems: (page?: number) => string;
  postmortem: (segment: string) => string;
  postmortemMarkdown: (segment: string) => string;
  /** The category drift charts. */
  drift: () => string;
  /** The weeks, one week's report, the same as Markdown and JSON, and the Atom feed of the weeks. */
  reports: () => string;
  report: (week: string) => string;
  reportMarkdown: (week: string) => string;
  reportJson: (week: string) => string;
  reportFeed: () => string;
  /** A page of the data-quality findings; the first when `page` is 1 or absent. */
  quality: (page?: number) => string;
  /** A page of the transcript of a conversation inferred from lines that name none. */
  legacyThread: (segment: string, page?: number) => string;
  /**
   * A page of the list of conversations outside work sessions; the first when `page` is 1 or
   * absent. Its folder is a word, so it meets neither a findings page (a number) nor a thread.
   */
  legacyThreads: (page?: number) => string;
  /** The static API files, in the shapes of the task-monitor's API. */
  apiWorkSessions: () => string;
  apiEvents: () => string;
}

/** The anchor of a transcript turn, from its event's path segment: stable across rebuilds. */
export function turnAnchor(eventSegment: string): string {
  return `e-${eventSegment}`;
}

/**
 * The URLs of a site served under `base`, which starts and ends with a slash (`/`, `/reports/`).
 * Segments are path segments already (see src/core/site/path-segment.ts) and go in as they are.
 */
export function siteUrls(base: string): SiteUrls {
  return {
    home: () => base,
    file: (name) => `${base}${name}`,
    sessions: (filters = {}) => `${folder(base, "sessions")}${filterQuery(filters)}`,
    sessionsByCategory: () => folder(base, "sessions", "by-category"),
    sessionIndex: () => `${folder(base, "sessions")}index.json`,
    session: (segment) => folder(base, "sessions", segment),
    thread: (sessionSegment, threadSegment, page = 1) =>
      folder(
        base,
        "sessions",
        sessionSegment,
        "threads",
        threadSegment,
        ...(page === 1 ? [] : [String(page)]),
      ),
    events: (listing = ALL_EVENTS, page = 1) => {
      const param = eventsParam({ listing, page });
      return folder(base, "events", ...(param === undefined ? [] : [param]));
    },
    tasks: () => folder(base, "tasks"),
    task: (segment) => folder(base, "tasks", segment),
    agents: () => folder(base, "agents"),
    agent: (segment) => folder(base, "agents", segment),
    postmortems: (page = 1) => folder(base, "postmortems", ...(page === 1 ? [] : ["page", String(page)])),
    postmortem: (segment) => folder(base, "postmortems", segment),
    postmortemMarkdown: (segment) => `${folder(base, "postmortems", segment)}postmortem.md`,
    drift: () => folder(base, "drift"),
    reports: () => folder(base, "reports"),
    report: (week) => folder(base, "reports", week),
    reportMarkdown: (week) => `${folder(base, "reports", week)}report.md`,
    reportJson: (week) => `${folder(base, "reports", week)}report.json`,
    reportFeed: () => `${folder(base, "reports")}feed.xml`,
    quality: (page = 1) => folder(base, "quality", ...(page === 1 ? [] : [String(page)])),
    legacyThread: (segment, page = 1) =>
      folder(base, "quality", "threads", segment, ...(page === 1 ? [] : [String(page)])),
    legacyThreads: (page = 1) =>
      folder(base, "quality", "conversations", ...(page === 1 ? [] : [String(page)])),
    apiWorkSessions: () => `${folder(base, "api")}work-sessions.json`,
    apiEvents: () => `${folder(base, "api")}events.json`,
  };
}
