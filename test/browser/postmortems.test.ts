import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Report } from "../../src/core/report.ts";
import {
  CONTENTIONS_LISTED,
  FLOWS_PER_PAGE,
  WAITS_LISTED,
} from "../../src/core/postmortems/postmortem-index.ts";
import { label, reasonName } from "../../src/core/site/labels.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import { isoWeek } from "../../src/core/weeks.ts";
import { runAnalyze } from "../helpers/run-analyze.ts";
import { launch, type Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { SITE_NOW } from "./global-setup.ts";
import { serveSite } from "./serve.ts";
import { cspViolations, watchViolations } from "./sample-visit.ts";

type Server = Awaited<ReturnType<typeof serveSite>>;
type Flow = Report["blockedFlows"][number];

let session: Session;
let sample: Server;
let hostile: Server;
let empty: Server;
let many: Server;
let report: Report;
let page: Page;

const dirs: string[] = [];

/** Builds a site from the lines of one coordination log. */
function buildSiteOf(lines: readonly object[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "workscope-pm-"));
  dirs.push(dir);
  const logs = path.join(dir, "state", "logs");
  mkdirSync(logs, { recursive: true });
  writeFileSync(
    path.join(logs, "coordination-events.ndjson"),
    lines.map((l) => JSON.stringify(l)).join("\n"),
  );
  const out = path.join(dir, "out");
  execFileSync(
    process.execPath,
    [
      path.resolve("bin/workscope.js"),
      "build",
      path.join(dir, "state"),
      "--out",
      out,
      "--now",
      SITE_NOW,
      "--quiet",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return out;
}

const T0 = 1_772_000_000_000;

/** A log whose one exchange ended well: no blocked flow at all. */
function endedWell(): object[] {
  const data = { fromAgent: "eden", toAgent: "seum", conversationId: "c1", workSessionId: "ws-1" };
  return [
    { type: "a2a.send", agentId: "eden", ts: T0, data: { ...data, message: "배포 점검" } },
    { type: "a2a.response", agentId: "seum", ts: T0 + 10_000, data: { ...data, message: "완료" } },
    { type: "a2a.complete", agentId: "eden", ts: T0 + 11_000, data },
  ];
}

/** How many pairs of overlapping sends to seum, each send timing out, the busy log has. */
const PAIRS = 54;
/** How many sends to seum overlap in its last, longest queue. */
const LONG_QUEUE = 25;

/**
 * A log of a busy agent: PAIRS times two sends to seum that overlap and both time out, then
 * LONG_QUEUE sends that all overlap and time out. More flows than a page holds, more contentions
 * than the list shows, and one contention with more waits than it lists.
 */
function busy(): object[] {
  const lines: object[] = [];
  const exchange = (n: number, sentAt: number, answeredAt: number): void => {
    const data = { fromAgent: `a${n % 7}`, toAgent: "seum", conversationId: `c${n}`, workSessionId: "ws-1" };
    lines.push({ type: "a2a.send", agentId: data.fromAgent, ts: sentAt, data: { ...data, message: "ask" } });
    lines.push({
      type: "a2a.response",
      agentId: "seum",
      ts: answeredAt,
      data: {
        ...data,
        fromAgent: "seum",
        toAgent: data.fromAgent,
        outcome: "blocked",
        waitStatus: "timeout",
      },
    });
  };
  for (let i = 0; i < PAIRS; i++) {
    exchange(2 * i, T0 + i * 60_000, T0 + i * 60_000 + 10_000);
    exchange(2 * i + 1, T0 + i * 60_000 + 1_000, T0 + i * 60_000 + 11_000);
  }
  const start = T0 + PAIRS * 60_000;
  for (let j = 0; j < LONG_QUEUE; j++) exchange(2 * PAIRS + j, start + j * 100, start + 20_000 + j * 100);
  return lines.sort((a, b) => (a as { ts: number }).ts - (b as { ts: number }).ts);
}

beforeAll(async () => {
  sample = await serveSite(inject("sampleSite"));
  hostile = await serveSite(inject("hostileSite"));
  empty = await serveSite(buildSiteOf(endedWell()));
  many = await serveSite(buildSiteOf(busy()));
  session = await launch();
  page = await session.open();
  await page.addInitScript(watchViolations);
  report = JSON.parse((await runAnalyze(["content/sample"], process.cwd(), SITE_NOW)).json) as Report;
}, 240_000);
afterAll(async () => {
  await session.browser.close();
  await Promise.all([sample.close(), hostile.close(), empty.close(), many.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const go = async (server: Server, at: string): Promise<void> => {
  const response = await page.goto(`${server.url}${at}`);
  expect(response?.status(), at).toBe(200);
  expect(await cspViolations(page), at).toEqual([]);
};
const flowOf = (test: (f: Flow) => boolean): Flow => {
  const found = report.blockedFlows.find(test);
  if (found === undefined) throw new Error("the sample has no such flow");
  return found;
};
const flowPage = (flow: Flow): string => `/postmortems/${pathSegment(flow.flowId)}/`;

describe("the postmortem pages of the sample site", () => {
  it("list every blocked flow with counts that agree with the Report", async () => {
    await go(sample, "/postmortems/");
    expect(await page.locator('header nav a[aria-current="page"]').innerText()).toBe(
      label("ko", "postmortems"),
    );
    expect(await page.locator("table.pm-flows tbody tr").count()).toBe(
      Math.min(report.blockedFlows.length, FLOWS_PER_PAGE),
    );
    expect(await page.locator('[data-count="total"]').innerText()).toBe(String(report.blockedFlows.length));
    const reasons = new Map<string, number>();
    for (const f of report.blockedFlows) reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
    expect(await page.locator('table[data-counts="reason"] tbody tr').count()).toBe(reasons.size);
    for (const [reason, count] of reasons) {
      const row = page.locator(`table[data-counts="reason"] tr[data-reason="${reason}"]`);
      expect(await row.locator("td.num").innerText(), reason).toBe(String(count));
      expect(await row.innerText()).toContain(reasonName("ko", reason as Flow["reason"]));
    }
    const weeks = new Map<string, number>();
    for (const f of report.blockedFlows) {
      const week = isoWeek(f.ts, report.timeZone);
      weeks.set(week, (weeks.get(week) ?? 0) + 1);
    }
    for (const [week, count] of weeks)
      expect(await page.locator(`table[data-counts="week"] tr[data-week="${week}"] td.num`).innerText()).toBe(
        String(count),
      );
    expect(await page.locator(".pm-queue").count()).toBe(
      Math.min(report.queueContention.length, CONTENTIONS_LISTED),
    );
  });

  it("show a flow's reason in Korean words, and its raw failure text only folded away", async () => {
    const flow = flowOf((f) => f.reason === "timeout" && f.workSessionId !== undefined);
    await go(sample, flowPage(flow));
    expect(await page.locator(".outcome .badge").innerText()).toBe(reasonName("ko", "timeout"));
    expect(await page.locator(".outcome code").innerText()).toBe("timeout");
    const outside = await page.evaluate(() => {
      const main = document.querySelector("main")?.cloneNode(true) as HTMLElement;
      main.querySelectorAll("details").forEach((d) => d.remove());
      return main.textContent ?? "";
    });
    expect(outside).not.toContain("[outcome] blocked:");
    expect(await page.locator("main details").textContent()).toContain("[outcome] blocked:");
    expect(await page.locator("main details").getAttribute("open")).toBeNull();
    expect(await page.locator("li.pm-step.blocked").count()).toBe(1);
  });

  it("say in words that an orphaned flow is the synchronous-timeout fault's signature", async () => {
    await go(sample, flowPage(flowOf((f) => f.reason === "orphaned")));
    expect(await page.locator(".pm-orphaned").innerText()).toBe(label("ko", "pmOrphaned"));
    expect(await page.locator(".pm-orphaned").innerText()).toContain("sessions_send(timeoutSeconds>0)");
    expect(await page.locator("li.pm-step.wait .badge.blocked").innerText()).toBe(
      label("ko", "pmUnanswered"),
    );
  });

  it("link a flow to its transcript, its session and its postmortem.md, which downloads as text", async () => {
    const flow = flowOf((f) => f.reason === "retry_exhausted" && f.workSessionId !== undefined);
    await go(sample, flowPage(flow));
    const transcript = await page
      .locator("ul.pm-links a", { hasText: label("ko", "pmTranscript") })
      .getAttribute("href");
    expect(transcript).toBe(
      `/sessions/${pathSegment(flow.workSessionId ?? "")}/threads/${pathSegment(flow.threadKey)}/`,
    );
    const markdownHref = await page.locator("ul.pm-links a[download]").getAttribute("href");
    expect(markdownHref).toBe(`${flowPage(flow)}postmortem.md`);
    const response = await page.request.get(`${sample.url}${markdownHref ?? ""}`);
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text.startsWith(`# ${label("ko", "pmTitle")}: ${reasonName("ko", "retry_exhausted")}`)).toBe(true);
    expect(text).toContain(`(${transcript ?? ""})`);
    await go(sample, transcript ?? "");
    await go(sample, flowPage(flow));
    await page.locator("main a", { hasText: label("ko", "pmBack") }).click();
    await page.waitForURL(/\/postmortems\/$/);
  });

  it("link a flow no session took to the transcript of its legacy conversation", async () => {
    const flow = flowOf((f) => f.workSessionId === undefined);
    await go(sample, flowPage(flow));
    const href = await page
      .locator("ul.pm-links a", { hasText: label("ko", "pmTranscript") })
      .getAttribute("href");
    expect(href).toBe(`/quality/threads/${pathSegment(flow.threadKey)}/`);
    expect(await page.locator("dl.facts").first().innerText()).toContain(label("ko", "pmNoSession"));
  });

  it("have no serious accessibility violations (axe-core)", async () => {
    await expectNoSeriousAxeViolations(session, sample.url, [
      "/postmortems/",
      flowPage(flowOf((f) => f.reason === "retry_exhausted")),
      flowPage(flowOf((f) => f.reason === "orphaned")),
    ]);
  });
});

describe("the postmortem pages of other logs", () => {
  it("show hostile log text as text on every flow page of the hostile site", async () => {
    await go(hostile, "/postmortems/");
    const hrefs = await page
      .locator(`table.pm-flows a[href^="/postmortems/"]`)
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBe(await page.locator("table.pm-flows tbody tr").count());
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await go(hostile, href ?? "");
      expect(
        await page.locator("main script, main img, main iframe, main [onerror]").count(),
        href ?? "",
      ).toBe(0);
      const markdown = await page.request.get(`${hostile.url}${href ?? ""}postmortem.md`);
      expect(markdown.status()).toBe(200);
    }
  });

  it("say there is no blocked flow when none was", async () => {
    await go(empty, "/postmortems/");
    expect(await page.locator(".pm-empty").innerText()).toBe(label("ko", "pmNone"));
    expect(await page.locator("table.pm-flows").count()).toBe(0);
  });

  it("page a long list of flows, newest first, with the counts and queue contention on the first page only", async () => {
    const flows = 2 * PAIRS + LONG_QUEUE;
    await go(many, "/postmortems/");
    expect(await page.locator('[data-count="total"]').innerText()).toBe(String(flows));
    expect(await page.locator("table.pm-flows tbody tr").count()).toBe(FLOWS_PER_PAGE);
    expect(await page.locator("nav.pager a[rel=prev]").count()).toBe(0);
    expect(await page.locator("nav.pager a[rel=next]").getAttribute("href")).toBe("/postmortems/page/2/");
    const times = async (): Promise<string[]> =>
      page
        .locator("table.pm-flows tbody time")
        .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
    const first = await times();
    expect(first).toEqual([...first].sort().reverse());
    expect(await page.locator(".pm-queue").count()).toBe(CONTENTIONS_LISTED);
    expect(await page.locator(".pm-queue-cut").innerText()).toBe(
      label("ko", "pmQueueNewestOf")
        .replace("{n}", String(CONTENTIONS_LISTED))
        .replace("{total}", String(PAIRS + 1)),
    );
    const newest = page.locator(".pm-queue").first();
    expect(await newest.locator("tbody tr").count()).toBe(WAITS_LISTED);
    expect(await newest.locator(".pm-waits-cut").innerText()).toBe(
      label("ko", "pmWaitsFirstOf")
        .replace("{n}", String(WAITS_LISTED))
        .replace("{total}", String(LONG_QUEUE)),
    );

    await page.locator("nav.pager a[rel=next]").click();
    await page.waitForURL(/\/postmortems\/page\/2\/$/);
    await go(many, "/postmortems/page/2/");
    expect(await page.locator("h1").innerText()).toContain(`${label("ko", "page")} 2 / 2`);
    expect(await page.locator("table.pm-flows tbody tr").count()).toBe(flows - FLOWS_PER_PAGE);
    const second = await times();
    expect((second[0] ?? "") <= (first.at(-1) ?? "")).toBe(true);
    expect(await page.locator('[data-count="total"]').count()).toBe(0);
    expect(await page.locator(".pm-queue, #pm-queue").count()).toBe(0);
    expect(await page.locator("nav.pager a[rel=next]").count()).toBe(0);
    expect(await page.locator("nav.pager a[rel=prev]").getAttribute("href")).toBe("/postmortems/");
    const href = await page.locator("table.pm-flows tbody a").first().getAttribute("href");
    await go(many, href ?? "");
    await expectNoSeriousAxeViolations(session, many.url, ["/postmortems/", "/postmortems/page/2/"]);
  });

  it("reported no uncaught error, console error or failed request", () => {
    expect(session.errors).toEqual([]);
  });
});
