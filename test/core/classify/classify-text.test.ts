import { describe, expect, it } from "vitest";
import {
  decideCategory,
  evidenceOf,
  mergeScores,
  scoreText,
} from "../../../src/core/classify/classify-text.ts";

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

describe("evidenceOf", () => {
  it("counts a message's [Goal] line twice", () => {
    const plain = scoreText("[Goal] 배포 점검\n회의 일정");
    const goal = evidenceOf("[Goal] 배포 점검\n회의 일정");
    expect(goal.scores.infra_ops).toBe((plain.scores.infra_ops ?? 0) * 2);
    expect(goal.scores.planning_decision).toBe(plain.scores.planning_decision);
  });

  it("scores a message without a goal as scoreText does", () => {
    expect(evidenceOf("배포 후 롤백")).toEqual(scoreText("배포 후 롤백"));
  });
});
