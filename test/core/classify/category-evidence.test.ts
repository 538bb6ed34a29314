import { describe, expect, it } from "vitest";
import { CategoryEvidence, EvidenceSource } from "../../../src/core/classify/category-evidence.ts";
import { scoreText } from "../../../src/core/classify/classify-text.ts";

describe("CategoryEvidence", () => {
  it("is what scoring a text gives, whatever found it", () => {
    for (const text of ["배포 후 롤백", "see src/app.ts", "네"])
      expect(CategoryEvidence.safeParse(scoreText(text)).success, text).toBe(true);
  });

  it("names three sources, keywords first", () => {
    expect(EvidenceSource.options).toEqual(["rule", "heuristic", "fallback"]);
    expect(CategoryEvidence.safeParse({ scores: {}, tags: {}, source: "manual" }).success).toBe(false);
  });
});
