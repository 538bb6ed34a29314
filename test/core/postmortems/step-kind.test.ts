import { describe, expect, it } from "vitest";
import { STEP_KIND_RULES, STEP_KINDS, stepKindOf } from "../../../src/core/postmortems/step-kind.ts";
import { STEP_NAMES } from "../../../src/core/site/labels.ts";

describe("STEP_KIND_RULES", () => {
  it.each(STEP_KIND_RULES.flatMap((rule) => rule.types.map((type) => [type, rule.kind] as const)))(
    "makes a %s a %s step",
    (type, kind) => {
      expect(stepKindOf({ type }, false)).toBe(kind);
    },
  );

  it("makes the event the flow was judged on a blocked step, whatever its type", () => {
    expect(stepKindOf({ type: "a2a.response" }, true)).toBe("blocked");
    expect(stepKindOf({ type: "a2a.complete" }, true)).toBe("blocked");
  });

  it("makes any other type an other step", () => {
    expect(stepKindOf({ type: "a2a.auto_route" }, false)).toBe("other");
  });

  it.each(STEP_KINDS)("names the %s step in Korean and English", (kind) => {
    expect(STEP_NAMES[kind].ko.trim()).not.toBe("");
    expect(STEP_NAMES[kind].en.trim()).not.toBe("");
  });
});
