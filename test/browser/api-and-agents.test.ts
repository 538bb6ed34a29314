import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventsBody } from "../../src/core/api/events.ts";
import { WorkSessionsFile } from "../../src/core/api/work-sessions.ts";
import { CollabCategory } from "../../src/core/category.ts";
import type { Report } from "../../src/core/report.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import type { Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

let visit: SampleVisit;
let session: Session;
let server: Server;
let report: Report;
/** The lines of `analyze --events`, in timeline order. */
let lines: Array<{ id: string; collabCategory: string | null }>;
let page: Page;

beforeAll(async () => {
  visit = await visitSample();
  ({ session, server, page, report } = visit);
  lines = visit.eventLines
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as (typeof lines)[number]);
});
afterAll(() => leave(visit));

/** A file of the site, fetched as a client of the API would, and parsed. */
async function download(path: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as unknown;
}

/** The agent with the most state changes: its page has the fullest swimlane. */
const busiestAgent = (): Report["agents"][number] =>
  [...report.agents].sort((a, b) => b.states.length - a.states.length)[0] as Report["agents"][number];

describe("the static API of the sample site", () => {
  it("serves /api/work-sessions.json in its documented shape, agreeing with the Report", async () => {
    const file = WorkSessionsFile.parse(await download("/api/work-sessions.json"));
    expect(file.totalSessions).toBe(report.workSessions.length);
    expect(file.count).toBe(file.sessions.length);
    expect(file.sessions.map((s) => s.workSessionId)).toEqual(
      report.workSessions.map((s) => s.workSessionId),
    );
    for (const category of CollabCategory.options)
      expect(file.categoryCounts[category], category).toBe(
        report.workSessions.filter((s) => s.collabCategory === category).length,
      );
    const first = report.workSessions[0] as Report["workSessions"][number];
    expect(file.sessions[0]?.threads.map((t) => t.threadKey)).toEqual(first.threads.map((t) => t.threadKey));
    expect(file.sessions[0]?.url).toBe(`/sessions/${pathSegment(first.workSessionId)}/`);
    expect(JSON.stringify(file)).not.toContain('"transcript"');
    expect((await fetch(`${server.url}${file.sessions[0]?.url ?? ""}`)).status).toBe(200);
  });

  it("serves /api/events.json: the newest 500 events, newest first, and categories of all events", async () => {
    const body = EventsBody.parse(await download("/api/events.json"));
    expect([body.total, body.limit, body.count]).toEqual([report.input.events, 500, 500]);
    expect(body.events.map((e) => e.id)).toEqual(
      lines
        .slice(-500)
        .reverse()
        .map((line) => line.id),
    );
    for (const category of CollabCategory.options)
      expect(body.categoryCounts[category], category).toBe(
        lines.filter((line) => line.collabCategory === category).length,
      );
    expect(body.uncategorized).toBe(lines.filter((line) => line.collabCategory === null).length);
  });
});

describe("an agent's page", () => {
  it("draws its states as an SVG swimlane above the table, every span of the table in it", async () => {
    const agent = busiestAgent();
    const response = await page.goto(`${server.url}/agents/${pathSegment(agent.agentId)}/`);
    expect(response?.status()).toBe(200);
    const svg = page.locator('section[aria-labelledby="states"] figure.swimlane svg[role="img"]');
    expect(await svg.count()).toBe(1);
    expect(await svg.getAttribute("aria-label")).toMatch(/^상태 타임라인: /);
    const rows = await page.locator('section[aria-labelledby="states"] table tbody tr').count();
    expect(rows).toBe(agent.states.length);
    const spans = await svg
      .locator("rect")
      .evaluateAll((rects) => rects.map((r) => Number((r as SVGRectElement).dataset["spans"])));
    expect(spans.reduce((a, b) => a + b, 0)).toBe(rows);
    expect(spans.length).toBeLessThanOrEqual(rows);
    expect(await svg.locator("rect > title").count()).toBe(spans.length);
    const lanes = await svg
      .locator("g.lane")
      .evaluateAll((gs) => gs.map((g) => (g as SVGGElement).dataset["state"]));
    expect(new Set(lanes)).toEqual(new Set(agent.states.map((s) => s.state)));
    // The chart comes before the table it draws.
    const order = await page
      .locator('section[aria-labelledby="states"] > *')
      .evaluateAll((els) => els.map((e) => e.tagName.toLowerCase()));
    expect(order.indexOf("figure")).toBeLessThan(order.indexOf("table"));
    expect(await svg.locator("text.tick-label").count()).toBe(5);
  });

  it("has no serious or critical accessibility violation (axe-core)", async () => {
    await expectNoSeriousAxeViolations(session, server.url, [
      `/agents/${pathSegment(busiestAgent().agentId)}/`,
    ]);
  });

  it("reported no uncaught error, console error (CSP included) or failed request", () => {
    expect(session.errors).toEqual([]);
  });
});
