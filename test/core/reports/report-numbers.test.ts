import { describe, expect, it } from "vitest";
import { percent, signedChange } from "../../../src/core/reports/report-numbers.ts";

describe("signedChange", () => {
  it.each([
    [3, "+3"],
    [-2, "\u22122"],
    [0, "0"],
  ])("a change of %d reads %s", (n, text) => {
    expect(signedChange(n)).toBe(text);
  });
});

describe("percent", () => {
  it.each([
    [0, "0%"],
    [0.333, "33.3%"],
    [1, "100%"],
  ])("a share of %d reads %s", (n, text) => {
    expect(percent(n)).toBe(text);
  });
});
