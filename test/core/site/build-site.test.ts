import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../../src/core/analysis.ts";
import { buildSiteData, SiteData } from "../../../src/core/site/build-site.ts";
import { EVENTS_PER_PAGE } from "../../../src/core/site/events-page.ts";
import { SessionPage } from "../../../src/core/site/session-page.ts";
import { TaskPage } from "../../../src/core/site/task-page.ts";
import { AgentPage } from "../../../src/core/site/agent-page.ts";
import { SiteIndex } from "../../../src/core/site/site-index.ts";
import { analyzeInputs } from "../../../src/ingest/analyze-inputs.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const SAMPLE = path.resolve(import.meta.dirname, "../../../content/sample");
let data: SiteData;
let analysis: Analysis;

beforeAll(async () => {
  analysis = await analyzeInputs([SAMPLE], { cwd: process.cwd(), nowMs: Date.parse(TEST_NOW) });
  data = buildSiteData(analysis);
});

describe("buildSiteData on the sample", () => {
  it("makes values that pass their schemas", () => {
    expect(SiteData.safeParse(data).success).toBe(true);
    expect(SiteIndex.safeParse(data.index).success).toBe(true);
    for (const page of data.sessions) expect(SessionPage.safeParse(page).success).toBe(true);
    for (const page of data.tasks) expect(TaskPage.safeParse(page).success).toBe(true);
    for (const page of data.agents) expect(AgentPage.safeParse(page).success).toBe(true);
  });

  it("gives every session, task and agent its own page, and every thread of a session its own path", () => {
    const { report } = analysis;
    expect(data.sessions.map((p) => p.session.workSessionId)).toEqual(
      report.workSessions.map((s) => s.workSessionId),
    );
    for (const list of [data.sessions, data.tasks, data.agents])
      expect(new Set(list.map((p) => p.segment)).size).toBe(list.length);
    for (const page of data.sessions)
      expect(new Set(page.threadSegments).size).toBe(page.session.threads.length);
    expect(data.index.categories.reduce((n, c) => n + c.count, 0)).toBe(report.workSessions.length);
  });

  it("pages every delegation and orchestration event, a hundred a page, and lists nothing else", () => {
    const listed = analysis.events.filter(
      (e) => e.eventRole === "delegation.subagent" || e.eventRole === "orchestration.task",
    );
    const all = data.events.filter((p) => p.listing === "all");
    expect(all.flatMap((p) => p.rows).map((r) => `${r.ts} ${r.type}`)).toEqual(
      listed.map((e) => `${e.ts} ${e.type}`),
    );
    expect(all.every((p) => p.rows.length <= EVENTS_PER_PAGE)).toBe(true);
    for (const listing of data.index.eventListings) {
      const pages = data.events.filter((p) => p.listing === listing.segment);
      expect(pages).toHaveLength(listing.pages);
      expect(pages.flatMap((p) => p.rows)).toHaveLength(listing.events);
      if (listing.role !== "all")
        expect(pages.flatMap((p) => p.rows).every((r) => r.eventRole === listing.role)).toBe(true);
    }
  });

  it("resolves Discord mentions in the texts it lists", () => {
    const texts = [
      ...data.tasks.flatMap((p) => p.messages.map((m) => m.text)),
      ...data.events.flatMap((p) => p.rows.map((r) => r.summary)),
    ];
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => /<@!?\d+>/.test(t))).toEqual([]);
  });

  it("names the pending human question on its task", () => {
    const pending = data.tasks.filter((p) => p.pendingQuestion !== null);
    expect(pending.map((p) => p.task.taskId)).toEqual(
      analysis.report.tasks
        .filter((t) => t.humanQueries.some((q) => q.answeredMs === undefined))
        .map((t) => t.taskId),
    );
    expect(data.index.tasks.filter((t) => t.pendingQuestion !== null)).toHaveLength(pending.length);
  });
});
