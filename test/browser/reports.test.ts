import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollabCategory } from "../../src/core/category.ts";
import type { Report } from "../../src/core/report.ts";
import { WeeklyReport } from "../../src/core/reports/weekly-report.ts";
import { categoryName } from "../../src/core/site/labels.ts";
import type { Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { cspViolations, goTo, leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

let visit: SampleVisit;
let session: Session;
let server: Server;
let report: Report;
let page: Page;

beforeAll(async () => {
  visit = await visitSample();
  ({ session, server, page, report } = visit);
});
afterAll(() => leave(visit));

const go = (path: string): Promise<void> => goTo(page, server, path);

/** The CSP violations the open page has seen. */
const violations = (): Promise<string[]> => cspViolations(page);

/** Fetches a file of the site from inside the page: its status, content type and text. */
const fetchText = (path: string): Promise<{ status: number; type: string; text: string }> =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      text: await response.text(),
    };
  }, path);

describe("the weekly reports of the sample, in Chromium", () => {
  it("lists the sample's four weeks newest first, each linking to its page", async () => {
    await go("/reports/");
    const weeks = await page.locator("table.report-weeks tbody th a").allInnerTexts();
    expect(weeks).toEqual(["2026-W10", "2026-W09", "2026-W08", "2026-W07"]);
    expect(weeks).toEqual(report.weeks.map((w) => w.week).reverse());
    expect(await page.locator("table.report-weeks tbody th a").first().getAttribute("href")).toBe(
      "/reports/2026-W10/",
    );
    expect(
      await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href"),
    ).toBe("/reports/feed.xml");
    expect(await violations()).toEqual([]);
  });

  it("opens a week whose category table agrees with the Report's weeks", async () => {
    for (const held of report.weeks) {
      await go(`/reports/${held.week}/`);
      expect(await page.locator("h1").innerText()).toBe(`주간 리포트 ${held.week}`);
      for (const category of CollabCategory.options) {
        const row = page.locator(`table.report-categories tr[data-category="${category}"]`);
        expect(await row.locator("th").innerText()).toBe(categoryName("ko", category));
        expect(await row.locator("td").first().innerText(), `${held.week} ${category}`).toBe(
          String(held.categoryCounts[category]),
        );
      }
      expect(await page.locator("table.report-categories tfoot td").first().innerText()).toBe(
        String(held.sessions),
      );
      expect(await violations()).toEqual([]);
    }
  });

  it("links the top sessions to their pages", async () => {
    await go("/reports/2026-W10/");
    const link = page.locator(".report-top a").first();
    const href = (await link.getAttribute("href")) as string;
    expect(href).toMatch(/^\/sessions\/[^/]+\/$/);
    await link.click();
    await page.waitForURL(`${server.url}${href}`);
  });

  it("offers report.md and report.json to download, and both parse", async () => {
    await go("/reports/2026-W10/");
    const md = page.locator('a[href="/reports/2026-W10/report.md"]');
    const json = page.locator('a[href="/reports/2026-W10/report.json"]');
    expect(await md.getAttribute("download")).toBe("workscope-2026-W10.md");
    expect(await json.getAttribute("download")).toBe("workscope-2026-W10.json");

    const markdown = await fetchText("/reports/2026-W10/report.md");
    expect(markdown.status).toBe(200);
    expect(markdown.text).toMatch(/^# \[주간 리포트 2026-W10\]\(\/reports\/2026-W10\/\)\n/);
    expect(markdown.text).toMatch(/\n\| 카테고리 \| 워크세션 \| 전주 대비 \|\n\| --- \| ---: \| ---: \|\n/);

    const data = await fetchText("/reports/2026-W10/report.json");
    expect(data.status).toBe(200);
    const parsed = WeeklyReport.parse(JSON.parse(data.text));
    const held = report.weeks.find((w) => w.week === "2026-W10");
    expect(parsed.sessions).toBe(held?.sessions);
  });

  it("has an Atom feed that parses as XML with one entry per week, newest first", async () => {
    await go("/reports/");
    const feed = await fetchText("/reports/feed.xml");
    expect(feed.status).toBe(200);
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const atom = "http://www.w3.org/2005/Atom";
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        titles: [...doc.getElementsByTagNameNS(atom, "entry")].map(
          (e) => e.getElementsByTagNameNS(atom, "title")[0]?.textContent ?? "",
        ),
        links: [...doc.getElementsByTagNameNS(atom, "entry")].map(
          (e) => e.getElementsByTagNameNS(atom, "link")[0]?.getAttribute("href") ?? "",
        ),
      };
    }, feed.text);
    expect(parsed.errors).toBe(0);
    expect(parsed.root).toBe("http://www.w3.org/2005/Atom feed");
    expect(parsed.titles).toEqual(report.weeks.map((w) => `주간 리포트 ${w.week}`).reverse());
    expect(parsed.links[0]).toBe("/reports/2026-W10/");
  });

  it("has no serious accessibility violations (axe-core)", async () => {
    await expectNoSeriousAxeViolations(session, server.url, [
      "/reports/",
      "/reports/2026-W10/",
      "/reports/2026-W08/",
    ]);
  });

  it("reported no uncaught error, console error or failed request on any page", () => {
    expect(session.errors).toEqual([]);
  });
});
