import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CollabCategory } from "../../src/core/category.ts";
import { EventRole } from "../../src/core/classify/event-role.ts";
import type { Report } from "../../src/core/report.ts";
import { BLOCKED_REASONS } from "../../src/core/sessions/blocked-reasons.ts";
import { categoryName, reasonName, valueName } from "../../src/core/site/labels.ts";
import { isoWeek } from "../../src/core/weeks.ts";
import type { Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { cspViolations, leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

let visit: SampleVisit;
let session: Session;
let server: Server;
let report: Report;
let events: { ts: number; eventRole: EventRole }[];
let page: Page;
/** The scripts each page loaded, by path, with their size in bytes. */
const scripts = new Map<string, Map<string, number>>();

beforeAll(async () => {
  visit = await visitSample();
  ({ session, server, page, report } = visit);
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const from = new URL(response.frame().url()).pathname;
    void response.body().then((body) => {
      const list = scripts.get(from) ?? new Map<string, number>();
      list.set(new URL(response.url()).pathname, body.length);
      scripts.set(from, list);
    });
  });
  events = visit.eventLines
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { ts: number; eventRole: EventRole });
});
afterAll(() => leave(visit));

const CHARTS = ["drift-categories", "drift-fallback", "drift-roles", "drift-reasons"] as const;

/** Opens the drift page and waits until all four charts are drawn. */
async function openDrift(on: Page = page): Promise<void> {
  const response = await on.goto(`${server.url}/drift/`);
  expect(response?.status()).toBe(200);
  await chartsDrawn(on);
}

/** Waits until every chart of the drift page has been drawn by its island. */
async function chartsDrawn(on: Page): Promise<void> {
  for (const id of CHARTS) await on.waitForSelector(`section[data-chart="${id}"] .recharts-wrapper > svg`);
}

/** One of the page's tables as rows of header → cell text, by the week in the row's header. */
async function table(id: string): Promise<Map<string, Record<string, string>>> {
  const rows = await page.locator(`section[data-chart="${id}"] table`).evaluate((t) => {
    const heads = [...t.querySelectorAll("thead th")].map((th) => th.textContent?.trim() ?? "");
    return [...t.querySelectorAll("tbody tr")].map((tr) =>
      Object.fromEntries([...tr.children].map((cell, i) => [heads[i] ?? "", cell.textContent?.trim() ?? ""])),
    );
  });
  return new Map(rows.map((row) => [row["ISO 주"] ?? "", row]));
}

/** Counts of keys per ISO week of the Report's zone. */
function perWeek<K extends string>(items: readonly { ts: number; key: K }[]): Map<string, Map<K, number>> {
  const weeks = new Map<string, Map<K, number>>();
  for (const { ts, key } of items) {
    const week = isoWeek(ts, report.timeZone);
    const keys = weeks.get(week) ?? new Map<K, number>();
    keys.set(key, (keys.get(key) ?? 0) + 1);
    weeks.set(week, keys);
  }
  return weeks;
}

describe("the drift page, in Chromium", () => {
  it("draws its four charts as SVG, with bars and a line, under the CSP and without an error", async () => {
    await openDrift();
    for (const id of ["drift-categories", "drift-roles", "drift-reasons"])
      expect(
        await page.locator(`section[data-chart="${id}"] .recharts-bar-rectangle`).count(),
        id,
      ).toBeGreaterThan(0);
    expect(await page.locator('section[data-chart="drift-fallback"] path.recharts-line-curve').count()).toBe(
      1,
    );
    // The tooltip is drawn with styles set by the script, which the policy allows.
    await page.locator('section[data-chart="drift-roles"] .recharts-bar-rectangle').first().hover();
    await page.waitForSelector('section[data-chart="drift-roles"] .recharts-tooltip-wrapper li');
    expect(await cspViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute("content");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("tables the Report's sessions per week and category, with their totals", async () => {
    await openDrift();
    const rows = await table("drift-categories");
    expect(report.weeks.length).toBe(4);
    for (const week of report.weeks) {
      const row = rows.get(week.week) as Record<string, string>;
      for (const category of CollabCategory.options) {
        const name = categoryName("ko", category);
        if (name in row)
          expect(row[name], `${week.week} ${category}`).toBe(String(week.categoryCounts[category]));
        else expect(week.categoryCounts[category], `${week.week} ${category}`).toBe(0);
      }
      expect(row["합계"]).toBe(String(week.sessions));
    }
    for (const [week, row] of rows)
      if (!report.weeks.some((w) => w.week === week)) expect(row["합계"], week).toBe("0");
  });

  it("tables the Report's fallback share per week in percent, and a dash where a week has no sessions", async () => {
    await openDrift();
    const rows = await table("drift-fallback");
    for (const [week, row] of rows) {
      const reported = report.weeks.find((w) => w.week === week);
      const shown = reported === undefined ? "—" : String(Math.round(reported.fallbackRatio * 1000) / 10);
      expect(row["폴백 비율 (%)"], week).toBe(shown);
    }
  });

  it("tables the events per week by role, and covers every week an event happened in", async () => {
    await openDrift();
    const rows = await table("drift-roles");
    const expected = perWeek(events.map((e) => ({ ts: e.ts, key: e.eventRole })));
    expect([...rows.keys()].filter((w) => expected.has(w))).toEqual([...expected.keys()].sort());
    for (const [week, counts] of expected) {
      const row = rows.get(week) as Record<string, string>;
      for (const role of EventRole.options)
        expect(row[valueName("ko", role)] ?? "0", `${week} ${role}`).toBe(String(counts.get(role) ?? 0));
      expect(row["합계"]).toBe(String([...counts.values()].reduce((a, b) => a + b, 0)));
    }
  });

  it("tables the blocked flows per week by reason, all ten reasons of the sample", async () => {
    await openDrift();
    const rows = await table("drift-reasons");
    const expected = perWeek(report.blockedFlows.map((f) => ({ ts: f.ts, key: f.reason })));
    expect(new Set(report.blockedFlows.map((f) => f.reason)).size).toBe(BLOCKED_REASONS.length);
    for (const [week, row] of rows) {
      const counts = expected.get(week) ?? new Map();
      for (const reason of BLOCKED_REASONS)
        expect(row[reasonName("ko", reason)], `${week} ${reason}`).toBe(String(counts.get(reason) ?? 0));
    }
    const tabled = [...rows.values()].reduce((sum, row) => sum + Number(row["합계"]), 0);
    expect(tabled).toBe(report.blockedFlows.length);
  });

  it("has no serious or critical accessibility violation (axe-core), charts drawn", async () => {
    await expectNoSeriousAxeViolations(session, server.url, ["/drift/"], chartsDrawn);
  });

  it("loads React only on the drift page, and says how much script that page loads", async () => {
    await openDrift();
    for (const path of ["/", "/sessions/", "/agents/"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("astro-island").count(), path).toBe(0);
    }
    await expect.poll(() => scripts.get("/drift/")?.size ?? 0).toBeGreaterThan(0);
    const drift = scripts.get("/drift/") as Map<string, number>;
    for (const path of ["/", "/sessions/", "/agents/"]) {
      const loaded = [...(scripts.get(path)?.keys() ?? [])];
      expect(
        loaded.filter((file) => drift.has(file)),
        path,
      ).toEqual([]);
    }
    const bytes = [...drift.values()].reduce((a, b) => a + b, 0);
    console.info(`/drift/ loads ${drift.size} scripts, ${bytes} bytes`);
    // recharts, React and its DOM renderer, minified and not compressed: a ceiling, so that it
    // cannot grow unnoticed.
    expect(bytes).toBeLessThan(650_000);
  });

  it("reported no uncaught error, console error or failed request", () => {
    expect(session.errors).toEqual([]);
  });
});
