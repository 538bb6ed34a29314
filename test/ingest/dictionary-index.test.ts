import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DictionaryIndex, indexOfValues } from "../../src/ingest/dictionary-index.ts";

/** A dictionary's bytes as the columns write them. */
const bytesOf = (strings: readonly string[]): Uint8Array => Buffer.from(JSON.stringify(strings), "utf8");

describe("a dictionary index", () => {
  it.each([
    ["none", []],
    ["plain ids", ["ws-1", "a2a.send", "conv-3"]],
    ["escapes", ['say "hi"', "back\\slash", "line\nbreak", "tab\there", "\u0001"]],
    ["text beyond ASCII", ["é ☃ 𝄞", "한국어 작업", "\u2028"]],
    ["lone surrogates", ["\ud800", "x\udfffy"]],
    ["empty and special names", ["", "__proto__", "constructor", "[", ","]],
  ])("finds each string of %s, and makes it again as it was", (_, strings) => {
    const index = new DictionaryIndex(bytesOf(strings));
    expect(index.size).toBe(strings.length);
    strings.forEach((value, k) => {
      expect(index.indexesOf(value)).toEqual([k]);
      expect(index.valueAt(k)).toBe(value);
    });
    expect(index.indexesOf("absent")).toEqual([]);
  });

  it("gives every entry equal to a string, in order", () => {
    const index = new DictionaryIndex(bytesOf(["a", "b", "a", "c", "a"]));
    expect(index.indexesOf("a")).toEqual([0, 2, 4]);
    expect(indexOfValues([undefined, null, "a", "b", "a"]).indexesOf("a")).toEqual([0, 2]);
  });

  it("finds the same entries as the parsed strings do, for any list of strings", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 6 }), { maxLength: 300 }), (strings) => {
        const index = new DictionaryIndex(bytesOf(strings));
        const parsed = indexOfValues([undefined, null, ...strings]);
        for (const value of [...strings, "never", "\ud834"])
          expect(index.indexesOf(value)).toEqual(parsed.indexesOf(value));
        strings.forEach((value, k) => expect(index.valueAt(k)).toBe(value));
      }),
    );
  });

  it("holds thousands of strings whose hashes share slots", () => {
    const strings = Array.from({ length: 5000 }, (_, i) => `ws_${i}-${i % 7}`);
    const index = new DictionaryIndex(bytesOf(strings));
    for (const k of [0, 1, 2499, 4998, 4999]) expect(index.indexesOf(strings[k]!)).toEqual([k]);
  });

  it.each([
    ["no brackets", '"a"'],
    ["an object", '{"a":1}'],
    ["a number", "[1]"],
    ["a missing comma", '["a" "b"]'],
    ["a trailing comma", '["a",]'],
    ["an open string", '["a]'],
    ["no end", '["a"'],
    ["nothing", ""],
  ])("throws on bytes that are not a list of strings: %s", (_, text) => {
    expect(() => new DictionaryIndex(Buffer.from(text))).toThrow(/not a list of strings/);
  });
});
