import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../src/core/category.ts";
import { SESSION_STATUSES } from "../../src/core/sessions/status.ts";
import { categoryName, label, LOCALES, valueName } from "../../src/core/site/labels.ts";
import { cardWords } from "../../src/site/card-words.ts";

describe("a session card's words", () => {
  it("name every status and category, and say blocked and events, in each language from the labels table", () => {
    for (const locale of LOCALES) {
      const words = cardWords(locale);
      for (const status of SESSION_STATUSES) expect(words.names[status]).toBe(valueName(locale, status));
      for (const category of CollabCategory.options)
        expect(words.names[category]).toBe(categoryName(locale, category));
      expect(words.blocked).toBe(label(locale, "blocked"));
      expect(words.events).toBe(label(locale, "eventsCount"));
      expect(words.untitled).toBe(label(locale, "untitledSession"));
    }
    expect(cardWords("en").names["QUIET"]).not.toBe(cardWords("ko").names["QUIET"]);
  });
});
