import { describe, expect, it } from "vitest";
import { countPages, transcriptSizes } from "../../../scripts/bench/site-pages.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const SITE = {
  "index.html": "home",
  "sessions/ws_a/index.html": "session",
  "sessions/ws_a/threads/t1/index.html": "x".repeat(30),
  "sessions/ws_a/threads/t2/index.html": "x".repeat(10),
  "sessions/ws_b/index.html": "session without threads",
  "tasks/index.json": "{}",
};

describe("countPages", () => {
  it("counts every index.html below the folder, and nothing else", () => {
    expect(countPages(tmpTree(SITE))).toBe(5);
  });
});

describe("transcriptSizes", () => {
  it("gives each transcript page's size in bytes, smallest first", () => {
    expect(transcriptSizes(tmpTree(SITE))).toEqual([10, 30]);
  });
});
