import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Report } from "../../src/core/report.ts";
import { label, reasonName } from "../../src/core/site/labels.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import { isoWeek } from "../../src/core/weeks.ts";
import { runAnalyze } from "../helpers/run-analyze.ts";
import { launch, type Session } from "./browser.ts";
import { SITE_NOW } from "./global-setup.ts";
import { serveSite } from "./serve.ts";

type Server = Awaited<ReturnType<typeof serveSite>>;
type Flow = Report["blockedFlows"][number];

let session: Session;
let sample: Server;
let hostile: Server;
let empty: Server;
let emptyDir: string;
let report: Report;
let page: Page;

/** Collects, before any script of the page runs, every Content-Security-Policy violation. */
function watchViolations(): void {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener("securitypolicyviolation", (e) =>
    seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
  );
}

/** Builds a site from a log whose one exchange ended well: no blocked flow at all. */
function buildEmptySite(): string {
  emptyDir = mkdtempSync(path.join(tmpdir(), "workscope-pm-empty-"));
  const logs = path.join(emptyDir, "state", "logs");
  mkdirSync(logs, { recursive: true });
  const data = { fromAgent: "eden", toAgent: "seum", conversationId: "c1", workSessionId: "ws-1" };
  const lines = [
    { type: "a2a.send", agentId: "eden", ts: 1_772_000_000_000, data: { ...data, message: "배포 점검" } },
    { type: "a2a.response", agentId: "seum", ts: 1_772_000_010_000, data: { ...data, message: "완료" } },
    { type: "a2a.complete", agentId: "eden", ts: 1_772_000_011_000, data },
  ];
  writeFileSync(
    path.join(logs, "coordination-events.ndjson"),
    lines.map((l) => JSON.stringify(l)).join("\n"),
  );
  const out = path.join(emptyDir, "out");
  execFileSync(
    process.execPath,
    [
      path.resolve("bin/workscope.js"),
      "build",
      path.join(emptyDir, "state"),
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

beforeAll(async () => {
  sample = await serveSite(inject("sampleSite"));
  hostile = await serveSite(inject("hostileSite"));
  empty = await serveSite(buildEmptySite());
  session = await launch();
  page = await session.open();
  await page.addInitScript(watchViolations);
  report = JSON.parse((await runAnalyze(["content/sample"], process.cwd(), SITE_NOW)).json) as Report;
}, 180_000);
afterAll(async () => {
  await session.browser.close();
  await Promise.all([sample.close(), hostile.close(), empty.close()]);
  rmSync(emptyDir, { recursive: true, force: true });
});

const go = async (server: Server, at: string): Promise<void> => {
  const response = await page.goto(`${server.url}${at}`);
  expect(response?.status(), at).toBe(200);
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    at,
  ).toEqual([]);
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
    expect(await page.locator("table.pm-flows tbody tr").count()).toBe(report.blockedFlows.length);
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
    expect(await page.locator(".pm-queue").count()).toBe(report.queueContention.length);
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
    const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    // axe is injected past the CSP, which would rightly refuse it.
    const axePage = await session.open({ bypassCSP: true });
    for (const at of [
      "/postmortems/",
      flowPage(flowOf((f) => f.reason === "retry_exhausted")),
      flowPage(flowOf((f) => f.reason === "orphaned")),
    ]) {
      await axePage.goto(`${sample.url}${at}`);
      await axePage.evaluate(axeSource);
      const violations = await axePage.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
            };
          }
        ).axe;
        const result = await axe.run();
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations, at).toEqual([]);
    }
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

  it("reported no uncaught error, console error or failed request", () => {
    expect(session.errors).toEqual([]);
  });
});
