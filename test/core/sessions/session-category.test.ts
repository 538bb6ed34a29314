import { describe, expect, it } from "vitest";
import { scoreText } from "../../../src/core/classify/classify-text.ts";
import { sessionCategory } from "../../../src/core/sessions/session-category.ts";

const evidence = [scoreText("배포 후 장애 대응"), scoreText("롤백 여부 결정"), scoreText("네")];

describe("sessionCategory", () => {
  it("decides from all conversations together, not the first", () => {
    const first = [scoreText("회의 일정 잡아요"), scoreText("배포 장애 대응"), scoreText("서버 롤백")];
    expect(sessionCategory({ override: undefined, stated: [], evidence: first })).toMatchObject({
      collabCategory: "infra_ops",
      categorySource: "rule",
    });
  });

  it("puts a manual override first, keeping the evidence's tags", () => {
    const decision = sessionCategory({
      override: { collabCategory: "docs_knowledge", updatedAt: "2026-03-01T00:00:00Z" },
      stated: ["qa_validation"],
      evidence,
    });
    expect(decision).toMatchObject({
      collabCategory: "docs_knowledge",
      categorySource: "manual_override",
      categoryConfidence: 1,
    });
  });

  it("puts a category the events state before the rules: the one stated most, earliest on ties", () => {
    expect(
      sessionCategory({
        override: undefined,
        stated: ["qa_validation", "biz_strategy", "biz_strategy"],
        evidence,
      }),
    ).toMatchObject({ collabCategory: "biz_strategy", categorySource: "manual" });
    expect(
      sessionCategory({ override: undefined, stated: ["qa_validation", "biz_strategy"], evidence })
        .collabCategory,
    ).toBe("qa_validation");
  });

  it("falls back when there is no evidence", () => {
    expect(sessionCategory({ override: undefined, stated: [], evidence: [scoreText("네")] })).toMatchObject({
      categorySource: "fallback",
      categoryConfidence: 0.1,
    });
  });
});
