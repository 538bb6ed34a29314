import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { Report } from "../../src/core/report.ts";
import { runAnalyze } from "../helpers/run-analyze.ts";
import { launch, type Session } from "./browser.ts";
import { SITE_NOW } from "./global-setup.ts";
import { serveSite } from "./serve.ts";

/** A served site. */
export type Server = Awaited<ReturnType<typeof serveSite>>;

/** What a browser test of the sample site works with: the site served, a page on it, what it was built from. */
export interface SampleVisit {
  /** The Chromium, with the errors its pages reported. */
  session: Session;
  /** The built sample site, served. */
  server: Server;
  /** One page that every test of the file drives; it records CSP violations (`cspViolations`). */
  page: Page;
  /** The Report the site was built from, as `workscope analyze` gives it. */
  report: Report;
  /** The events of `analyze --events`, one NDJSON line each. */
  eventLines: string;
}

/** Collects, before any script of the page runs, every Content-Security-Policy violation. */
export function watchViolations(): void {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener("securitypolicyviolation", (e) =>
    seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
  );
}

/** The CSP violations the open page has seen since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Serves the sample site, opens Chromium on it, and analyzes the sample as the site was built. */
export async function visitSample(): Promise<SampleVisit> {
  const server = await serveSite(inject("sampleSite"));
  const session = await launch();
  const page = await session.open();
  await page.addInitScript(watchViolations);
  const analyzed = await runAnalyze(["content/sample"], process.cwd(), SITE_NOW);
  return { session, server, page, report: JSON.parse(analyzed.json) as Report, eventLines: analyzed.events };
}

/** Closes the browser and the server of a visit. */
export async function leave(visit: Pick<SampleVisit, "session" | "server">): Promise<void> {
  await visit.session.browser.close();
  await visit.server.close();
}

/** Opens a path of a served site on the page, and expects it to be there. */
export async function goTo(page: Page, server: Server, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
}
