import { describe, expect, it } from "vitest";
import { CATEGORY_HEURISTICS } from "../../../src/core/classify/category-heuristics.ts";
import { decideCategory, scoreText } from "../../../src/core/classify/classify-text.ts";

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
