import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/core/report.ts";
import { isPairKey } from "../../src/core/sessions/thread-key.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import type { Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { goTo, leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

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
const countOf = (selector: string): Promise<string> => page.locator(selector).innerText();

/**
 * The newest blocked flow outside every work session: its thread is an inferred conversation, and
 * among the newest its agents' pages list.
 */
const inferredFlow = (): Report["blockedFlows"][number] => {
  const flow = report.blockedFlows
    .filter((f) => isPairKey(f.threadKey))
    .reduce<Report["blockedFlows"][number] | undefined>(
      (a, b) => (a === undefined || b.ts > a.ts ? b : a),
      undefined,
    );
  if (flow === undefined) throw new Error("the sample has no blocked flow outside a work session");
  return flow;
};
const threadUrl = (threadKey: string): string => `/quality/threads/${pathSegment(threadKey)}/`;

describe("the data-quality page of the sample site", () => {
  it("opens, and its counts agree with the Report", async () => {
    await go("/quality/");
    expect(await page.locator("h1").innerText()).toBe("데이터 품질");
    const omitted = (report.input.errorsOmitted ?? []).reduce((sum, o) => sum + o.count, 0);
    expect(await countOf('[data-count="findings"]')).toBe(String(report.input.errors.length + omitted));
    expect(await page.locator("table.q-findings tbody tr").count()).toBe(
      Math.min(report.input.errors.length, 200),
    );
    expect(await countOf('[data-count="duplicates"]')).toBe(String(report.input.duplicates));
    expect(await countOf('[data-count="unattributed"]')).toBe(String(report.unattributed.length));
    const listed = Math.min(report.unattributed.length, 200);
    expect(await page.locator("details.q-unattributed summary").textContent()).toBe(
      `처음 ${listed}개만 보여 줍니다 (전체 ${report.unattributed.length}개)`,
    );
    const byReason = new Map<string, number>();
    for (const u of report.unattributed) byReason.set(u.reasonKey, (byReason.get(u.reasonKey) ?? 0) + 1);
    expect(byReason.size).toBeGreaterThan(0);
    for (const [reason, count] of byReason)
      expect(await countOf(`[data-reason="${reason}"]`), reason).toBe(String(count));
    const fallback = report.workSessions.filter((s) => s.categorySource === "fallback").length;
    expect(await countOf('[data-count="fallback"]')).toContain(`${fallback} / ${report.workSessions.length}`);
    for (const week of report.weeks)
      expect(await countOf(`[data-week="${week.week}"]`)).toBe(`${(week.fallbackRatio * 100).toFixed(1)}%`);
    // The sample's gateway writes one type that no format documents.
    expect(await countOf('[data-unknown-type="gateway.restarted"]')).toBe(
      String(report.unattributed.filter((u) => u.type === "gateway.restarted").length),
    );
    expect(session.errors).toEqual([]);
  });

  it("is where the footer's findings count leads", async () => {
    await go("/");
    const link = page.locator("footer a.findings-link");
    expect(await link.getAttribute("href")).toBe("/quality/");
    expect(await link.innerText()).toContain(String(report.input.errors.length));
    await link.click();
    await page.waitForURL(/\/quality\/$/);
  });

  it("opens an inferred conversation, marked as inferred, linked from the paged list and its agents' pages", async () => {
    const flow = inferredFlow();
    const url = threadUrl(flow.threadKey);
    await go(url);
    expect(await page.locator(".q-inferred-note .badge.inferred").innerText()).toBe("추정");
    const start = Date.parse((await page.locator("p.outcome time").first().getAttribute("datetime")) ?? "");
    expect(await page.locator(".q-inferred-note").innerText()).toContain("30분");
    expect(await page.locator("ol.chat li.bubble").count()).toBeGreaterThan(0);
    // /quality/ counts them and links to their list, a hundred a page; one of its pages links to it.
    await go("/quality/");
    expect(await page.locator("table.q-threads").count()).toBe(0);
    const all = page.locator("section a.q-all-threads");
    expect(await all.getAttribute("href")).toBe("/quality/conversations/");
    const total = Number(await countOf('[data-count="threads"]'));
    expect(total).toBeGreaterThan(100);
    expect(await all.innerText()).toContain(String(total));
    let found = 0;
    let rows = 0;
    const pages = Math.ceil(total / 100);
    for (let n = 1; n <= pages; n++) {
      await go(n === 1 ? "/quality/conversations/" : `/quality/conversations/${n}/`);
      rows += await page.locator("table.q-threads tbody tr").count();
      found += await page.locator(`table.q-threads a[href="${url}"]`).count();
      expect(await page.locator('nav.pager a[rel="next"]').count(), `page ${n}`).toBe(n < pages ? 1 : 0);
    }
    expect([found, rows]).toEqual([1, total]);
    // An agent's page lists its newest fifty, newest first, and links to the whole list past them:
    // the conversation is there unless fifty newer ones of the agent push it out.
    for (const agent of [flow.fromAgent, flow.toAgent]) {
      if (agent === null) continue;
      await go(`/agents/${pathSegment(agent)}/`);
      const starts = await page
        .locator("#agent-legacy-threads ~ table tbody tr td:first-child time")
        .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime") ?? "")));
      expect(starts.length, agent).toBeGreaterThan(0);
      expect(starts.length).toBeLessThanOrEqual(50);
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
      const count = Number(/\((\d+)\)/.exec(await countOf("#agent-legacy-threads"))?.[1]);
      expect(count).toBeGreaterThanOrEqual(starts.length);
      const more = page.locator('#agent-legacy-threads ~ p a[href="/quality/conversations/"]');
      expect(await more.count(), agent).toBe(count > starts.length ? 1 : 0);
      const listed = await page.locator(`#agent-legacy-threads ~ table a[href="${url}"]`).count();
      const oldest = Math.min(...starts);
      if (count === starts.length || start > oldest) expect(listed, agent).toBe(1);
      else if (start < oldest) expect(listed, agent).toBe(0);
    }
    expect(session.errors).toEqual([]);
  });

  it("anchors each transcript turn by its event id, and a link with that anchor scrolls to the turn", async () => {
    // The longest transcript of the sample, in a window low enough that its last turn is below the fold.
    const [ws, thread] = report.workSessions
      .flatMap((s) => s.threads.map((t) => [s, t] as const))
      .reduce((a, b) => (b[1].transcript.length > a[1].transcript.length ? b : a));
    const url = `/sessions/${pathSegment(ws.workSessionId)}/threads/${pathSegment(thread.threadKey)}/`;
    await go(url);
    // Every turn is anchored: bubbles, and a Claude Code thread's tool steps, thinking and compactions.
    const ids = await page.locator("ol.chat > li[id]").evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(thread.transcript.slice(0, 100).map((t) => `e-${pathSegment(t.id)}`));
    const last = ids.at(-1) as string;
    // The turn's time is the link to it.
    expect(await page.locator(`#${last} a.permalink`).getAttribute("href")).toBe(`#${last}`);
    expect(await page.locator(`#${last} a.permalink time`).count()).toBe(1);
    expect(thread.transcript.length).toBeGreaterThan(3);
    await page.setViewportSize({ width: 800, height: 250 });
    // From another page, so that the anchor's URL is a load of its own and not a jump within one.
    await go("/quality/");
    await go(`${url}#${last}`);
    const place = await page.evaluate((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
      return { top, scrolled: window.scrollY, target: document.querySelector(":target")?.id };
    }, last);
    expect(place.target).toBe(last);
    expect(place.scrolled).toBeGreaterThan(0);
    expect(place.top).toBeGreaterThanOrEqual(0);
    expect(place.top).toBeLessThan(250);
    // The inferred conversations carry the same anchors, from the ids the Report lists.
    const flow = inferredFlow();
    await go(threadUrl(flow.threadKey));
    const legacyIds = await page.locator("ol.chat li.bubble").evaluateAll((els) => els.map((e) => e.id));
    const reportIds = new Set(
      report.unattributed.filter((u) => u.threadKey === flow.threadKey).map((u) => `e-${pathSegment(u.id)}`),
    );
    expect(legacyIds.length).toBeGreaterThan(0);
    expect(legacyIds.every((id) => reportIds.has(id))).toBe(true);
  });

  it("has no serious accessibility violations on /quality/ and an inferred conversation (axe-core)", async () => {
    await expectNoSeriousAxeViolations(session, server.url, [
      "/quality/",
      "/quality/conversations/",
      threadUrl(inferredFlow().threadKey),
    ]);
    expect(session.errors).toEqual([]);
  });
});
