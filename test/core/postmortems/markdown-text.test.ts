import { describe, expect, it } from "vitest";
import { cellCode, codeBlock, codeSpan } from "../../../src/core/postmortems/markdown-text.ts";

describe("codeSpan", () => {
  it("fences text in backticks, one longer than any run inside", () => {
    expect(codeSpan("eden")).toBe("`eden`");
    expect(codeSpan("a `b` c")).toBe("``a `b` c``");
    expect(codeSpan("x ``` y")).toBe("````x ``` y````");
  });

  it("pads text that starts or ends with a backtick or a space", () => {
    expect(codeSpan("`x")).toBe("`` `x ``");
    expect(codeSpan(" x ")).toBe("`  x  `");
  });

  it("keeps the text on one line, without control characters, and says — for nothing", () => {
    expect(codeSpan("a\nb\r\nc\u0000d")).toBe("`a b cd`");
    expect(codeSpan("  ")).toBe("—");
  });
});

describe("cellCode", () => {
  it("escapes every | so that a table row is not split", () => {
    expect(cellCode("a|b")).toBe("`a\\|b`");
  });
});

describe("codeBlock", () => {
  it("fences a text with more tildes than any run inside, so no line can close it", () => {
    const text = "line\n~~~~\n```\nend";
    const block = codeBlock(text);
    expect(block.startsWith("~~~~~text\n")).toBe(true);
    expect(block.endsWith("\n~~~~~")).toBe(true);
    expect(block).toContain("\n~~~~\n");
  });
});
