import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import {
  cellCode,
  codeBlock,
  codeSpan,
  markdownLabel,
  markdownLink,
  markdownText,
  markdownUrl,
} from "../../../src/core/site/markdown-text.ts";

/** A renderer as permissive as any chat or wiki: raw HTML on, bare URLs and domains linked. */
const loose = new MarkdownIt({ html: true, linkify: true });

const HOSTILE = [
  "[x](javascript:alert(1))",
  "![img](https://evil.example/p.png)",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "https://evil.example/path",
  "www.evil.example",
  "see evil.com now",
  "mail me: a@evil.example",
  "<https://evil.example>",
  "&lt;script&gt;",
  "**bold** _it_ ~~gone~~ `code`",
  "[ref]: https://evil.example",
  "$\\huge{x}$",
  "$$x^2$$",
  "x^2^ and H~2~O",
];

/** Characters a control-character filter has to drop: C0, DEL and C1. */
const CONTROLS = ["\u0000", "\u0008", "\u000B", "\u001F", "\u007F", "\u0085", "\u009F"];

describe("markdownText", () => {
  it.each(HOSTILE)("keeps %s as text, opening no link, image or HTML", (text) => {
    const html = loose.renderInline(markdownText(text));
    expect(html).not.toMatch(/<(a|img|script|strong|em|s|code|sup|sub)\b/i);
    // What a reader sees is the text itself, with HTML's own escapes.
    expect(html).toBe(loose.utils.escapeHtml(text));
  });

  it.each([
    ["$", "\\$"],
    ["~", "\\~"],
    ["`", "\\`"],
    ["|", "\\|"],
    ["@", "\\@"],
  ])("escapes %s, which GitHub's Markdown gives a meaning", (char, escaped) => {
    expect(markdownText(`a${char}b`)).toBe(`a${escaped}b`);
  });

  it("escapes the dollars of GitHub's maths, so no formula is drawn", () => {
    expect(markdownText("$\\huge{x}$")).toBe("\\$\\\\huge\\{x\\}\\$");
  });

  it("puts a multi-line text on one line", () => {
    expect(markdownText("a\nb\r\nc\td\u2028e\u2029f")).toBe("a b c d e f");
    expect(markdownText("a\n\n\nb")).toBe("a b");
  });

  it.each(CONTROLS)("drops the control character %j", (control) => {
    expect(markdownText(`a${control}b`)).toBe("ab");
  });

  it("leaves plain words, Korean and version numbers alone", () => {
    expect(markdownText("배포 파이프라인 v1.2 수정")).toBe("배포 파이프라인 v1.2 수정");
  });

  it("escapes a table cell's bar", () => {
    expect(markdownText("a|b")).toBe("a\\|b");
  });
});

describe("markdownLabel", () => {
  it("writes our own words as they are, but for a bar", () => {
    expect(markdownLabel("Infra & ops")).toBe("Infra & ops");
    expect(markdownLabel("a|b")).toBe("a\\|b");
  });
});

describe("markdownUrl and markdownLink", () => {
  it("percent-encodes what could end a link destination", () => {
    expect(markdownUrl("/a b/(c)<d>")).toBe("/a%20b/%28c%29%3Cd%3E");
    expect(markdownUrl("https://team.example/reports/sessions/ws_1~2E/")).toBe(
      "https://team.example/reports/sessions/ws_1~2E/",
    );
  });

  it("links to our URL with the hostile text as the link's text", () => {
    const html = loose.renderInline(markdownLink("[x](javascript:alert(1))", "/sessions/ws-1/"));
    expect(html).toBe('<a href="/sessions/ws-1/">[x](javascript:alert(1))</a>');
  });
});

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
    expect(codeSpan("a\nb\r\nc\u0000d\u2028e")).toBe("`a b cd e`");
    expect(codeSpan("  ")).toBe("—");
  });

  it.each(CONTROLS)("drops the control character %j", (control) => {
    expect(codeSpan(`a${control}b`)).toBe("`ab`");
  });

  it.each(HOSTILE)("keeps %s as code, opening no link, image or HTML", (text) => {
    const html = loose.renderInline(codeSpan(text));
    expect(html).toMatch(/^<code>[^<]*<\/code>$/);
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

  it("keeps the lines and tabs, with plain line endings, and drops control characters", () => {
    expect(codeBlock("a\r\nb\u2028c\td\u0085e\u0000f")).toBe("~~~text\na\nb\nc\tdef\n~~~");
  });

  it("renders as one code block whatever the text holds", () => {
    const html = loose.render(codeBlock("<script>x</script>\n~~~\n[a](javascript:b)"));
    expect(html).toMatch(/^<pre><code class="language-text">[^<]*<\/code><\/pre>\n$/);
  });
});
