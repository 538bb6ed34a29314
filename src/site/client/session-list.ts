// The session list in the reader's browser: it fetches the index of every session (newest first),
// applies the filters of the URL and shows the matches a hundred at a time. The page's
// server-rendered first hundred stand until the index arrives, and for readers without JavaScript.
import type { Locale } from "../../core/site/labels.ts";
import {
  filterFields,
  listedSession,
  type FilterFields,
  type ListedSession,
} from "../../core/site/listed-session.ts";
import type { SessionIndex } from "../../core/site/session-index.ts";
import { sessionCardContent, type CardContext, type CardWords } from "../session-card-content.ts";
import { siteUrls, type Filters } from "../urls.ts";
import { CARD_TEMPLATE_ID, fillCard } from "./session-card.ts";
import { bindForm, matches } from "./filters.ts";

/** How many cards the list shows before "show more". */
export const PAGE_SIZE = 100;

/** A listed session with what the filters read of it, made once when the index arrives. */
interface FilterableSession {
  session: ListedSession;
  fields: FilterFields;
}

/** The sessions of the index, ready to filter; `untitled` is what cards call a session nothing names. */
export function filterable(sessions: readonly ListedSession[], untitled: string): FilterableSession[] {
  return sessions.map((session) => ({ session, fields: filterFields(session, untitled) }));
}

/** The sessions that pass the filters, in index order (newest first), with their filter fields. */
export function filterSessions(
  sessions: readonly FilterableSession[],
  filters: Filters,
): FilterableSession[] {
  return sessions.filter((s) => matches(s.fields, filters));
}

/**
 * Wires the list: the form and the URL both ways, the index, "show more". The root element names
 * the site's base (`data-base`) and carries the cards' words (`data-words`); the page holds the
 * card template.
 */
export async function attachSessionList(root: HTMLElement): Promise<void> {
  const doc = root.ownerDocument;
  const form = doc.querySelector<HTMLFormElement>("form.filters");
  const list = root.querySelector<HTMLUListElement>("ul.sessions-list");
  const more = root.querySelector<HTMLButtonElement>("button.more");
  const template = doc.getElementById(CARD_TEMPLATE_ID);
  const count = doc.getElementById("shown-count");
  const empty = doc.getElementById("no-match");
  if (form === null || list === null || more === null || !(template instanceof HTMLTemplateElement)) return;
  const urls = siteUrls(root.dataset["base"] ?? "/");
  const response = await fetch(urls.sessionIndex());
  const index = (await response.json()) as SessionIndex;
  const ctx: CardContext = {
    locale: (doc.documentElement.lang === "en" ? "en" : "ko") satisfies Locale,
    nowMs: index.nowMs,
    timeZone: index.timeZone,
    words: JSON.parse(root.dataset["words"] ?? "{}") as CardWords,
    sessionUrl: urls.session,
  };
  const sessions = filterable(index.sessions.map(listedSession), ctx.words.untitled);
  let limit = PAGE_SIZE;
  const show = bindForm(
    form,
    (filters) => {
      const matched = filterSessions(sessions, filters);
      // A fragment, not replaceChildren(...cards): after many "show more" there can be more cards
      // than a call may take arguments.
      const cards = doc.createDocumentFragment();
      for (const s of matched.slice(0, limit))
        cards.append(fillCard(template, sessionCardContent(s.session, s.fields, ctx)));
      list.replaceChildren(cards);
      if (count !== null) count.textContent = String(matched.length);
      if (empty !== null) empty.hidden = matched.length > 0;
      more.hidden = matched.length <= limit;
      root.dataset["ready"] = "true";
    },
    () => (limit = PAGE_SIZE),
  );
  more.addEventListener("click", () => {
    limit += PAGE_SIZE;
    show();
  });
}
