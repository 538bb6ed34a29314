import { describe, expect, it } from "vitest";
import {
  CONVERSATIONS_PER_PAGE,
  ConversationListPage,
  conversationListPages,
  conversationListSegment,
} from "../../../src/core/quality/conversation-list.ts";
import { legacyEntry } from "../../../src/core/quality/legacy-threads.ts";
import { thread } from "../site/fixtures.ts";

const entries = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    legacyEntry(thread("eden", "seum", { threadKey: `t${i}`, startMs: i })),
  );

describe("conversationListPages", () => {
  it("pages the list by CONVERSATIONS_PER_PAGE, in the order given, and counts them all on each page", () => {
    const pages = conversationListPages(entries(CONVERSATIONS_PER_PAGE * 2 + 1));
    expect(pages.map((p) => [p.page, p.pages, p.total, p.offset, p.threads.length])).toEqual([
      [1, 3, 201, 0, CONVERSATIONS_PER_PAGE],
      [2, 3, 201, CONVERSATIONS_PER_PAGE, CONVERSATIONS_PER_PAGE],
      [3, 3, 201, CONVERSATIONS_PER_PAGE * 2, 1],
    ]);
    expect(pages[1]?.threads[0]?.threadKey).toBe(`t${CONVERSATIONS_PER_PAGE}`);
    for (const page of pages) expect(ConversationListPage.safeParse(page).success).toBe(true);
  });

  it("makes one empty page when there is no conversation, which says there are none", () => {
    expect(conversationListPages([])).toEqual([{ page: 1, pages: 1, total: 0, offset: 0, threads: [] }]);
    expect(conversationListPages(entries(CONVERSATIONS_PER_PAGE))).toHaveLength(1);
  });

  it("names its pages with a word, so no findings page (a number) can share a segment", () => {
    expect(conversationListSegment(1)).toBe("conversations-1");
    expect(conversationListSegment(12)).toBe("conversations-12");
    expect(conversationListSegment(3)).not.toMatch(/^\d+$/);
  });
});
