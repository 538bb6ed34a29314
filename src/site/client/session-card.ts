// Session cards in the reader's browser: copies of the card the server rendered once as a
// `<template>` (components/SessionCardTemplate.astro), filled in. Text from logs is only ever set
// as textContent or an attribute value here, never as HTML.
import type { SessionCardContent } from "../session-card-content.ts";

/** The id of the template the server renders on pages whose script draws cards. */
export const CARD_TEMPLATE_ID = "session-card";

/** A part of the card, by the name its `data-field` attribute gives it. */
function field(card: HTMLElement, name: string): HTMLElement {
  const element = card.querySelector<HTMLElement>(`[data-field="${name}"]`);
  if (element === null) throw new Error(`the session card template has no ${name}`);
  return element;
}

/** A copy of the template's card, showing `content`. */
export function fillCard(template: HTMLTemplateElement, content: SessionCardContent): HTMLLIElement {
  const first = template.content.firstElementChild;
  if (!(first instanceof HTMLLIElement)) throw new Error("the session card template holds no card");
  const card = first.cloneNode(true) as HTMLLIElement;
  Object.assign(card.dataset, content.filter);
  const status = field(card, "status");
  status.className = `badge ${content.status}`;
  status.textContent = content.statusName;
  field(card, "category").textContent = content.categoryName;
  const tag = field(card, "tag");
  for (const text of content.tags) {
    const copy = tag.cloneNode(false) as HTMLElement;
    copy.textContent = text;
    tag.before(copy);
  }
  tag.remove();
  const blocked = field(card, "blocked");
  if (content.blocked === null) blocked.remove();
  else blocked.textContent = content.blocked;
  const title = field(card, "title");
  title.textContent = content.title;
  title.setAttribute("href", content.href);
  field(card, "agents").textContent = content.agents;
  const time = field(card, "time");
  time.setAttribute("datetime", content.time.datetime);
  time.title = content.time.title;
  time.textContent = content.time.text;
  field(card, "events").textContent = content.events;
  return card;
}
