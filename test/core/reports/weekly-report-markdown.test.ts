import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { absoluteLinks } from "../../../src/core/reports/report-links.ts";
import { weeklyReport, type WeeklyReport } from "../../../src/core/reports/weekly-report.ts";
import { weeklyReportMarkdown } from "../../../src/core/reports/weekly-report-markdown.ts";
import { siteUrls } from "../../../src/site/urls.ts";
import { flow, mainSession, reportOf } from "./fixtures.ts";

const loose = new MarkdownIt({ html: true, linkify: true });

const HOSTILE_TITLE =
  "[x](javascript:alert(1)) <script>alert(1)</script> a|b ![i](https://evil.example/i.png)";

const a = reportOf(
  [
    mainSession("ws-1", "2026-02-24T10:00:00Z", { collabCategory: "infra_ops" }),
    mainSession("ws-2", "2026-03-03T10:00:00Z", {
      title: HOSTILE_TITLE,
      collabSubTags: ["<b>x</b>", "p|q"],
      eventCount: 7,
    }),
    mainSession("ws-3", "2026-03-04T10:00:00Z", { collabCategory: "infra_ops", eventCount: 2 }),
    mainSession("ws-4", "2026-03-04T10:00:00Z", { collabCategory: "infra_ops", eventCount: 1 }),
  ],
  [flow("2026-03-04T12:00:00Z", "ws-3", { fromAgent: "<img src=x onerror=alert(1)>", toAgent: "e|den" })],
  "UTC",
  ["ws-4"],
);
const report = weeklyReport(a.report, a.untitledSessions, "2026-W10") as WeeklyReport;
const relative = weeklyReportMarkdown(report, "en", siteUrls("/team/"));

/** The rows of the first table after a heading. */
function tableAfter(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  const rows: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("|")) rows.push(line);
    else if (rows.length > 0) break;
  }
  return rows;
}

/** The cells of a table row, split at the bars Markdown reads as cell boundaries. */
const cells = (row: string): string[] => row.split(/(?<!\\)\|/).slice(1, -1);

describe("weeklyReportMarkdown", () => {
  it("has a heading that links to the week's page and the headline numbers", () => {
    expect(relative.split("\n")[0]).toBe("# [Weekly report 2026-W10](/team/reports/2026-W10/)");
    expect(relative).toContain("- Period: 2026-03-02 – 2026-03-08 (UTC)");
    expect(relative).toContain("- Work sessions: 3 (Change +2; Previous week 2026-W09: 1)");
    expect(relative).toContain("- Blocked flows: 1");
    expect(relative).toContain("- Fallback share: 0%");
  });

  it("tables every category with its count and change, and the total", () => {
    const rows = tableAfter(relative, "## Categories");
    expect(rows[0]).toBe("| Category | Work sessions | Change |");
    expect(rows).toHaveLength(2 + 10 + 1);
    expect(rows).toContain("| Engineering | 1 | +1 |");
    expect(rows).toContain("| Infra & ops | 2 | +1 |");
    expect(rows.at(-1)).toBe("| **Total** | **3** | **+2** |");
    const html = loose.render(relative);
    expect(html).toMatch(/<table>/);
  });

  it("links the top sessions, the untitled one by the untitled label", () => {
    expect(relative).toContain("- [Session ws-3](/team/sessions/ws-3/) — Archived · 2 events · ws-3");
    expect(relative).toContain("[Untitled collaboration](/team/sessions/ws-4/)");
  });

  it("keeps hostile titles, subTags and agent names as text, and tables whole", () => {
    const html = loose.render(relative);
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript/i);
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/team\//);
    for (const heading of ["## Sub-tags", "## Blocked flows"]) {
      const rows = tableAfter(relative, heading);
      const width = cells(rows[0] as string).length;
      for (const row of rows) expect(cells(row), row).toHaveLength(width);
    }
    // The rendered page shows the hostile texts as they were typed.
    expect(html).toContain(loose.utils.escapeHtml(HOSTILE_TITLE));
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("makes every link absolute when the site's full URL is known", () => {
    const markdown = weeklyReportMarkdown(
      report,
      "en",
      absoluteLinks(siteUrls("/team/"), "https://example.org/team/"),
    );
    const hrefs = [...loose.render(markdown).matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toContain("https://example.org/team/reports/2026-W10/");
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/example\.org\/team\//);
  });

  it("speaks Korean with the Korean labels", () => {
    const ko = weeklyReportMarkdown(report, "ko", siteUrls("/"));
    expect(ko).toContain("# [주간 리포트 2026-W10](/reports/2026-W10/)");
    expect(ko).toContain("| 카테고리 | 워크세션 | 전주 대비 |");
  });

  it("says when the week had no blocked flows and no subTags", () => {
    const quiet = weeklyReportMarkdown(
      { ...report, blockedFlows: [], subTags: [], subTagsTotal: 0 },
      "en",
      siteUrls("/"),
    );
    expect(quiet).toContain("## Blocked flows\n\nNo blocked flows this week.");
    expect(quiet).toContain("## Sub-tags\n\n—");
  });
});
