import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import {
  markdownLabel,
  markdownLink,
  markdownText,
  markdownUrl,
  percent,
  signedChange,
} from "../../../src/core/reports/markdown-text.ts";

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
];

describe("markdownText", () => {
  it.each(HOSTILE)("keeps %s as text, opening no link, image or HTML", (text) => {
    const html = loose.renderInline(markdownText(text));
    expect(html).not.toMatch(/<(a|img|script|strong|em|s|code)\b/i);
    // What a reader sees is the text itself, with HTML's own escapes.
    expect(html).toBe(loose.utils.escapeHtml(text));
  });

  it("puts a multi-line text on one line", () => {
    expect(markdownText("a\nb\r\nc\td\u2028e")).toBe("a b c d e");
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

describe("numbers", () => {
  it.each([
    [3, "+3"],
    [-2, "\u22122"],
    [0, "0"],
  ])("a change of %d reads %s", (n, text) => {
    expect(signedChange(n)).toBe(text);
  });

  it.each([
    [0, "0%"],
    [0.333, "33.3%"],
    [1, "100%"],
  ])("a share of %d reads %s", (n, text) => {
    expect(percent(n)).toBe(text);
  });
});
