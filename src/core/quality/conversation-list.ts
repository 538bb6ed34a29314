import * as z from "zod";
import { LegacyThreadEntry } from "./legacy-threads.ts";

/**
 * How many conversations outside work sessions one page of their list shows. A log of OpenClaw
 * lines only has thousands of them; a hundred rows keep a page small and quick to read.
 */
export const CONVERSATIONS_PER_PAGE = 100;

/** One page of the list of conversations outside work sessions, by number. */
export const ConversationListPage = z.object({
  /** Its number, from 1. */
  page: z.number().int().positive(),
  /** How many pages the list takes (at least one, which says there are none). */
  pages: z.number().int().positive(),
  /** How many conversations the whole list holds. */
  total: z.number().int().nonnegative(),
  /** The place of its first conversation in the whole list, from 0. */
  offset: z.number().int().nonnegative(),
  /** Its conversations, in time order. */
  threads: z.array(LegacyThreadEntry),
});
export type ConversationListPage = z.infer<typeof ConversationListPage>;

/**
 * The segment of a page of the list in the quality family. The family's findings pages are plain
 * numbers, so a segment with a word in it can never be one of theirs.
 */
export function conversationListSegment(page: number): string {
  return `conversations-${page}`;
}

/** The list of conversations outside work sessions (in time order), page by page. */
export function conversationListPages(entries: readonly LegacyThreadEntry[]): ConversationListPage[] {
  const pages = Math.max(1, Math.ceil(entries.length / CONVERSATIONS_PER_PAGE));
  return Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    pages,
    total: entries.length,
    offset: i * CONVERSATIONS_PER_PAGE,
    threads: entries.slice(i * CONVERSATIONS_PER_PAGE, (i + 1) * CONVERSATIONS_PER_PAGE),
  }));
}
