import { describe, expect, it } from "vitest";
import { hash64 } from "../../src/core/hash.ts";

describe("hash64", () => {
  it("gives 16 hex digits, the same for the same text", () => {
    expect(hash64("a2a.send")).toMatch(/^[0-9a-f]{16}$/);
    expect(hash64("a2a.send")).toBe(hash64("a2a.send"));
  });

  it("tells apart texts that differ in one character, in length or in order", () => {
    const texts = ["", "a", "b", "ab", "ba", "aa", '{"ts":1}', '{"ts":2}', "배포", "배포를"];
    expect(new Set(texts.map(hash64)).size).toBe(texts.length);
  });

  it("has no collisions over 200,000 similar lines", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(hash64(`{"type":"task.updated","ts":${1739500000000 + i}}`));
    expect(seen.size).toBe(200_000);
  });
});
