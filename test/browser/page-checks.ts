import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Session } from "./browser.ts";

/** axe-core's script, injected into each page it checks. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The shape of axe-core's answer that the check reads. */
interface AxeWindow {
  /** axe-core, once its script has run in the page. */
  axe: {
    /** Checks the whole page. */
    run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
  };
}

/** The serious and critical violations axe-core finds on the open page, each as `rule (nodes)`. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await (window as unknown as AxeWindow).axe.run();
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.nodes.length})`);
  });
}

/**
 * Opens each path of the site, waits for `ready` when given (charts drawn in the browser, say),
 * and expects axe-core to find no serious or critical violation there, and the pages to report no
 * uncaught error, console error or failed request. The page bypasses the Content-Security-Policy,
 * which would rightly refuse the injected axe script, so CSP violations are for the tests' own
 * pages to catch.
 */
export async function expectNoSeriousAxeViolations(
  session: Session,
  siteUrl: string,
  paths: readonly string[],
  ready?: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await session.open({ bypassCSP: true });
  const errorsBefore = session.errors.length;
  try {
    for (const path of paths) {
      await page.goto(`${siteUrl}${path}`);
      await ready?.(page);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    expect(session.errors.slice(errorsBefore)).toEqual([]);
  } finally {
    await page.context().close();
  }
}
