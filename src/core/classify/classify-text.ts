import type { CollabCategory } from "../category.ts";
import type { CategoryDecision } from "./category-decision.ts";
import type { CategoryEvidence } from "./category-evidence.ts";
import { CATEGORY_HEURISTICS } from "./category-heuristics.ts";
import { ENDINGS, HANGUL_FIRST, KEYWORD_INDEX, STARTS_KOREAN, symbolOf } from "./keyword-index.ts";

/** When nothing matches, collaboration in these teams is most often building. */
const FALLBACK_CATEGORY: CollabCategory = "engineering_build";
const FALLBACK_CONFIDENCE = 0.1;
const HEURISTIC_DISCOUNT = 0.6;
const MAX_SUBTAGS = 5;

const INDEX = KEYWORD_INDEX;
const {
  categories: CATEGORIES,
  keywordCategory: KEYWORD_CATEGORY,
  keywordWeight: KEYWORD_WEIGHT,
  keywordPair: KEYWORD_PAIR,
  keywordTag: KEYWORD_TAG,
  tagNames: TAG_NAMES,
  tagCategory: TAG_CATEGORY,
  keywordText: KEYWORD_TEXT,
  keywordCodes: KEYWORD_CODES,
  keywordCodeStart: KEYWORD_CODE_START,
  trieChild: TRIE_CHILD,
  trieEntryStart: TRIE_ENTRY_START,
  trieEntryEnd: TRIE_ENTRY_END,
  latinEntries: LATIN_ENTRIES,
  latinKeyword: LATIN_KEYWORD,
  latinRestStart: LATIN_REST_START,
  latinRestEnd: LATIN_REST_END,
  latinInflectLast: LATIN_INFLECT_LAST,
  restWords: REST_WORDS,
  hangulStart: HANGUL_START,
  hangulKeywords: HANGUL_KEYWORDS,
  codeClass: CODE_CLASS,
} = INDEX;

/**
 * The state of the text being scored, made once and reused: the points per category and per
 * subTag, the order each was first met in (the order of the evidence's keys), and "seen" marks
 * stamped with the number of the current text, so that a new text starts clean without clearing
 * anything. Scoring is synchronous and calls nothing that scores, so one state serves every text.
 */
const pairSeen = new Int32Array(INDEX.pairCount);
const categorySeen = new Int32Array(CATEGORIES.length);
const categoryPoints = new Float64Array(CATEGORIES.length);
const categoryOrder = new Int32Array(CATEGORIES.length);
const tagSeen = new Int32Array(TAG_NAMES.length);
const tagPoints = new Float64Array(TAG_NAMES.length);
const tagOrder = new Int32Array(TAG_NAMES.length);
/** The Korean matches of a text, kept until its Latin matches are counted, as those come first. */
const hangulMatches = new Int32Array(KEYWORD_TEXT.length);
let generation = 0;
let categoriesMet = 0;
let tagsMet = 0;

/** Starts a new text: a new stamp, and nothing met yet. */
function beginText(): void {
  if (generation === 0x7fffffff) {
    generation = 0;
    pairSeen.fill(0);
    categorySeen.fill(0);
    tagSeen.fill(0);
  }
  generation++;
  categoriesMet = 0;
  tagsMet = 0;
}

/** Counts a keyword once per text, however often it appears. */
function count(keyword: number, weight: number): void {
  const pair = KEYWORD_PAIR[keyword] as number;
  if (pairSeen[pair] === generation) return;
  pairSeen[pair] = generation;
  const points = (KEYWORD_WEIGHT[keyword] as number) * weight;
  const category = KEYWORD_CATEGORY[keyword] as number;
  if (categorySeen[category] === generation) {
    categoryPoints[category] = (categoryPoints[category] as number) + points;
  } else {
    categorySeen[category] = generation;
    // Written as a sum from 0, as a first match was added to no points, so -0 comes out as 0.
    categoryPoints[category] = 0 + points;
    categoryOrder[categoriesMet++] = category;
  }
  const tag = KEYWORD_TAG[keyword] as number;
  if (tagSeen[tag] === generation) {
    tagPoints[tag] = Math.max(tagPoints[tag] as number, points);
  } else {
    tagSeen[tag] = generation;
    tagPoints[tag] = Math.max(0, points);
    tagOrder[tagsMet++] = tag;
  }
}

/** True when the text's word `lower[start, end)` is `stem`, or `stem` with an allowed ending. */
function wordMatches(lower: string, start: number, end: number, stem: string, inflect: boolean): boolean {
  const length = end - start;
  if (length < stem.length || (length !== stem.length && !inflect)) return false;
  if (!lower.startsWith(stem, start)) return false;
  if (length === stem.length) return true;
  for (const ending of ENDINGS) {
    if (ending.length === length - stem.length && lower.startsWith(ending, start + stem.length)) return true;
  }
  return false;
}

/**
 * True when the words after a Latin keyword's first, found from `from` on, are the keyword's
 * next words. A word is a run of `a-z0-9`; anything else between two words (spaces, punctuation,
 * Hangul, line breaks) only separates them.
 */
function restMatches(lower: string, from: number, entry: number): boolean {
  const last = (LATIN_REST_END[entry] as number) - 1;
  let at = from;
  for (let w = LATIN_REST_START[entry] as number; w <= last; w++) {
    while (at < lower.length && symbolOf(lower.charCodeAt(at)) < 0) at++;
    if (at === lower.length) return false;
    const start = at;
    while (at < lower.length && symbolOf(lower.charCodeAt(at)) >= 0) at++;
    const inflect = w === last && LATIN_INFLECT_LAST[entry] === 1;
    if (!wordMatches(lower, start, at, REST_WORDS[w] as string, inflect)) return false;
  }
  return true;
}

/**
 * Finds the keywords of a text in one pass and counts them. Latin keywords match whole words:
 * each word walks the trie of first words. Korean keywords match anywhere: each syllable looks up
 * the keywords it starts. All Latin matches are counted before the Korean ones, in the order they
 * are found, since that order is the order of the evidence's keys.
 */
function scan(lower: string, weight: number): void {
  let hangulFound = 0;
  const length = lower.length;
  let i = 0;
  while (i < length) {
    const code = lower.charCodeAt(i);
    const kind = CODE_CLASS[code] as number;
    if (kind < 0) {
      i++;
      continue;
    }
    if (kind < STARTS_KOREAN) {
      // A word: walk the trie as far as it goes (0: no first word is spelled so), then to its end.
      let node = TRIE_CHILD[kind] as number;
      i++;
      while (i < length) {
        const symbol = CODE_CLASS[lower.charCodeAt(i)] as number;
        if (symbol < 0 || symbol >= STARTS_KOREAN) break;
        if (node > 0) node = TRIE_CHILD[node * 36 + symbol] as number;
        i++;
      }
      if (node > 0) {
        const end = TRIE_ENTRY_END[node] as number;
        for (let e = TRIE_ENTRY_START[node] as number; e < end; e++) {
          const entry = LATIN_ENTRIES[e] as number;
          const rest = LATIN_REST_START[entry] !== LATIN_REST_END[entry];
          if (!rest || restMatches(lower, i, entry)) count(LATIN_KEYWORD[entry] as number, weight);
        }
      }
      continue;
    }
    const s = code - HANGUL_FIRST;
    const end = HANGUL_START[s + 1] as number;
    for (let h = HANGUL_START[s] as number; h < end; h++) {
      const keyword = HANGUL_KEYWORDS[h] as number;
      if (pairSeen[KEYWORD_PAIR[keyword] as number] === generation) continue;
      // The first syllable is the one looked up; the rest is compared code unit by code unit.
      const to = KEYWORD_CODE_START[keyword + 1] as number;
      let k = (KEYWORD_CODE_START[keyword] as number) + 1;
      if (i + to - k >= length) continue;
      let at = i + 1;
      while (k < to && lower.charCodeAt(at) === KEYWORD_CODES[k]) {
        k++;
        at++;
      }
      if (k === to) {
        // Marked now so a repeat is not kept twice; counted after the Latin matches.
        pairSeen[KEYWORD_PAIR[keyword] as number] = generation;
        hangulMatches[hangulFound++] = keyword;
      }
    }
    i++;
  }
  for (let h = 0; h < hangulFound; h++) {
    const keyword = hangulMatches[h] as number;
    pairSeen[KEYWORD_PAIR[keyword] as number] = 0;
    count(keyword, weight);
  }
}

/** Scores one text against the rule table, then, if nothing matched, the heuristics. */
export function scoreText(text: string, weight = 1): CategoryEvidence {
  beginText();
  scan(text.toLowerCase(), weight);
  return categoriesMet > 0 ? ruleEvidence() : heuristicEvidence(text, weight);
}

/** The evidence of a text no keyword matched: the heuristics it shows, or the fallback. */
function heuristicEvidence(text: string, weight: number): CategoryEvidence {
  const result: CategoryEvidence = { scores: {}, tags: {}, source: "fallback" };
  for (const heuristic of CATEGORY_HEURISTICS) {
    if (heuristic.test(text)) {
      result.scores[heuristic.category] = (result.scores[heuristic.category] ?? 0) + weight;
      result.source = "heuristic";
    }
  }
  return result;
}

/**
 * The evidence of the keywords the current text matched: categories in the order they were first
 * matched, each with its subTags in the order they were first matched.
 */
function ruleEvidence(): CategoryEvidence {
  const result: CategoryEvidence = { scores: {}, tags: {}, source: "rule" };
  for (let c = 0; c < categoriesMet; c++) {
    const category = categoryOrder[c] as number;
    const name = CATEGORIES[category] as CollabCategory;
    result.scores[name] = categoryPoints[category] as number;
    const tags: Record<string, number> = {};
    for (let t = 0; t < tagsMet; t++) {
      const tag = tagOrder[t] as number;
      if (TAG_CATEGORY[tag] === category) tags[TAG_NAMES[tag] as string] = tagPoints[tag] as number;
    }
    result.tags[name] = tags;
  }
  return result;
}

/** Adds the scores of several texts together (a work session's messages, for one). */
export function mergeScores(parts: readonly CategoryEvidence[]): CategoryEvidence {
  const total: CategoryEvidence = { scores: {}, tags: {}, source: "fallback" };
  for (const part of parts) {
    if (part.source === "fallback") continue;
    // Keyword evidence outranks heuristic evidence: once any text matched a keyword, heuristics no longer count.
    if (part.source === "heuristic" && total.source === "rule") continue;
    if (part.source === "rule" && total.source === "heuristic") {
      total.scores = {};
      total.tags = {};
    }
    total.source = part.source;
    // for…in walks the keys in the order Object.entries would, without making an array of pairs.
    for (const key in part.scores) {
      const category = key as CollabCategory;
      total.scores[category] = (total.scores[category] ?? 0) + (part.scores[category] as number);
      const partTags = part.tags[category];
      for (const tag in partTags) {
        const tags = (total.tags[category] ??= {});
        tags[tag] = Math.max(tags[tag] ?? 0, partTags[tag] as number);
      }
    }
  }
  return total;
}

/**
 * The decision some evidence gives: the highest score wins (ties go to the category the rule
 * table lists first); confidence is the winner's share of all points, discounted for heuristics.
 */
export function decideCategory(evidence: CategoryEvidence): CategoryDecision {
  // One walk finds the winner: the first category no other ranks before, which is the one a
  // stable sort by (points, descending; place in the table) would put first.
  const scores = evidence.scores;
  let category: CollabCategory | null = null;
  let top = 0;
  let total = 0;
  let integers = true;
  for (const key in scores) {
    const points = scores[key as CollabCategory] as number;
    if (!(points > 0)) continue;
    total += points;
    if (!Number.isInteger(points)) integers = false;
    if (
      category === null ||
      (top - points || CATEGORIES.indexOf(key as CollabCategory) - CATEGORIES.indexOf(category)) < 0
    ) {
      category = key as CollabCategory;
      top = points;
    }
  }
  if (evidence.source === "fallback" || category === null) {
    return {
      collabCategory: FALLBACK_CATEGORY,
      categorySource: "fallback",
      categoryConfidence: FALLBACK_CONFIDENCE,
      collabSubTags: [],
    };
  }
  // A sum of safe integers is exact in any order; other points are added in the ranked order,
  // as they always were, so that rounding comes out the same.
  if (!integers || total > Number.MAX_SAFE_INTEGER) total = rankedTotal(scores);
  const share = top / total;
  return {
    collabCategory: category,
    categorySource: evidence.source,
    categoryConfidence: round(evidence.source === "heuristic" ? share * HEURISTIC_DISCOUNT : share),
    collabSubTags: topTags(evidence, category),
  };
}

/** The sum of the positive points, added strongest first (then in the table's order). */
function rankedTotal(scores: CategoryEvidence["scores"]): number {
  const entries = (Object.entries(scores) as Array<[CollabCategory, number]>).filter(
    ([, points]) => points > 0,
  );
  entries.sort(([a, x], [b, y]) => y - x || CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));
  return entries.reduce((sum, [, points]) => sum + points, 0);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A category's subTags in some scores, strongest first (then by name), at most 5. */
export function topTags(scored: CategoryEvidence, category: CollabCategory): string[] {
  const tags = scored.tags[category] ?? {};
  const names: string[] = [];
  for (const tag in tags) names.push(tag);
  // The same comparisons on the same keys in the same order as a sort of [tag, weight] pairs.
  if (names.length > 1)
    names.sort((a, b) => (tags[b] as number) - (tags[a] as number) || (a < b ? -1 : a > b ? 1 : 0));
  if (names.length > MAX_SUBTAGS) names.length = MAX_SUBTAGS;
  return names;
}

/** Scores a message, counting its `[Goal] …` line twice: the goal says the most. */
export function evidenceOf(text: string): CategoryEvidence {
  // The pattern needs the literal `[Goal]`, so a text without it skips the pattern's scan.
  const goal = text.includes("[Goal]") ? /^\[Goal\]\s*(.+)$/m.exec(text)?.[1] : undefined;
  const scored = scoreText(text);
  if (goal === undefined) return scored;
  beginText();
  scan(goal.toLowerCase(), 1);
  if (categoriesMet > 0) {
    // The goal matched keywords: its points are added straight from the scorer's state.
    if (scored.source !== "rule") return scored;
    for (let c = 0; c < categoriesMet; c++) {
      const category = categoryOrder[c] as number;
      const name = CATEGORIES[category] as CollabCategory;
      scored.scores[name] = (scored.scores[name] ?? 0) + (categoryPoints[category] as number);
    }
    return scored;
  }
  if (scored.source === "rule") return scored;
  const goalScores = heuristicEvidence(goal, 1);
  if (goalScores.source !== scored.source) return scored;
  for (const key in goalScores.scores) {
    const category = key as CollabCategory;
    scored.scores[category] = (scored.scores[category] ?? 0) + (goalScores.scores[category] as number);
  }
  return scored;
}
