import { describe, expect, it } from "vitest";
import type { CategoryKeyword } from "../../../src/core/classify/category-rules.ts";
import {
  compileKeywords,
  HANGUL_FIRST,
  KEYWORD_INDEX,
  STARTS_KOREAN,
  symbolOf,
  type KeywordIndex,
} from "../../../src/core/classify/keyword-index.ts";

/** A table of the given keywords for engineering_build and infra_ops, the other categories empty. */
function table(
  build: CategoryKeyword[],
  infra: CategoryKeyword[] = [],
): Parameters<typeof compileKeywords>[0] {
  return {
    engineering_build: build,
    infra_ops: infra,
    qa_validation: [],
    planning_decision: [],
    research_analysis: [],
    docs_knowledge: [],
    growth_marketing: [],
    customer_community: [],
    legal_compliance: [],
    biz_strategy: [],
  };
}

/** The keywords whose first word (or inflected form) is `word`, by the trie. */
function firstWordKeywords(index: KeywordIndex, word: string): string[] {
  let node = 0;
  for (let i = 0; i < word.length; i++) {
    node = index.trieChild[node * 36 + symbolOf(word.charCodeAt(i))] as number;
    if (node === 0) return [];
  }
  const found: string[] = [];
  for (let e = index.trieEntryStart[node] as number; e < (index.trieEntryEnd[node] as number); e++) {
    found.push(index.keywordText[index.latinKeyword[index.latinEntries[e] as number] as number] as string);
  }
  return found;
}

describe("compileKeywords", () => {
  it("finds one-word keywords by every allowed form, and multi-word ones by their first word only", () => {
    const index = compileKeywords(
      table([
        { text: "test", weight: 3, inflect: true },
        { text: "bug fix", weight: 2, inflect: true },
      ]),
    );
    for (const form of ["test", "tests", "testes", "tested", "testd", "testing"]) {
      expect(firstWordKeywords(index, form)).toEqual(["test"]);
    }
    expect(firstWordKeywords(index, "tester")).toEqual([]);
    expect(firstWordKeywords(index, "bug")).toEqual(["bug fix"]);
    expect(firstWordKeywords(index, "bugs")).toEqual([]);
    expect(index.restWords).toEqual(["fix"]);
    expect([...index.latinInflectLast]).toEqual([0, 1]);
  });

  it("lists the keywords of a first word in the table's order, across categories", () => {
    const index = compileKeywords(
      table([{ text: "test", weight: 3, inflect: true }], [{ text: "testing", weight: 3 }]),
    );
    expect(firstWordKeywords(index, "testing")).toEqual(["test", "testing"]);
    expect([...index.keywordCategory]).toEqual([0, 1]);
  });

  it("numbers (category, text) pairs and (category, subTag) pairs, sharing a number for a repeat", () => {
    const index = compileKeywords(
      table(
        [
          { text: "api", weight: 1, tag: "API" },
          { text: "endpoint", weight: 2, tag: "API" },
          { text: "api", weight: 3 },
        ],
        [{ text: "api", weight: 1, tag: "API" }],
      ),
    );
    expect([...index.keywordPair]).toEqual([0, 1, 0, 2]);
    expect(index.pairCount).toBe(3);
    expect([...index.keywordTag]).toEqual([0, 0, 1, 2]);
    expect(index.tagNames).toEqual(["API", "api", "API"]);
    expect([...index.tagCategory]).toEqual([0, 0, 1]);
  });

  it("lists Korean keywords by their first syllable and marks those syllables", () => {
    const index = compileKeywords(
      table([
        { text: "배포", weight: 3 },
        { text: "배경", weight: 1 },
      ]),
    );
    const s = "배".charCodeAt(0) - HANGUL_FIRST;
    const listed = [...index.hangulKeywords.slice(index.hangulStart[s], index.hangulStart[s + 1])];
    expect(listed.map((k) => index.keywordText[k])).toEqual(["배포", "배경"]);
    expect(index.codeClass["배".charCodeAt(0)]).toBe(STARTS_KOREAN);
    expect(index.codeClass["포".charCodeAt(0)]).toBe(-1);
    const codes = index.keywordCodes.slice(index.keywordCodeStart[1], index.keywordCodeStart[2]);
    expect(String.fromCharCode(...codes)).toBe("배경");
  });

  it("gives ASCII letters and digits their trie symbol and everything else -1", () => {
    expect(KEYWORD_INDEX.codeClass["0".charCodeAt(0)]).toBe(0);
    expect(KEYWORD_INDEX.codeClass["a".charCodeAt(0)]).toBe(10);
    expect(KEYWORD_INDEX.codeClass["z".charCodeAt(0)]).toBe(35);
    for (const c of ["A", " ", "-", "é", "\u212a", "😀"])
      expect(KEYWORD_INDEX.codeClass[c.charCodeAt(0)]).toBe(-1);
  });
});
