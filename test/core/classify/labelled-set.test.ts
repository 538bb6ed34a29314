import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../../src/core/category.ts";
import { decideCategory, evidenceOf } from "../../../src/core/classify/classify-text.ts";

const SET = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../../fixtures/labelled-messages.json"), "utf8"),
) as Array<{ category: string; text: string }>;

describe("the labelled set of agent messages", () => {
  it("has at least 100 messages, Korean and English, across all 10 categories", () => {
    expect(SET.length).toBeGreaterThanOrEqual(100);
    expect(new Set(SET.map((m) => m.category))).toEqual(new Set(CollabCategory.options));
    expect(SET.filter((m) => /[가-힣]/.test(m.text)).length).toBeGreaterThan(30);
    expect(SET.filter((m) => !/[가-힣]/.test(m.text)).length).toBeGreaterThan(30);
  });

  it("is classified with at least 90% accuracy (the confusion matrix is printed)", () => {
    const names = CollabCategory.options;
    const matrix = names.map(() => names.map(() => 0));
    let correct = 0;
    for (const { category, text } of SET) {
      const got = decideCategory(evidenceOf(text)).collabCategory;
      const row = matrix[names.indexOf(category as (typeof names)[number])];
      if (row) row[names.indexOf(got)] = (row[names.indexOf(got)] ?? 0) + 1;
      if (got === category) correct++;
    }
    const short = names.map((n) => n.split("_")[0]?.slice(0, 6) ?? n);
    const lines = [
      `accuracy ${correct}/${SET.length} = ${((100 * correct) / SET.length).toFixed(1)}%`,
      `${"".padEnd(20)}${short.map((s) => s.padStart(7)).join("")}`,
    ];
    matrix.forEach((row, i) =>
      lines.push(`${(names[i] ?? "").padEnd(20)}${row.map((n) => String(n).padStart(7)).join("")}`),
    );
    console.log(lines.join("\n"));
    expect(correct / SET.length).toBeGreaterThanOrEqual(0.9);
  });
});
