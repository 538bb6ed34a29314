import { CollabCategory } from "../core/category.ts";
import { categoryName, label, valueName, type Locale } from "../core/site/labels.ts";
import { SESSION_STATUSES } from "../core/sessions/status.ts";
import type { CardWords } from "./session-card-content.ts";

/** A session card's words in one language, from the labels table. */
function cardWordsIn(locale: Locale): CardWords {
  return {
    names: Object.fromEntries([
      ...SESSION_STATUSES.map((status) => [status, valueName(locale, status)]),
      ...CollabCategory.options.map((category) => [category, categoryName(locale, category)]),
    ]),
    blocked: label(locale, "blocked"),
    events: label(locale, "eventsCount"),
    untitled: label(locale, "untitledSession"),
  };
}

const WORDS: Readonly<Record<Locale, CardWords>> = { ko: cardWordsIn("ko"), en: cardWordsIn("en") };

/**
 * The words of a session card in a language: the server draws cards with them, and hands them to
 * the list script (as a data attribute) so that the cards it draws say the same.
 */
export function cardWords(locale: Locale): CardWords {
  return WORDS[locale];
}
