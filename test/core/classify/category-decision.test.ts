import { describe, expect, it } from "vitest";
import { CategoryDecision, CategorySource } from "../../../src/core/classify/category-decision.ts";
import { decideCategory, scoreText } from "../../../src/core/classify/classify-text.ts";

describe("CategorySource", () => {
  it("orders the sources strongest first: an override, a stated category, then the evidence's", () => {
    expect(CategorySource.options).toEqual(["manual_override", "manual", "rule", "heuristic", "fallback"]);
  });
});

describe("CategoryDecision", () => {
  it("is what decideCategory gives", () => {
    expect(CategoryDecision.safeParse(decideCategory(scoreText("배포 후 롤백"))).success).toBe(true);
  });

  it("holds at most five subTags and a confidence from 0 to 1", () => {
    const decision = {
      collabCategory: "infra_ops",
      categorySource: "rule",
      categoryConfidence: 0.5,
      collabSubTags: [],
    };
    expect(CategoryDecision.safeParse(decision).success).toBe(true);
    expect(CategoryDecision.safeParse({ ...decision, categoryConfidence: 2 }).success).toBe(false);
    expect(
      CategoryDecision.safeParse({ ...decision, collabSubTags: ["a", "b", "c", "d", "e", "f"] }).success,
    ).toBe(false);
  });
});
