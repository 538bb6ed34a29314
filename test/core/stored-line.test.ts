import { describe, expect, it } from "vitest";
import { isLine, lineBytes, type StoredLine } from "../../src/core/stored-line.ts";

describe("lineBytes", () => {
  it("gives held bytes as they are, and asks a stored line for its own", () => {
    const held = new TextEncoder().encode('{"type":"a2a.send"}');
    expect(lineBytes(held)).toBe(held);
    let asked = 0;
    const stored: StoredLine = {
      length: held.length,
      bytes: () => {
        asked++;
        return held;
      },
    };
    expect(lineBytes(stored)).toBe(held);
    expect(asked).toBe(1);
  });
});

describe("isLine", () => {
  it.each([
    ["bytes", new Uint8Array(3), true],
    ["a stored line", { length: 3, bytes: () => new Uint8Array(3) }, true],
    ["a string", "abc", false],
    ["null", null, false],
    ["an array of numbers", [1, 2, 3], false],
    ["an object without bytes()", { length: 3 }, false],
    ["an object without a length", { bytes: () => new Uint8Array(0) }, false],
  ])("takes %s: %s", (_, value, expected) => {
    expect(isLine(value)).toBe(expected);
  });
});
