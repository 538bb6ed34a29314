/**
 * How many turns one transcript page shows. A turn renders to well under a kilobyte, so a page
 * stays far below the 150 KB a transcript page may weigh, however long the thread.
 */
export const TURNS_PER_PAGE = 100;

/** How many pages a transcript of `turns` turns takes: at least one, for the empty thread. */
export function transcriptPageCount(turns: number): number {
  return Math.max(1, Math.ceil(turns / TURNS_PER_PAGE));
}

/** The turns of page `page` (1-based). */
export function transcriptPage<T>(transcript: readonly T[], page: number): T[] {
  return transcript.slice((page - 1) * TURNS_PER_PAGE, page * TURNS_PER_PAGE);
}
