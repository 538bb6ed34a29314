// What the session list's script needs of the index, without zod, so that the script stays small.
import type { SessionCard } from "./session-card.ts";
import type { SessionIndexEntry } from "./session-index.ts";

/** A listed session: the fields a card shows and the filters read. */
export type ListedSession = Pick<
  SessionCard,
  | "id"
  | "segment"
  | "status"
  | "category"
  | "subTags"
  | "title"
  | "agents"
  | "lastActivityMs"
  | "eventCount"
  | "blockedThreads"
>;

/** An index entry as a listed session. */
export function listedSession(entry: SessionIndexEntry): ListedSession {
  const [id, segment, status, category, subTags, title, agents, lastActivityMs, eventCount, blockedThreads] =
    entry;
  return {
    id,
    segment,
    status,
    category,
    subTags,
    title,
    agents,
    lastActivityMs,
    eventCount,
    blockedThreads,
  };
}

/** What the list filters read of a session: the values of its card's data attributes. */
export interface FilterFields {
  status: string;
  category: string;
  /** Its subTags, one a line. */
  tags: string;
  /** Its agents, one a line. */
  agents: string;
  /** Title, id, agents and subTags, lower-cased, for the free-text search. */
  text: string;
}

/**
 * What the list filters read of a session (see src/site/client/filters.ts). Free text searches the
 * title as the card shows it, so a session nothing names is found by `untitled`, the label it shows.
 */
export function filterFields(s: ListedSession, untitled: string): FilterFields {
  return {
    status: s.status,
    category: s.category,
    tags: s.subTags.join("\n"),
    agents: s.agents.join("\n"),
    text: `${s.title ?? untitled}\n${s.id}\n${s.agents.join(" ")}\n${s.subTags.join(" ")}`.toLowerCase(),
  };
}
