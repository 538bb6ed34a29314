import * as z from "zod";
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

/** Whether an event is listed on the events pages. */
function isListed(e: CanonicalEvent): boolean {
  return (LISTED_ROLES as readonly string[]).includes(e.eventRole);
}

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

/** The events listings, counted, and the pages of each, made only when they are asked for. */
interface EventsPages {
  listings: EventListing[];
  pages: Generator<EventsPage, void, undefined>;
}

/**
 * Every listed event as a row, in the session the analysis attributed it to, paged a hundred at
 * a time: once for all listed roles and once per role. The listings are counted first; a page's
 * rows are made only when the page is asked for, so that the rows of every listed event are never
 * held at once (an event's row is made once for "all" and once for its role's listing instead).
 */
export function eventsPages(analysis: Analysis, lookups: SiteLookups): EventsPages {
  const listed = analysis.events.filter(isListed);
  const listings = (["all", ...LISTED_ROLES] as const).map((role) => {
    const events = role === "all" ? listed.length : listed.filter((e) => e.eventRole === role).length;
    return { role, segment: role, events, pages: Math.max(1, Math.ceil(events / EVENTS_PER_PAGE)) };
  });
  return { listings, pages: listingPages(analysis, lookups, listed, listings) };
}

/** The pages of each listing in turn, a hundred rows each, and one empty page for an empty listing. */
function* listingPages(
  analysis: Analysis,
  lookups: SiteLookups,
  listed: readonly CanonicalEvent[],
  listings: readonly EventListing[],
): Generator<EventsPage, void, undefined> {
  const sessionOf = new Map<CanonicalEvent, string>();
  for (const [id, events] of analysis.sessionEvents)
    for (const e of events) if (isListed(e)) sessionOf.set(e, id);
  const rowOf = (e: CanonicalEvent): EventRow => {
    const id = sessionOf.get(e);
    return eventRow(e, id === undefined ? null : (lookups.sessionCards.get(id) ?? null), lookups.names);
  };
  for (const { role, segment } of listings) {
    let rows: EventRow[] = [];
    let page = 1;
    for (const e of listed) {
      if (role !== "all" && e.eventRole !== role) continue;
      rows.push(rowOf(e));
      if (rows.length === EVENTS_PER_PAGE) {
        yield { listing: segment, page: page++, rows };
        rows = [];
      }
    }
    if (rows.length > 0 || page === 1) yield { listing: segment, page, rows };
  }
}
