import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../../src/core/category.ts";
import { decideCategory, scoreText } from "../../../src/core/classify/classify-text.ts";
import { GOALS, HUMAN_QUESTIONS, REPLIES, SUBAGENT_TASKS } from "../../../scripts/sample/texts.ts";

describe("the sample's texts", () => {
  it("give every category goals in Korean and in English", () => {
    for (const category of CollabCategory.options) {
      const goals = GOALS[category];
      expect(goals.length, category).toBeGreaterThanOrEqual(2);
      expect(
        goals.some((g) => /[가-힣]/.test(g)),
        category,
      ).toBe(true);
      expect(
        goals.some((g) => /^[\x20-\x7e]+$/.test(g)),
        category,
      ).toBe(true);
    }
  });

  it("hold replies with markdown, a Discord mention and the markers transcripts clean up", () => {
    expect(REPLIES.some((r) => r.includes("\n- "))).toBe(true);
    expect(REPLIES.some((r) => /<@\d+>/.test(r))).toBe(true);
    expect(REPLIES.some((r) => r.includes("[[reply_to_current]]"))).toBe(true);
    expect(REPLIES.some((r) => r.includes("[NO_REPLY_NEEDED]"))).toBe(true);
  });

  it("give subagent jobs distinct labels, and every human question an answer", () => {
    expect(new Set(SUBAGENT_TASKS.map((t) => t.label)).size).toBe(SUBAGENT_TASKS.length);
    for (const { question, answer } of HUMAN_QUESTIONS) {
      expect(question.length).toBeGreaterThan(0);
      expect(answer.length).toBeGreaterThan(0);
    }
  });

  it("give most goals the category they are listed under, as the keyword rules read them", () => {
    let right = 0;
    let all = 0;
    for (const category of CollabCategory.options)
      for (const goal of GOALS[category]) {
        all++;
        if (decideCategory(scoreText(goal)).collabCategory === category) right++;
      }
    expect(right / all).toBeGreaterThanOrEqual(0.9);
  });
});
