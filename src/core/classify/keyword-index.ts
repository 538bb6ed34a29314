import type { CollabCategory } from "../category.ts";
import { CATEGORY_KEYWORDS, type CategoryKeyword } from "./category-rules.ts";

/**
 * The category rule table compiled once into flat arrays, so that scoring a text walks numbers
 * instead of making strings, sets and objects for every character and match. Keywords are
 * numbered in the table's order (category by category), and every list below keeps that order,
 * because the order matches are found in decides the order of the keys in the evidence.
 */
export interface KeywordIndex {
  /** The categories in the table's order; a category's number is its place here. */
  categories: readonly CollabCategory[];
  /** Per keyword: its category's number. */
  keywordCategory: Uint8Array;
  /** Per keyword: its weight. */
  keywordWeight: Float64Array;
  /**
   * Per keyword: the number of its (category, text) pair. A text counts each pair once; two
   * keywords with the same text in one category would share a number, as they shared a key.
   */
  keywordPair: Int32Array;
  /** How many (category, text) pairs there are. */
  pairCount: number;
  /** Per keyword: the number of its subTag, which is unique to the (category, subTag) pair. */
  keywordTag: Int32Array;
  /** Per subTag number: the subTag. */
  tagNames: readonly string[];
  /** Per subTag number: the number of the category it belongs to. */
  tagCategory: Uint8Array;
  /** Per keyword: its text. */
  keywordText: readonly string[];
  /** The code units of every keyword's text, keyword after keyword, compared in place. */
  keywordCodes: Uint16Array;
  /** Per keyword: where its code units start in `keywordCodes`; one more entry marks the end. */
  keywordCodeStart: Int32Array;
  /**
   * The trie of the first words of the Latin keywords (and of the inflected forms of one-word
   * keywords that take endings), over the 36 symbols `0-9a-z`: `trieChild[node * 36 + symbol]`
   * is the next node, 0 for none (the root, node 0, is nobody's child).
   */
  trieChild: Int32Array;
  /** Per trie node: where its Latin entries start in `latinEntries`. */
  trieEntryStart: Int32Array;
  /** Per trie node: where they end; equal to the start when no keyword's first word ends there. */
  trieEntryEnd: Int32Array;
  /** The Latin entries of all nodes, by node; each is a number into the `latin*` arrays. */
  latinEntries: Int32Array;
  /** Per Latin entry: its keyword. */
  latinKeyword: Int32Array;
  /** Per Latin entry: where the words after its first start in `restWords`. */
  latinRestStart: Int32Array;
  /** Per Latin entry: where they end. */
  latinRestEnd: Int32Array;
  /** Per Latin entry: 1 when its last word (after the first) may take an English ending. */
  latinInflectLast: Uint8Array;
  /** The second and later words of the Latin keywords, entry after entry. */
  restWords: readonly string[];
  /**
   * The Korean keywords by their first syllable: those starting with syllable `0xac00 + s` are
   * `hangulKeywords[hangulStart[s]]` up to `hangulKeywords[hangulStart[s + 1]]`.
   */
  hangulStart: Int32Array;
  /** The Korean keywords' numbers, by first syllable. */
  hangulKeywords: Int32Array;
  /**
   * Per UTF-16 code unit, what the scan does with it: its trie symbol (0–35) for `0-9a-z`,
   * `STARTS_KOREAN` for a syllable some Korean keyword starts with, -1 for everything else. One
   * load per character instead of range tests.
   */
  codeClass: Int8Array;
}

/** The first and last Hangul syllables: Korean keywords are looked up by a syllable in this range. */
export const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The English endings a keyword with `inflect` may take. */
export const ENDINGS: readonly string[] = ["s", "es", "ed", "d", "ing"];

/** The class of a code unit that starts a Korean keyword. */
export const STARTS_KOREAN = 36;

const LATIN = /^[\x20-\x7e]+$/;
const SYMBOLS = 36;

/** The trie symbol of each ASCII code unit: 0–9 for digits, 10–35 for `a-z`, -1 for every other. */
const ASCII_SYMBOL = Int8Array.from({ length: 128 }, (_, code) =>
  code >= 0x61 && code <= 0x7a ? code - 0x61 + 10 : code >= 0x30 && code <= 0x39 ? code - 0x30 : -1,
);

/** The trie symbol of a code unit: 0–9 for digits, 10–35 for `a-z`, -1 for every other. */
export function symbolOf(code: number): number {
  return code < 128 ? (ASCII_SYMBOL[code] as number) : -1;
}

/** Compiles a rule table; the scorer uses the one of `CATEGORY_KEYWORDS`, made at module load. */
export function compileKeywords(
  table: Readonly<Record<CollabCategory, readonly CategoryKeyword[]>>,
): KeywordIndex {
  const categories = Object.keys(table) as CollabCategory[];
  const keywords: Array<{ category: number; keyword: CategoryKeyword }> = [];
  categories.forEach((category, c) => {
    for (const keyword of table[category]) keywords.push({ category: c, keyword });
  });

  const pairs = new Map<string, number>();
  const tags = new Map<string, number>();
  const tagNames: string[] = [];
  const tagCategory: number[] = [];
  const keywordPair: number[] = [];
  const keywordTag: number[] = [];
  for (const { category, keyword } of keywords) {
    const pairKey = `${category}\u0000${keyword.text}`;
    if (!pairs.has(pairKey)) pairs.set(pairKey, pairs.size);
    keywordPair.push(pairs.get(pairKey) as number);
    const tag = keyword.tag ?? keyword.text;
    const tagKey = `${category}\u0000${tag}`;
    if (!tags.has(tagKey)) {
      tags.set(tagKey, tagNames.length);
      tagNames.push(tag);
      tagCategory.push(category);
    }
    keywordTag.push(tags.get(tagKey) as number);
  }

  // Latin keywords: a text's words are the runs of `a-z0-9`, so a keyword is split alike
  // (`on-call` and `a/b` are two words each) and found by its first word, or, for a one-word
  // keyword that takes endings, by any inflected form of it.
  const byForm = new Map<string, number[]>();
  const latinKeyword: number[] = [];
  const latinRestStart: number[] = [];
  const latinRestEnd: number[] = [];
  const latinInflectLast: number[] = [];
  const restWords: string[] = [];
  // Korean keywords match anywhere, particles attached, and are found by their first syllable:
  // each keyword's syllable (its place after HANGUL_FIRST) is kept here, and the keywords are
  // listed by syllable below. A list per syllable, 11,172 of them made and walked at every start,
  // took most of the 26-34 ms this function took.
  const hangulKeyword: number[] = [];
  const hangulSyllable: number[] = [];
  keywords.forEach(({ keyword }, k) => {
    if (!LATIN.test(keyword.text)) {
      const first = keyword.text.charCodeAt(0);
      // A keyword starting with anything but a syllable was never looked up, so it never matches.
      if (first >= HANGUL_FIRST && first <= HANGUL_LAST) {
        hangulKeyword.push(k);
        hangulSyllable.push(first - HANGUL_FIRST);
      }
      return;
    }
    const words = keyword.text.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
    const first = words[0] ?? "";
    const entry = latinKeyword.length;
    latinKeyword.push(k);
    latinRestStart.push(restWords.length);
    restWords.push(...words.slice(1));
    latinRestEnd.push(restWords.length);
    latinInflectLast.push(keyword.inflect === true && words.length > 1 ? 1 : 0);
    const forms =
      words.length === 1 && keyword.inflect === true ? [first, ...ENDINGS.map((e) => first + e)] : [first];
    for (const form of forms) {
      const list = byForm.get(form);
      if (list === undefined) byForm.set(form, [entry]);
      else list.push(entry);
    }
  });

  const child: number[] = new Array<number>(SYMBOLS).fill(0);
  const nodeEntries: number[][] = [[]];
  for (const [form, entries] of byForm) {
    let node = 0;
    for (let i = 0; i < form.length; i++) {
      const slot = node * SYMBOLS + symbolOf(form.charCodeAt(i));
      if (child[slot] === 0) {
        child[slot] = nodeEntries.length;
        nodeEntries.push([]);
        for (let s = 0; s < SYMBOLS; s++) child.push(0);
      }
      node = child[slot] as number;
    }
    // An empty form (a keyword of punctuation only) sits on the root, which no word ends on.
    (nodeEntries[node] as number[]).push(...entries);
  }
  const trieEntryStart: number[] = [];
  const trieEntryEnd: number[] = [];
  const latinEntries: number[] = [];
  for (const entries of nodeEntries) {
    trieEntryStart.push(latinEntries.length);
    latinEntries.push(...entries);
    trieEntryEnd.push(latinEntries.length);
  }

  const keywordCodes: number[] = [];
  const keywordCodeStart: number[] = [];
  for (const { keyword } of keywords) {
    keywordCodeStart.push(keywordCodes.length);
    for (let i = 0; i < keyword.text.length; i++) keywordCodes.push(keyword.text.charCodeAt(i));
  }
  keywordCodeStart.push(keywordCodes.length);

  // The keywords of syllable s are hangulKeywords[hangulStart[s] .. hangulStart[s + 1]], in the
  // table's order: counted by syllable, then placed, in order, after the counts of those before.
  const hangulStart = new Int32Array(HANGUL_LAST - HANGUL_FIRST + 2);
  for (const syllable of hangulSyllable) hangulStart[syllable + 1]!++;
  for (let s = 1; s < hangulStart.length; s++) hangulStart[s]! += hangulStart[s - 1]!;
  const hangulKeywords = new Int32Array(hangulKeyword.length);
  const placed = hangulStart.slice(0, -1);
  hangulKeyword.forEach((k, i) => {
    hangulKeywords[placed[hangulSyllable[i]!]!++] = k;
  });

  const codeClass = new Int8Array(0x10000).fill(-1);
  for (let code = 0; code < 128; code++) codeClass[code] = symbolOf(code);
  for (const syllable of hangulSyllable) codeClass[HANGUL_FIRST + syllable] = STARTS_KOREAN;

  return {
    categories,
    keywordCategory: Uint8Array.from(keywords, (k) => k.category),
    keywordWeight: Float64Array.from(keywords, (k) => k.keyword.weight),
    keywordPair: Int32Array.from(keywordPair),
    pairCount: pairs.size,
    keywordTag: Int32Array.from(keywordTag),
    tagNames,
    tagCategory: Uint8Array.from(tagCategory),
    keywordText: keywords.map((k) => k.keyword.text),
    keywordCodes: Uint16Array.from(keywordCodes),
    keywordCodeStart: Int32Array.from(keywordCodeStart),
    trieChild: Int32Array.from(child),
    trieEntryStart: Int32Array.from(trieEntryStart),
    trieEntryEnd: Int32Array.from(trieEntryEnd),
    latinEntries: Int32Array.from(latinEntries),
    latinKeyword: Int32Array.from(latinKeyword),
    latinRestStart: Int32Array.from(latinRestStart),
    latinRestEnd: Int32Array.from(latinRestEnd),
    latinInflectLast: Uint8Array.from(latinInflectLast),
    restWords,
    hangulStart,
    hangulKeywords,
    codeClass,
  };
}

/** The compiled table of `CATEGORY_KEYWORDS`. */
export const KEYWORD_INDEX: KeywordIndex = compileKeywords(CATEGORY_KEYWORDS);
