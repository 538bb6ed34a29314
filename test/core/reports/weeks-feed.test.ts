import { describe, expect, it } from "vitest";
import { reportIndex, type ReportIndex } from "../../../src/core/reports/report-index.ts";
import { absoluteLinks } from "../../../src/core/reports/report-links.ts";
import { weeklyReport, type WeeklyReport } from "../../../src/core/reports/weekly-report.ts";
import { weeksFeed } from "../../../src/core/reports/weeks-feed.ts";
import { siteUrls } from "../../../src/site/urls.ts";
import { mainSession, reportOf } from "./fixtures.ts";

/**
 * A strict check that a text is one well-formed XML document: nothing but the declaration before
 * the root, every tag closed in order, attributes quoted, only XML's own entities and character
 * references, and no character XML 1.0 forbids. Returns the elements, as `path/name`, in order.
 */
function parseXml(xml: string): string[] {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  const body = xml.replace(/^<\?xml version="1\.0" encoding="utf-8"\?>\n/, "");
  const stack: string[] = [];
  const elements: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let seenRoot = false;
  for (let m = token.exec(body); m !== null; m = token.exec(body)) {
    const [, closing, name, attributes, selfClosing, text, stray] = m;
    if (stray !== undefined) throw new Error(`a stray < at ${m.index}`);
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== "") throw new Error(`text outside the root: ${text}`);
      for (const entity of text.matchAll(/&([^;]*);?/g))
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(entity[0]))
          throw new Error(`bad entity ${entity[0]}`);
      continue;
    }
    for (const entity of (attributes ?? "").matchAll(/&([^;]*);?/g))
      if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i.test(entity[0]))
        throw new Error(`bad entity ${entity[0]}`);
    if (closing === "/") {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
      continue;
    }
    if (stack.length === 0) {
      if (seenRoot) throw new Error("a second root");
      seenRoot = true;
    }
    elements.push([...stack, name].join("/"));
    if (selfClosing !== "/") stack.push(name as string);
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(", ")}`);
  if (!seenRoot) throw new Error("no root element");
  return elements;
}

const a = reportOf([
  mainSession("ws-1", "2026-02-24T10:00:00Z", { collabCategory: "infra_ops" }),
  mainSession("ws-2", "2026-03-03T10:00:00Z"),
  mainSession("ws-3", "2026-03-10T10:00:00Z"),
]);
const reports = a.report.weeks.map((w) => weeklyReport(a.report, a.untitledSessions, w.week) as WeeklyReport);
const index = reportIndex(reports, a.report.generatedAt, a.report.timeZone);

describe("the strict XML check of this test", () => {
  it.each(["<a><b></a></b>", "<a>x &nbsp; y</a>", "<a>1 < 2</a>", "<a/><b/>", "<a x=1/>", "<a>"])(
    "rejects %s",
    (xml) => {
      expect(() => parseXml(xml)).toThrow();
    },
  );
});

describe("weeksFeed", () => {
  it("is well-formed Atom with one entry per week, newest first", () => {
    const xml = weeksFeed(index, { locale: "en", links: siteUrls("/"), siteUrl: undefined });
    const elements = parseXml(xml);
    expect(elements[0]).toBe("feed");
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">');
    for (const required of ["feed/id", "feed/title", "feed/updated", "feed/author", "feed/link"])
      expect(elements).toContain(required);
    expect(elements.filter((e) => e === "feed/entry")).toHaveLength(3);
    for (const required of ["id", "title", "updated", "link", "summary"])
      expect(elements.filter((e) => e === `feed/entry/${required}`)).toHaveLength(3);
    const titles = [...xml.matchAll(/<title>Weekly report (\S+)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(["2026-W11", "2026-W10", "2026-W09"]);
  });

  it("uses tag: ids and site-relative links without the site's full URL", () => {
    const xml = weeksFeed(index, { locale: "en", links: siteUrls("/team/"), siteUrl: undefined });
    expect(xml).toContain("<id>tag:workscope,2026:reports</id>");
    expect(xml).toContain("<id>tag:workscope,2026:reports/2026-W10</id>");
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="/team/reports/feed.xml"/>');
    expect(xml).toContain('<link rel="alternate" type="text/html" href="/team/reports/2026-W10/"/>');
  });

  it("uses absolute URLs as ids and links with the site's full URL", () => {
    const siteUrl = "https://example.org/team/";
    const xml = weeksFeed(index, {
      locale: "ko",
      links: absoluteLinks(siteUrls("/team/"), siteUrl),
      siteUrl,
    });
    expect(xml).toContain("<id>https://example.org/team/reports/feed.xml</id>");
    expect(xml).toContain("<id>https://example.org/team/reports/2026-W10/</id>");
    expect(xml).not.toContain("tag:");
    expect(xml).toContain("<title>주간 리포트 2026-W10</title>");
  });

  it("dates the feed by the Report's now and a finished week by its end", () => {
    const xml = weeksFeed(index, { locale: "en", links: siteUrls("/"), siteUrl: undefined });
    expect(xml).toContain("  <updated>2026-03-09T00:00:00Z</updated>");
    const updated = [...xml.matchAll(/ {4}<updated>([^<]+)<\/updated>/g)].map((m) => m[1]);
    // W11 is after the Report's now, W10 ends at it, W09 ended a week before.
    expect(updated).toEqual(["2026-03-09T00:00:00Z", "2026-03-09T00:00:00Z", "2026-03-02T00:00:00Z"]);
  });

  it("stays well-formed whatever the words and links hold", () => {
    const hostile = {
      reports: () => '/r/?a=1&b="2"<x>',
      report: (week: string) => `/r/${week}/\u0001'`,
      reportMarkdown: () => "",
      reportJson: () => "",
      reportFeed: () => "/f&.xml",
      session: () => "",
    };
    const weird: ReportIndex = { ...index, generatedAt: index.generatedAt };
    const xml = weeksFeed(weird, { locale: "en", links: hostile, siteUrl: undefined });
    expect(() => parseXml(xml)).not.toThrow();
    expect(xml).toContain('href="/r/?a=1&amp;b=&quot;2&quot;&lt;x&gt;"');
    expect(xml).not.toContain("\u0001");
  });
});
