import { describe, expect, it } from "vitest";
import { TRANSCRIPT_TURN_KINDS } from "../../../src/core/sessions/transcript.ts";
import { compactionTokens, tokenTotal, turnShape } from "../../../src/core/site/turn-view.ts";
import { tokens } from "./claude-fixtures.ts";

describe("turnShape", () => {
  it.each([
    [undefined, "bubble"],
    ["prompt", "bubble"],
    ["answer", "bubble"],
    ["thinking", "thinking"],
    ["tool", "tool"],
    ["compaction", "compaction"],
    ["notice", "notice"],
  ] as const)("draws a turn of kind %s as a %s", (kind, shape) => {
    expect(turnShape(kind === undefined ? {} : { kind })).toBe(shape);
  });

  it("has a shape for every kind of turn", () => {
    for (const kind of TRANSCRIPT_TURN_KINDS) expect(turnShape({ kind })).toBeTruthy();
  });
});

describe("compactionTokens", () => {
  it.each([
    ["context compacted (155000 tokens)", 155_000],
    ["context compacted (155,000 tokens)", 155_000],
    ["Conversation compacted", null],
    ["", null],
  ])("reads %j as %j", (text, n) => {
    expect(compactionTokens(text)).toBe(n);
  });

  it("ignores a number too large to be a count", () => {
    expect(compactionTokens("99999999999999999999 tokens")).toBeNull();
  });
});

describe("tokenTotal", () => {
  it("adds input, output and both cache counts, not the message count", () => {
    expect(tokenTotal(tokens(7))).toBe(120 + 3_400 + 5_000 + 41_000);
  });
});
