import { describe, expect, it } from "vitest";
import { CATEGORY_KEYWORDS } from "../../../src/core/classify/category-rules.ts";
import { scoreText } from "../../../src/core/classify/classify-text.ts";

const rows = Object.entries(CATEGORY_KEYWORDS).flatMap(([category, keywords]) =>
  keywords.map((k) => [category, k.text, k] as const),
);

describe("CATEGORY_KEYWORDS", () => {
  it.each(rows)("%s: %s matches inside a sentence and counts for its category", (category, text) => {
    const scored = scoreText(`오늘 작업: ${text} 관련 논의. (ok)`);
    expect(scored.source).toBe("rule");
    expect(scored.scores[category as keyof typeof scored.scores] ?? 0).toBeGreaterThan(0);
  });

  it("holds only lower-case keywords, none twice in one category", () => {
    for (const keywords of Object.values(CATEGORY_KEYWORDS)) {
      expect(keywords.every((k) => k.text === k.text.toLowerCase())).toBe(true);
      expect(new Set(keywords.map((k) => k.text)).size).toBe(keywords.length);
    }
  });

  it("matches Latin keywords as whole words only: cs is not in docs, test not in latest", () => {
    expect(scoreText("update the docs").scores.customer_community).toBeUndefined();
    expect(scoreText("the latest build").scores.qa_validation).toBeUndefined();
    expect(scoreText("CS 티켓 정리").scores.customer_community).toBeGreaterThan(0);
  });

  it("matches English endings where the keyword allows them", () => {
    expect(scoreText("we deployed it").scores.infra_ops).toBeGreaterThan(0);
    expect(scoreText("all tests pass").scores.qa_validation).toBeGreaterThan(0);
  });

  it("matches Korean keywords inside words, with particles attached", () => {
    expect(scoreText("배포를 미루자").scores.infra_ops).toBeGreaterThan(0);
    expect(scoreText("테스트가 실패").scores.qa_validation).toBeGreaterThan(0);
  });
});
