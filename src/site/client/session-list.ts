// The session list in the reader's browser: it fetches /sessions/index.json (every session, newest
// first), applies the filters of the URL and shows the matches a hundred at a time. The page's
// server-rendered first hundred stand until the index arrives, and for readers without JavaScript.
// Text from logs is only ever set as textContent here.
import { formatTime, isoTime, relativeTime } from "../../core/site/format.ts";
import type { Locale } from "../../core/site/labels.ts";
import { filterFields, listedSession, type ListedSession } from "../../core/site/listed-session.ts";
import type { SessionIndex } from "../../core/site/session-index.ts";
import { bindForm, matches, type Filters } from "./filters.ts";

/** How many cards the list shows before "show more". */
export const PAGE_SIZE = 100;

/** What rendering a card needs besides the session: words, the base path, now. */
export interface CardContext {
  locale: Locale;
  base: string;
  nowMs: number;
  /** Status and category names, and the words "blocked" and "events", in the page's language. */
  names: Record<string, string>;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className !== "") node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A session's card: the same markup as SessionCardView.astro renders on the server. */
export function cardElement(doc: Document, s: ListedSession, ctx: CardContext): HTMLLIElement {
  const li = el(doc, "li", "card session");
  const fields = filterFields(s);
  li.dataset["filterable"] = "";
  li.dataset["status"] = fields.status;
  li.dataset["category"] = fields.category;
  li.dataset["tags"] = fields.tags;
  li.dataset["agents"] = fields.agents;
  li.dataset["text"] = fields.text;
  const badges = el(doc, "div", "");
  badges.append(
    el(doc, "span", `badge ${s.status}`, ctx.names[s.status] ?? s.status),
    " ",
    el(doc, "span", "badge category", ctx.names[s.category] ?? s.category),
  );
  for (const tag of s.subTags.slice(0, 2)) badges.append(" ", el(doc, "span", "badge tag", tag));
  if (s.blockedThreads > 0)
    badges.append(
      " ",
      el(doc, "span", "badge blocked", `${ctx.names["blocked"] ?? "blocked"} ${s.blockedThreads}`),
    );
  const h3 = el(doc, "h3", "");
  const a = el(doc, "a", "", s.title);
  a.href = `${ctx.base}sessions/${s.segment}/`;
  h3.append(a);
  const meta = el(doc, "div", "meta", `${s.agents.join(", ")} · `);
  const time = el(
    doc,
    "time",
    "",
    `${formatTime(s.lastActivityMs)} (${relativeTime(s.lastActivityMs, ctx.nowMs, ctx.locale)})`,
  );
  time.dateTime = isoTime(s.lastActivityMs);
  time.title = `${formatTime(s.lastActivityMs)} UTC`;
  meta.append(time, ` · ${s.eventCount} ${ctx.names["events"] ?? "events"}`);
  li.append(badges, h3, meta);
  return li;
}

/** A listed session with what the filters read of it, made once when the index arrives. */
export interface FilterableSession {
  session: ListedSession;
  fields: ReturnType<typeof filterFields>;
}

/** The sessions of the index, ready to filter. */
export function filterable(sessions: readonly ListedSession[]): FilterableSession[] {
  return sessions.map((session) => ({ session, fields: filterFields(session) }));
}

/** The sessions that pass the filters, in index order (newest first). */
export function filterSessions(sessions: readonly FilterableSession[], filters: Filters): ListedSession[] {
  return sessions.filter((s) => matches(s.fields, filters)).map((s) => s.session);
}

/** Wires the list: the form and the URL both ways, the index, "show more". */
export async function attachSessionList(root: HTMLElement): Promise<void> {
  const doc = root.ownerDocument;
  const form = doc.querySelector<HTMLFormElement>("form.filters");
  const list = root.querySelector<HTMLUListElement>("ul.sessions-list");
  const more = root.querySelector<HTMLButtonElement>("button.more");
  const count = doc.getElementById("shown-count");
  const empty = doc.getElementById("no-match");
  if (form === null || list === null || more === null) return;
  const ctx: CardContext = {
    locale: doc.documentElement.lang === "en" ? "en" : "ko",
    base: root.dataset["base"] ?? "/",
    nowMs: 0,
    names: JSON.parse(root.dataset["names"] ?? "{}") as Record<string, string>,
  };
  const response = await fetch(root.dataset["index"] ?? "index.json");
  const index = (await response.json()) as SessionIndex;
  ctx.nowMs = index.nowMs;
  const sessions = filterable(index.sessions.map(listedSession));
  let limit = PAGE_SIZE;
  const show = bindForm(
    form,
    (filters) => {
      const matched = filterSessions(sessions, filters);
      // A fragment, not replaceChildren(...cards): after many "show more" there can be more cards
      // than a call may take arguments.
      const cards = doc.createDocumentFragment();
      for (const s of matched.slice(0, limit)) cards.append(cardElement(doc, s, ctx));
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
