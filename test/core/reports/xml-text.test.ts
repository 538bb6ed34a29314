import { describe, expect, it } from "vitest";
import { xmlText } from "../../../src/core/reports/xml-text.ts";

describe("xmlText", () => {
  it("escapes the five characters XML gives meaning to", () => {
    expect(xmlText(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  });

  it("drops the characters XML 1.0 forbids and keeps tab, line feed and carriage return", () => {
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("");
    expect(xmlText(`a${controls}b\ufffe\uffffc`)).toBe("a\t\n\rbc");
  });

  it("drops a lone surrogate and keeps a pair", () => {
    expect(xmlText("x\ud800y\udc00z")).toBe("xyz");
    expect(xmlText("😀")).toBe("😀");
  });
});
