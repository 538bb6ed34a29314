// Every URL of the report site, built in one place: the pages, the list script and the tests ask
// this module for a link instead of writing a path by hand. Pure TypeScript, so that it runs in
// Astro's render, in the reader's browser and under Vitest alike.

/** The filters of the session lists, as the URL query names them; an empty or missing one is unset. */
export interface SessionFilters {
  status?: string;
  category?: string;
  subTag?: string;
  agent?: string;
  q?: string;
}

/** The query keys of the session lists, in the order a link writes them. */
const SESSION_FILTER_KEYS = ["status", "category", "subTag", "agent", "q"] as const;

/** The listing of the events page that lists every role: it lives at `/events/` itself. */
export const ALL_EVENTS = "all";

/** One page of an events listing: which listing (`all` or a role's segment) and which page, from 1. */
export interface EventsPage {
  listing: string;
  page: number;
}

/**
 * The `[...page]` parameter of the events route for a listing's page: nothing for the first page of
 * every role, the role's segment for its first page, and the page number after either.
 * `undefined` stands for the empty rest, as Astro wants it.
 */
export function eventsParam({ listing, page }: EventsPage): string | undefined {
  const parts = [listing === ALL_EVENTS ? null : listing, page === 1 ? null : String(page)].filter(
    (part) => part !== null,
  );
  return parts.length === 0 ? undefined : parts.join("/");
}

/** The listing and page an events route parameter names: the inverse of `eventsParam`. */
export function parseEventsParam(param: string | undefined): EventsPage {
  const parts = (param ?? "").split("/").filter((part) => part !== "");
  const last = parts.at(-1);
  const page = last !== undefined && /^\d+$/.test(last) ? Number(parts.pop()) : 1;
  return { listing: parts[0] ?? ALL_EVENTS, page };
}

/** A folder path: its segments, each followed by a slash, under the base. */
function folder(base: string, ...segments: string[]): string {
  return `${base}${segments.map((segment) => `${segment}/`).join("")}`;
}

/** A query string of the filters that are set, `?key=value&…`, or nothing. */
function query(filters: SessionFilters): string {
  const pairs = SESSION_FILTER_KEYS.flatMap((key) => {
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
  sessions: (filters?: SessionFilters) => string;
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
}

/**
 * The URLs of a site served under `base`, which starts and ends with a slash (`/`, `/reports/`).
 * Segments are path segments already (see src/core/site/path-segment.ts) and go in as they are.
 */
export function siteUrls(base: string): SiteUrls {
  return {
    home: () => base,
    file: (name) => `${base}${name}`,
    sessions: (filters = {}) => `${folder(base, "sessions")}${query(filters)}`,
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
  };
}
