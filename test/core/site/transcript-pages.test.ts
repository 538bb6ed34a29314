import { describe, expect, it } from "vitest";
import {
  TURNS_PER_PAGE,
  transcriptPage,
  transcriptPageCount,
} from "../../../src/core/site/transcript-pages.ts";

describe("transcript pages", () => {
  it.each([
    [0, 1],
    [1, 1],
    [TURNS_PER_PAGE, 1],
    [TURNS_PER_PAGE + 1, 2],
    [TURNS_PER_PAGE * 3, 3],
  ])("a transcript of %i turns takes %i pages", (turns, pages) => {
    expect(transcriptPageCount(turns)).toBe(pages);
  });

  it("cuts a transcript into pages that together hold every turn once, in order", () => {
    const turns = Array.from({ length: 231 }, (_, i) => i);
    const pages = Array.from({ length: transcriptPageCount(turns.length) }, (_, i) =>
      transcriptPage(turns, i + 1),
    );
    expect(pages.map((p) => p.length)).toEqual([100, 100, 31]);
    expect(pages.flat()).toEqual(turns);
  });
});
