import { describe, expect, it } from "vitest";
import { CATEGORY_HEURISTICS } from "../../../src/core/classify/category-heuristics.ts";
import { CATEGORY_KEYWORDS } from "../../../src/core/classify/category-rules.ts";
import { decideCategory, mergeScores, scoreText } from "../../../src/core/classify/classify-text.ts";

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

describe("CATEGORY_HEURISTICS", () => {
  const samples: Record<string, string> = {
    "a code block or a source file path": "see src/app/main.ts line 40",
    "an HTTP 5xx status, OOM or a crash": "the worker keeps getting OOM killed",
    "a percentage or a currency figure": "up 12% since Monday",
    "a link to documentation": "https://notion.so/team/setup-1234",
  };
  it.each(CATEGORY_HEURISTICS.map((h) => [h.name, h] as const))("%s", (name, heuristic) => {
    const text = samples[name] ?? "";
    expect(heuristic.test(text)).toBe(true);
    const decision = decideCategory(scoreText(text));
    expect(decision).toMatchObject({ collabCategory: heuristic.category, categorySource: "heuristic" });
    expect(decision.categoryConfidence).toBeLessThanOrEqual(0.6);
  });

  it("has a sample for every row", () => {
    expect(Object.keys(samples).sort()).toEqual(CATEGORY_HEURISTICS.map((h) => h.name).sort());
  });
});

describe("decideCategory", () => {
  it("falls back with low confidence when nothing matches", () => {
    expect(decideCategory(scoreText("네, 알겠습니다."))).toEqual({
      collabCategory: "engineering_build",
      categorySource: "fallback",
      categoryConfidence: 0.1,
      collabSubTags: [],
    });
  });

  it("gives the winner's share of the points as confidence, and its strongest tags first", () => {
    const decision = decideCategory(scoreText("배포 전에 회귀 테스트, 그리고 장애 대응 롤백 계획"));
    expect(decision.collabCategory).toBe("infra_ops");
    expect(decision.categoryConfidence).toBeCloseTo(9 / 15, 2);
    expect(decision.collabSubTags.slice(0, 3)).toEqual(["롤백", "배포", "장애 대응"]);
  });

  it("keeps at most 5 subTags", () => {
    expect(
      decideCategory(scoreText("deploy, rollback, outage, kubernetes, tls, backup, docker")).collabSubTags,
    ).toHaveLength(5);
  });
});

describe("mergeScores", () => {
  it("adds up texts, and lets keyword evidence outrank heuristic evidence", () => {
    const merged = mergeScores([
      scoreText("see src/app.ts"),
      scoreText("회귀 테스트 돌려주세요"),
      scoreText("네"),
    ]);
    expect(merged.source).toBe("rule");
    expect(decideCategory(merged).collabCategory).toBe("qa_validation");
    expect(merged.scores.engineering_build).toBeUndefined();
  });
});
