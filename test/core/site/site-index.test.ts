import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../../src/core/category.ts";
import { SiteIndex, siteIndex } from "../../../src/core/site/site-index.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { agent, analysis, task, workSession } from "./fixtures.ts";

describe("siteIndex", () => {
  const data = analysis({
    input: { files: [], events: 12, duplicates: 2, errors: [] },
    workSessions: [
      workSession("ws-2", { collabCategory: "qa_validation" }),
      workSession("ws-1", { collabCategory: "qa_validation" }),
      workSession("ws-0", { collabCategory: "biz_strategy" }),
    ],
    tasks: [task("task_a")],
    agents: [agent("main")],
  });
  const listings = [{ role: "all" as const, segment: "all", events: 0, pages: 1 }];
  const index = siteIndex(data.report, siteLookups(data), listings);

  it("passes its schema and says when the Report was made, as epoch ms", () => {
    expect(SiteIndex.safeParse(index).success).toBe(true);
    expect(index.nowMs).toBe(Date.parse("2026-03-09T00:00:00.000Z"));
  });

  it("counts the events and findings the footer shows, and sessions per category in the fixed order of the ten", () => {
    expect([index.events, index.findings]).toEqual([12, 0]);
    expect(index.categories.map((c) => c.category)).toEqual(CollabCategory.options);
    expect(index.categories.filter((c) => c.count > 0)).toEqual([
      { category: "qa_validation", count: 2 },
      { category: "biz_strategy", count: 1 },
    ]);
  });

  it("lists every card in the Report's order, and the events listings", () => {
    expect(index.sessions.map((s) => s.id)).toEqual(["ws-2", "ws-1", "ws-0"]);
    expect(index.tasks.map((t) => t.taskId)).toEqual(["task_a"]);
    expect(index.agents.map((a) => a.agentId)).toEqual(["main"]);
    expect(index.eventListings).toEqual(listings);
  });
});
