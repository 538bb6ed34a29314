import { describe, expect, it } from "vitest";
import { formatRenderShare, itemsOfShare, parseRenderShare } from "../../src/site/render-share.ts";

describe("a renderer's share of the pages", () => {
  it("reads k/n, and nothing else, from its environment variable", () => {
    expect(parseRenderShare("1/3")).toEqual({ k: 1, n: 3 });
    expect(parseRenderShare(formatRenderShare({ k: 0, n: 1 }))).toEqual({ k: 0, n: 1 });
    for (const bad of [undefined, "", "3", "a/b", "3/3", "1/0", "-1/2", " 1/2"])
      expect(parseRenderShare(bad), String(bad)).toBeNull();
  });

  it("takes every n-th item from the k-th, so that n shares take each item once", () => {
    const items = ["a", "b", "c", "d", "e"];
    expect(itemsOfShare(items, { k: 1, n: 2 })).toEqual(["b", "d"]);
    const shares = [0, 1, 2].map((k) => itemsOfShare(items, { k, n: 3 }));
    expect(shares.flat().sort()).toEqual(items);
    expect(itemsOfShare(items, null)).toEqual(items);
  });
});
