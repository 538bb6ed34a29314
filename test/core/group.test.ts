import { describe, expect, it } from "vitest";
import { addTo, pushTo } from "../../src/core/group.ts";

describe("pushTo", () => {
  it("makes a key's list on first use and appends to that same list after", () => {
    const map = new Map<string, number[]>();
    pushTo(map, "a", 1);
    const first = map.get("a");
    pushTo(map, "a", 2);
    pushTo(map, "b", 3);
    expect(map.get("a")).toBe(first);
    expect([...map]).toEqual([
      ["a", [1, 2]],
      ["b", [3]],
    ]);
  });
});

describe("addTo", () => {
  it("makes the set on first use, then adds to it once per value", () => {
    const map = new Map<string, Set<number>>();
    addTo(map, "a", 1);
    addTo(map, "a", 2);
    addTo(map, "a", 1);
    addTo(map, "b", 3);
    expect([...map].map(([k, s]) => [k, [...s]])).toEqual([
      ["a", [1, 2]],
      ["b", [3]],
    ]);
  });
});
