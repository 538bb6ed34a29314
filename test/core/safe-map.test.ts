import { describe, expect, it } from "vitest";
import { mergeOwn, ownValue, setOwn, tableToMap } from "../../src/core/safe-map.ts";

/** Ids that name members every object has, or its prototype. */
const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];

describe("ownValue", () => {
  it("finds no inherited member under an id the table does not hold", () => {
    const table: Record<string, number> = { a: 1 };
    for (const id of HOSTILE) expect(ownValue(table, id), id).toBeUndefined();
    expect(ownValue(table, "a")).toBe(1);
  });

  it("finds an entry under an id that names an inherited member", () => {
    const table = JSON.parse('{"__proto__": 1, "constructor": 2}') as Record<string, number>;
    expect(ownValue(table, "__proto__")).toBe(1);
    expect(ownValue(table, "constructor")).toBe(2);
  });
});

describe("setOwn", () => {
  it("adds every id as an own entry, keeping the prototype and the order, and JSON lists them", () => {
    const table: Record<string, number> = {};
    HOSTILE.forEach((id, i) => setOwn(table, id, i));
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.keys(table)).toEqual(HOSTILE);
    expect(JSON.stringify(table)).toBe(
      '{"constructor":0,"__proto__":1,"toString":2,"hasOwnProperty":3,"valueOf":4,"isPrototypeOf":5}',
    );
  });

  it("replaces an entry in place", () => {
    const table: Record<string, number> = { a: 1, b: 2 };
    setOwn(table, "a", 3);
    expect(Object.entries(table)).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
  });
});

describe("mergeOwn", () => {
  it("lets a later table's entry win, and keeps __proto__ as an entry", () => {
    const first = JSON.parse('{"__proto__": 1, "a": 1}') as Record<string, number>;
    const second = JSON.parse('{"__proto__": 2, "b": 2}') as Record<string, number>;
    const merged = mergeOwn([first, second]);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.entries(merged)).toEqual([
      ["__proto__", 2],
      ["a", 1],
      ["b", 2],
    ]);
  });
});

describe("tableToMap", () => {
  it("holds the own entries only, an id naming an inherited member among them", () => {
    const map = tableToMap(JSON.parse('{"__proto__": 1, "toString": 2}') as Record<string, number>);
    expect([...map]).toEqual([
      ["__proto__", 1],
      ["toString", 2],
    ]);
    expect(map.get("constructor")).toBeUndefined();
  });
});
