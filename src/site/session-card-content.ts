// What a session card shows, worked out once for both places that draw cards: the server
// (components/SessionCardView.astro) and the list script in the reader's browser, which fills a
// copy of the card the server rendered as a template (client/session-card.ts). Pure, and without
// zod or the labels table, so that the list script stays small.
import { formatTime, isoTime, relativeTime } from "../core/site/format.ts";
import type { Locale } from "../core/site/labels.ts";
import type { FilterFields, ListedSession } from "../core/site/listed-session.ts";

/** How many subTags a card shows (the filters know them all). */
const CARD_TAGS = 2;

/** The words of a card that are not log text, in the page's language. */
export interface CardWords {
  /** The names of the session statuses and categories, by value. */
  names: Record<string, string>;
  /** The word before the count of blocked threads. */
  blocked: string;
  /** The word after the count of events. */
  events: string;
  /** The title of a session nothing names. */
  untitled: string;
}

/** What drawing a card needs besides the session. */
export interface CardContext {
  locale: Locale;
  /** The time relative times are said against, epoch ms. */
  nowMs: number;
  /** The IANA time zone times are shown in. */
  timeZone: string;
  words: CardWords;
  /** The URL of a session's page, by its path segment. */
  sessionUrl: (segment: string) => string;
}

/** Everything a card shows, as text and attribute values. */
export interface SessionCardContent {
  /** What the list filters read, for the card's data attributes. */
  filter: FilterFields;
  /** The status value (the badge's class) and its name. */
  status: string;
  statusName: string;
  categoryName: string;
  /** The subTags shown. */
  tags: string[];
  /** "blocked 2" when threads ended blocked, else null. */
  blocked: string | null;
  title: string;
  href: string;
  /** The agents, comma-separated. */
  agents: string;
  /** The last activity: `<time datetime title>` and its text, with how long ago. */
  time: { datetime: string; title: string; text: string };
  /** "12 events". */
  events: string;
}

/**
 * A session's card, with the filter fields `filterFields` made of it: the list script makes them
 * once for every session when the index arrives, so drawing a card does not make them again.
 */
export function sessionCardContent(
  s: ListedSession,
  filter: FilterFields,
  ctx: CardContext,
): SessionCardContent {
  return {
    filter,
    status: s.status,
    statusName: ctx.words.names[s.status] ?? s.status,
    categoryName: ctx.words.names[s.category] ?? s.category,
    tags: s.subTags.slice(0, CARD_TAGS),
    blocked: s.blockedThreads > 0 ? `${ctx.words.blocked} ${s.blockedThreads}` : null,
    title: s.title ?? ctx.words.untitled,
    href: ctx.sessionUrl(s.segment),
    agents: s.agents.join(", "),
    time: {
      datetime: isoTime(s.lastActivityMs),
      title: `${formatTime(s.lastActivityMs, ctx.timeZone)} ${ctx.timeZone}`,
      text: `${formatTime(s.lastActivityMs, ctx.timeZone)} (${relativeTime(s.lastActivityMs, ctx.nowMs, ctx.locale)})`,
    },
    events: `${s.eventCount} ${ctx.words.events}`,
  };
}

/**
 * The card the server renders once as the template the list script copies: every part present
 * and empty, one subTag to copy per tag, and the blocked badge, which the script removes when no
 * thread ended blocked.
 */
export const TEMPLATE_CARD: SessionCardContent = {
  filter: { status: "", category: "", tags: "", agents: "", text: "" },
  status: "",
  statusName: "",
  categoryName: "",
  tags: [""],
  blocked: "",
  title: "",
  href: "",
  agents: "",
  time: { datetime: "", title: "", text: "" },
  events: "",
};
