import { z } from "zod";
import type { Analysis } from "../analysis.ts";
import type { CanonicalEvent } from "../event.ts";
import { EventRow, eventRow } from "./event-row.ts";
import type { SiteLookups } from "./site-lookups.ts";

/**
 * The roles the events pages list: delegations and orchestration. Main-agent conversations are
 * read as transcripts, and observability events are too many and say too little to list.
 */
const LISTED_ROLES = ["delegation.subagent", "orchestration.task"] as const;
/** How many events one page of `/events/` lists. */
export const EVENTS_PER_PAGE = 100;

/** One listing of the events pages: all listed roles, or one of them. */
export const EventListing = z.object({
  /** `all`, or the role it lists. */
  role: z.enum(["all", ...LISTED_ROLES]),
  /** Its path segment: `all`, or the role. */
  segment: z.string(),
  /** How many events it has. */
  events: z.number().int(),
  /** How many pages they take: at least one, for the empty listing. */
  pages: z.number().int(),
});
export type EventListing = z.infer<typeof EventListing>;

/** One page of one events listing: one shard file per page. */
export const EventsPage = z.object({
  /** The listing's segment (`all` or a role). */
  listing: z.string(),
  /** 1-based page number. */
  page: z.number().int().positive(),
  /** Its rows, oldest first. */
  rows: z.array(EventRow),
});
export type EventsPage = z.infer<typeof EventsPage>;

/** The events listings and every page of each. */
interface EventsPages {
  listings: EventListing[];
  pages: EventsPage[];
}

/**
 * Every listed event as a row, in the session the analysis attributed it to, paged a hundred at
 * a time: once for all listed roles and once per role. Each event's row is made once.
 */
export function eventsPages(analysis: Analysis, lookups: SiteLookups): EventsPages {
  const isListed = (e: CanonicalEvent): boolean => (LISTED_ROLES as readonly string[]).includes(e.eventRole);
  const sessionOf = new Map<CanonicalEvent, string>();
  for (const [id, events] of analysis.sessionEvents)
    for (const e of events) if (isListed(e)) sessionOf.set(e, id);
  const rows = analysis.events.filter(isListed).map((e) => {
    const id = sessionOf.get(e);
    return eventRow(e, id === undefined ? null : (lookups.sessionCards.get(id) ?? null), lookups.names);
  });
  const listings = (["all", ...LISTED_ROLES] as const).map((role) => {
    const listed = role === "all" ? rows : rows.filter((r) => r.eventRole === role);
    return { role, rows: listed, pages: Math.max(1, Math.ceil(listed.length / EVENTS_PER_PAGE)) };
  });
  return {
    listings: listings.map(({ role, rows: listed, pages }) => ({
      role,
      segment: role,
      events: listed.length,
      pages,
    })),
    pages: listings.flatMap(({ role, rows: listed, pages }) =>
      Array.from({ length: pages }, (_, i) => ({
        listing: role,
        page: i + 1,
        rows: listed.slice(i * EVENTS_PER_PAGE, (i + 1) * EVENTS_PER_PAGE),
      })),
    ),
  };
}
