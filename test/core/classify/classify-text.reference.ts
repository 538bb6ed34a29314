// The scorer of classify-text.ts as it was before it was compiled to typed arrays, kept unchanged
// as the oracle of the differential test: the fast scorer must give this module's results, key
// order included, for every text. Do not optimize or import it from src.
import type { CollabCategory } from "../../../src/core/category.ts";
import type { CategoryDecision } from "../../../src/core/classify/category-decision.ts";
import type { CategoryEvidence } from "../../../src/core/classify/category-evidence.ts";
import { CATEGORY_HEURISTICS } from "../../../src/core/classify/category-heuristics.ts";
import { CATEGORY_KEYWORDS, type CategoryKeyword } from "../../../src/core/classify/category-rules.ts";

/** Appends `value` to the list `map` holds for `key` (a copy of group.ts's, so the oracle stands alone). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** When nothing matches, collaboration in these teams is most often building. */
const FALLBACK_CATEGORY: CollabCategory = "engineering_build";
const FALLBACK_CONFIDENCE = 0.1;
const HEURISTIC_DISCOUNT = 0.6;
const MAX_SUBTAGS = 5;

interface KeywordEntry {
  /** The category the keyword counts for. */
  category: CollabCategory;
  /** The keyword. */
  keyword: CategoryKeyword;
}

/**
 * The rule table arranged for one pass over a text: Latin keywords as sequences of words, looked
 * up by their first word, and Korean keywords by their first syllable. Classification runs on
 * every message ingest reads, so a text is scanned once, not once per keyword.
 */
interface LatinKeyword extends KeywordEntry {
  /** The keyword's words: `on-call` and `a/b` are two words each, as the text is split alike. */
  words: readonly string[];
}

const LATIN = /^[\x20-\x7e]+$/;
const ENDINGS = ["s", "es", "ed", "d", "ing"];
const latinByFirstWord = new Map<string, LatinKeyword[]>();
const koreanByFirstChar = new Map<string, KeywordEntry[]>();
for (const [category, keywords] of Object.entries(CATEGORY_KEYWORDS)) {
  for (const keyword of keywords) {
    const entry = { category: category as CollabCategory, keyword };
    if (LATIN.test(keyword.text)) {
      const words = keyword.text.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
      const first = words[0] ?? "";
      // A one-word keyword's inflected forms are looked up directly, like the word itself.
      const forms =
        words.length === 1 && keyword.inflect ? [first, ...ENDINGS.map((e) => first + e)] : [first];
      for (const form of forms) pushTo(latinByFirstWord, form, { ...entry, words });
    } else {
      const first = keyword.text[0] ?? "";
      pushTo(koreanByFirstChar, first, entry);
    }
  }
}

/** True when `word` is `stem`, or `stem` with an English ending the keyword allows. */
function wordMatches(word: string, stem: string, inflect: boolean): boolean {
  if (word === stem) return true;
  if (!inflect || !word.startsWith(stem)) return false;
  return ENDINGS.includes(word.slice(stem.length));
}

/** Scores one text against the rule table, then, if nothing matched, the heuristics. */
export function scoreText(text: string, weight = 1): CategoryEvidence {
  const lower = text.toLowerCase();
  const result: CategoryEvidence = { scores: {}, tags: {}, source: "fallback" };
  const seen = new Set<string>();
  // Latin keywords match whole words: the text is split on everything but ASCII letters and digits.
  const words = lower.match(/[a-z0-9]+/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    for (const candidate of latinByFirstWord.get(word) ?? NONE) {
      const { words: kw, keyword } = candidate;
      let ok = true;
      for (let j = 1; j < kw.length && ok; j++) {
        const w = words[i + j];
        ok =
          w !== undefined && wordMatches(w, kw[j] as string, keyword.inflect === true && j === kw.length - 1);
      }
      if (ok) count(result, seen, candidate, weight);
    }
  }
  // Korean keywords match anywhere, particles attached.
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (code < 0xac00 || code > 0xd7a3) continue;
    for (const entry of koreanByFirstChar.get(lower[i] as string) ?? []) {
      if (lower.startsWith(entry.keyword.text, i)) count(result, seen, entry, weight);
    }
  }
  if (result.source === "fallback") {
    for (const heuristic of CATEGORY_HEURISTICS) {
      if (heuristic.test(text)) {
        add(result, heuristic.category, weight, null);
        result.source = "heuristic";
      }
    }
  }
  return result;
}

const NONE: LatinKeyword[] = [];

/** Counts a keyword once per text, however often it appears. */
function count(result: CategoryEvidence, seen: Set<string>, entry: KeywordEntry, weight: number): void {
  const key = `${entry.category}\u0000${entry.keyword.text}`;
  if (seen.has(key)) return;
  seen.add(key);
  add(result, entry.category, entry.keyword.weight * weight, entry.keyword.tag ?? entry.keyword.text);
  result.source = "rule";
}

function add(into: CategoryEvidence, category: CollabCategory, points: number, tag: string | null): void {
  into.scores[category] = (into.scores[category] ?? 0) + points;
  if (tag === null) return;
  const tags = (into.tags[category] ??= {});
  tags[tag] = Math.max(tags[tag] ?? 0, points);
}

/** Adds the scores of several texts together (a work session's messages, for one). */
export function mergeScores(parts: readonly CategoryEvidence[]): CategoryEvidence {
  const total: CategoryEvidence = { scores: {}, tags: {}, source: "fallback" };
  for (const part of parts) {
    if (part.source === "fallback") continue;
    // Keyword evidence outranks heuristic evidence: once any text matched a keyword, heuristics no longer count.
    if (part.source === "heuristic" && total.source === "rule") continue;
    if (part.source === "rule" && total.source === "heuristic")
      Object.assign(total, { scores: {}, tags: {} });
    total.source = part.source;
    for (const [category, points] of Object.entries(part.scores) as Array<[CollabCategory, number]>) {
      total.scores[category] = (total.scores[category] ?? 0) + points;
      for (const [tag, w] of Object.entries(part.tags[category] ?? {})) {
        const tags = (total.tags[category] ??= {});
        tags[tag] = Math.max(tags[tag] ?? 0, w);
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
  const entries = (Object.entries(evidence.scores) as Array<[CollabCategory, number]>).filter(
    ([, points]) => points > 0,
  );
  if (evidence.source === "fallback" || entries.length === 0) {
    return {
      collabCategory: FALLBACK_CATEGORY,
      categorySource: "fallback",
      categoryConfidence: FALLBACK_CONFIDENCE,
      collabSubTags: [],
    };
  }
  const order = Object.keys(CATEGORY_KEYWORDS);
  entries.sort(([a, x], [b, y]) => y - x || order.indexOf(a) - order.indexOf(b));
  const [category, top] = entries[0] as [CollabCategory, number];
  const total = entries.reduce((sum, [, points]) => sum + points, 0);
  const share = top / total;
  return {
    collabCategory: category,
    categorySource: evidence.source,
    categoryConfidence: round(evidence.source === "heuristic" ? share * HEURISTIC_DISCOUNT : share),
    collabSubTags: topTags(evidence, category),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A category's subTags in some scores, strongest first (then by name), at most 5. */
export function topTags(scored: CategoryEvidence, category: CollabCategory): string[] {
  return Object.entries(scored.tags[category] ?? {})
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_SUBTAGS)
    .map(([tag]) => tag);
}

/** Scores a message, counting its `[Goal] …` line twice: the goal says the most. */
export function evidenceOf(text: string): CategoryEvidence {
  const goal = /^\[Goal\]\s*(.+)$/m.exec(text)?.[1];
  const scored = scoreText(text);
  if (goal === undefined) return scored;
  const goalScores = scoreText(goal);
  if (goalScores.source !== scored.source) return scored;
  for (const [category, points] of Object.entries(goalScores.scores) as Array<[CollabCategory, number]>) {
    scored.scores[category] = (scored.scores[category] ?? 0) + points;
  }
  return scored;
}
