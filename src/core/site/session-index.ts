import * as z from "zod";
import { SessionCard } from "./session-card.ts";

const { shape } = SessionCard;

/**
 * One session in the list index: the fields of its card a listed session has (see ListedSession),
 * as a tuple: `[id, segment, status, category, subTags, title, agents, lastActivityMs, eventCount,
 * blockedThreads]`. A tuple, not an object, because the index of 100,000 sessions is fetched by the
 * reader's browser, and keys would double its size.
 */
export const SessionIndexEntry = z.tuple([
  shape.id,
  shape.segment,
  shape.status,
  shape.category,
  shape.subTags,
  shape.title,
  shape.agents,
  shape.lastActivityMs,
  shape.eventCount,
  shape.blockedThreads,
]);
export type SessionIndexEntry = z.infer<typeof SessionIndexEntry>;

/** What `/sessions/index.json` holds: every session, newest first, for the list's filters. */
export const SessionIndex = z.object({
  /** The Report's now, epoch ms: relative times are said against it. */
  nowMs: z.number(),
  /** The IANA time zone the cards show times in. */
  timeZone: z.string(),
  /** Every session, newest activity first. */
  sessions: z.array(SessionIndexEntry),
});
export type SessionIndex = z.infer<typeof SessionIndex>;

/** The list index of session cards. */
export function sessionIndex(cards: readonly SessionCard[], nowMs: number, timeZone: string): SessionIndex {
  return {
    nowMs,
    timeZone,
    sessions: cards.map((c) => [
      c.id,
      c.segment,
      c.status,
      c.category,
      c.subTags,
      c.title,
      c.agents,
      c.lastActivityMs,
      c.eventCount,
      c.blockedThreads,
    ]),
  };
}
