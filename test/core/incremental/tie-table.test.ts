import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isOrdered,
  sessionsTiedTo,
  TieLookup,
  tieTableOf,
  type TieTable,
} from "../../../src/core/incremental/tie-table.ts";

/** A table of the keys given, each tied to a session named after it. */
function tableOf(keys: readonly string[]): TieTable {
  return tieTableOf(new Map(keys.map((key) => [key, [`ws_${key}`]])));
}

describe("tieTableOf and sessionsTiedTo", () => {
  it("find every key's sessions, and nothing for a key never named", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: "binary" })),
        fc.string({ unit: "binary" }),
        (keys, other) => {
          const table = tableOf(keys);
          expect(isOrdered(table)).toBe(true);
          for (const key of keys) expect(sessionsTiedTo(table, key)).toEqual([`ws_${key}`]);
          if (!keys.includes(other)) expect(sessionsTiedTo(table, other)).toBeUndefined();
        },
      ),
    );
  });

  it("order keys by code units, as the search compares them", () => {
    // "é" as one code unit sorts after "z"; "😀" (two surrogates) before "￿".
    const table = tableOf(["z", "é", "a", "\uffff", "😀", ""]);
    expect(table.keys).toEqual(["", "a", "z", "é", "😀", "\uffff"]);
    expect(sessionsTiedTo(table, "😀")).toEqual(["ws_😀"]);
  });
});

describe("isOrdered", () => {
  it("refuses keys out of order, a key twice, or lists of other lengths", () => {
    expect(isOrdered({ keys: ["a", "b"], sessions: [[], []] })).toBe(true);
    expect(isOrdered({ keys: ["b", "a"], sessions: [[], []] })).toBe(false);
    expect(isOrdered({ keys: ["a", "a"], sessions: [[], []] })).toBe(false);
    expect(isOrdered({ keys: ["a"], sessions: [] })).toBe(false);
  });
});

describe("TieLookup", () => {
  it("looks keys up in the kept table and the added ties, and merges them in order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: "binary" }), { minLength: 1 }),
        fc.nat(),
        (keys, split) => {
          const cut = split % keys.length;
          const kept = tableOf(keys.slice(0, cut));
          const lookup = new TieLookup(kept);
          for (const key of keys.slice(cut)) lookup.add(key, [`ws_${key}`]);
          for (const key of keys) expect(lookup.get(key)).toEqual([`ws_${key}`]);
          expect(lookup.keysTiedOnlyTo((session) => session.length % 2 === 0).sort()).toEqual(
            keys.filter((k) => `ws_${k}`.length % 2 === 0).sort(),
          );
          expect(lookup.keysTiedOnlyTo(() => false)).toEqual([]);
          expect(lookup.table()).toEqual(tableOf(keys));
        },
      ),
    );
  });

  it("gives the keys tied to one session only, kept or added, of the sessions asked for", () => {
    const lookup = new TieLookup(
      tieTableOf(
        new Map([
          ["a", ["ws_1"]],
          ["b", ["ws_1", "ws_2"]],
          ["c", []],
          ["d", ["ws_2"]],
        ]),
      ),
    );
    lookup.add("e", ["ws_1"]);
    lookup.add("f", ["ws_1", "ws_3"]);
    expect(lookup.keysTiedOnlyTo((session) => session === "ws_1")).toEqual(["a", "e"]);
    expect(lookup.keysTiedOnlyTo((session) => session !== "ws_3")).toEqual(["a", "d", "e"]);
  });

  it("leaves the kept table as it was, and shares it when nothing was added", () => {
    const kept = tableOf(["b", "d"]);
    const copy = structuredClone(kept);
    const lookup = new TieLookup(kept);
    expect(lookup.table()).toBe(kept);
    lookup.add("c", ["ws_x"]);
    expect(lookup.isKept("b")).toBe(true);
    expect(lookup.isKept("c")).toBe(false);
    expect(lookup.table().keys).toEqual(["b", "c", "d"]);
    expect(kept).toEqual(copy);
  });

  it("refuses to change a kept key's ties", () => {
    expect(() => new TieLookup(tableOf(["a"])).add("a", [])).toThrow(/is kept/);
  });
});
