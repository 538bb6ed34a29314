import { describe, expect, it } from "vitest";
import { NO_PROBLEMS, rejected } from "../../../src/core/formats/normalized.ts";

describe("rejected", () => {
  it("is a line that gave no event, with its one reason", () => {
    expect(rejected("not valid JSON")).toEqual({
      event: null,
      needsTime: false,
      problems: ["not valid JSON"],
    });
  });
});

describe("NO_PROBLEMS", () => {
  it("is empty and cannot be added to, so sharing it between lines is safe", () => {
    expect(NO_PROBLEMS).toEqual([]);
    expect(Object.isFrozen(NO_PROBLEMS)).toBe(true);
    expect(() => (NO_PROBLEMS as string[]).push("x")).toThrow(TypeError);
  });
});
