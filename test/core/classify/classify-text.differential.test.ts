import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CategoryEvidence } from "../../../src/core/classify/category-evidence.ts";
import { CATEGORY_KEYWORDS } from "../../../src/core/classify/category-rules.ts";
import * as fast from "../../../src/core/classify/classify-text.ts";
import { textOf } from "../../../src/core/classify/event-category.ts";
import { loadInputs } from "../../../src/ingest/load.ts";
import { silentProgress } from "../../../src/ingest/progress.ts";
import { fuzzSettings } from "../../property/arbitraries.ts";
import * as reference from "./classify-text.reference.ts";

// The scorer over typed arrays must give what the scorer it replaced gave, for every text: the
// same points, subTags and source, with the keys of the evidence in the same order (the order is
// visible in the Report, where a stated category's subTags are the first keys of its tags).

/** A value as text, keys in their order, with -0 and NaN told apart from 0 and null. */
function exact(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "number" && (Number.isNaN(v) || Object.is(v, -0) || !Number.isFinite(v)) ? `number:${v}` : v,
  );
}

/** Checks every public function of the scorer on one text against the reference. */
function expectSame(text: string): void {
  const scored = fast.scoreText(text);
  expect(exact(scored), text).toBe(exact(reference.scoreText(text)));
  expect(exact(fast.scoreText(text, 0.5)), text).toBe(exact(reference.scoreText(text, 0.5)));
  const evidence = fast.evidenceOf(text);
  expect(exact(evidence), text).toBe(exact(reference.evidenceOf(text)));
  expect(exact(fast.decideCategory(evidence)), text).toBe(exact(reference.decideCategory(evidence)));
  for (const category of Object.keys(evidence.scores) as Array<keyof typeof evidence.scores>) {
    expect(fast.topTags(evidence, category), text).toEqual(reference.topTags(evidence, category));
  }
}

/** Checks the merge of many texts' evidence, as a work session merges its messages'. */
function expectSameMerge(texts: readonly string[]): void {
  const parts: CategoryEvidence[] = texts.map((t) => reference.evidenceOf(t));
  const merged = fast.mergeScores(parts);
  expect(exact(merged)).toBe(exact(reference.mergeScores(parts)));
  expect(exact(fast.decideCategory(merged))).toBe(exact(reference.decideCategory(merged)));
}

/** Adds every string inside a value (objects and arrays walked) to `into`. */
function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (typeof value === "object" && value !== null)
    for (const v of Object.values(value)) collectStrings(v, into);
}

const LABELLED = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../fixtures/labelled-messages.json"), "utf8"),
) as Array<{ text: string }>;

describe("the scorer against the reference scorer", () => {
  it("scores every message of the labelled set alike, one by one and merged", () => {
    for (const { text } of LABELLED) expectSame(text);
    expectSameMerge(LABELLED.map((m) => m.text));
    for (let i = 0; i < LABELLED.length; i += 7) expectSameMerge(LABELLED.slice(i, i + 7).map((m) => m.text));
  });

  it("scores every text of the sample's events and tasks alike", async () => {
    const root = path.join(import.meta.dirname, "../../..");
    const input = await loadInputs(["content/sample"], root, () => silentProgress);
    const texts = new Set<string>();
    for (const event of input.events) {
      const text = textOf(event.facts);
      if (text !== null) texts.add(text);
    }
    // Besides the texts classified today, every other string the sample holds: more real texts.
    collectStrings(
      [input.events.map((e) => e.facts), input.taskFiles, input.history, input.currentTasks],
      texts,
    );
    expect(texts.size).toBeGreaterThan(500);
    for (const text of texts) expectSame(text);
    expectSameMerge([...texts]);
  });

  it("scores generated texts of keywords, Hangul, cases, punctuation and surrogate pairs alike", () => {
    const keywords = Object.values(CATEGORY_KEYWORDS).flatMap((list) => list.map((k) => k.text));
    const keyword = fc.constantFrom(...keywords);
    const piece = fc.oneof(
      keyword,
      // A keyword in other cases, or with an English ending, or cut short.
      keyword.map((k) => k.toUpperCase()),
      keyword.map((k) => k[0]?.toUpperCase() + k.slice(1)),
      fc
        .tuple(keyword, fc.constantFrom("s", "es", "ed", "d", "ing", "er", "ings", "ss"))
        .map(([k, e]) => k + e),
      keyword.map((k) => k.slice(0, Math.max(1, k.length - 1))),
      // Keywords run together, so that one overlaps or contains the next.
      fc.tuple(keyword, keyword).map(([a, b]) => a + b),
      fc.constantFrom(
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "-",
        "/",
        ".",
        ",",
        "'",
        "_",
        "[Goal] ",
        "\n[Goal]",
        "```",
      ),
      fc.constantFrom("를", "가", "은", "는", "의", "에서", "하고", "했음", "가나", "힣", "\u3131", "\u1100"),
      fc.constantFrom("İ", "K", "ß", "Σ", "ﬀ", "😀", "\ud83d", "\ude00", "𝐚", "é", "e\u0301", "\u0000"),
      fc.constantFrom("src/app.ts", "503", "OOM", "30%", "$5", "https://docs.example.com", "5원"),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: "grapheme", maxLength: 4 }),
      fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    const textArb = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(textArb, (text) => expectSame(text)),
      { numRuns: fuzzSettings.numRuns * 20, seed: fuzzSettings.seed },
    );
    fc.assert(
      fc.property(fc.array(textArb, { maxLength: 6 }), (texts) => expectSameMerge(texts)),
      { numRuns: fuzzSettings.numRuns * 5, seed: fuzzSettings.seed },
    );
  });

  it("decides, ranks subTags and merges any evidence alike, odd numbers included", () => {
    const points = fc.oneof(
      fc.integer({ min: -3, max: 12 }),
      fc.constantFrom(0.1, 0.2, 0.7, 1e16, 2 ** 53, Infinity, -Infinity, NaN, -0),
      fc.double(),
    );
    const categories = Object.keys(CATEGORY_KEYWORDS);
    const evidenceArb = fc.record({
      scores: fc.dictionary(fc.constantFrom(...categories), points),
      tags: fc.dictionary(
        fc.constantFrom(...categories),
        fc.dictionary(fc.constantFrom("a", "b", "B", "API", "배포", "5xx", "500", "zz", "x"), points),
      ),
      source: fc.constantFrom("rule" as const, "heuristic" as const, "fallback" as const),
    }) as fc.Arbitrary<CategoryEvidence>;
    fc.assert(
      fc.property(fc.array(evidenceArb, { maxLength: 5 }), (parts) => {
        for (const evidence of parts) {
          expect(exact(fast.decideCategory(evidence))).toBe(exact(reference.decideCategory(evidence)));
          for (const category of categories as Array<keyof typeof evidence.scores>) {
            expect(fast.topTags(evidence, category)).toEqual(reference.topTags(evidence, category));
          }
        }
        expect(exact(fast.mergeScores(parts))).toBe(exact(reference.mergeScores(parts)));
      }),
      { numRuns: fuzzSettings.numRuns * 4, seed: fuzzSettings.seed },
    );
  });

  it("adds fractional points in the ranked order, where the order changes the rounded confidence", () => {
    // 9.48 + 8.01 + 48.51… is 66, but 48.51… + 9.48 + 8.01 is 66.00000000000001: 0.74 against 0.73.
    const evidence: CategoryEvidence = {
      scores: { engineering_build: 9.48, infra_ops: 8.01, qa_validation: 48.510000000000005 },
      tags: {},
      source: "rule",
    };
    expect(reference.decideCategory(evidence).categoryConfidence).toBe(0.73);
    expect(fast.decideCategory(evidence)).toEqual(reference.decideCategory(evidence));
  });

  it("scores every keyword alone, inflected, and joined to each other alike", () => {
    const keywords = Object.values(CATEGORY_KEYWORDS).flatMap((list) => list.map((k) => k.text));
    for (const k of keywords) {
      for (const ending of ["", "s", "es", "ed", "d", "ing", "x"]) expectSame(`${k}${ending}`);
      expectSame(`[Goal] ${k}\n${k.toUpperCase()} 그리고 ${k}를`);
    }
    for (let i = 0; i < keywords.length; i++) {
      expectSame(`${keywords[i]} ${keywords[(i * 37) % keywords.length]}`);
      expectSame(`${keywords[i]}${keywords[(i * 53 + 1) % keywords.length]}`);
    }
  });
});
