import { afterEach, describe, expect, it, vi } from "vitest";
import type * as Data from "../../src/site/data.ts";
import { tmpTree } from "../helpers/tmp.ts";

const SETTINGS = { locale: "en", base: "/reports/", generatedAt: "2026-03-09T00:00:00.000Z" };
const INDEX = {
  nowMs: Date.parse(SETTINGS.generatedAt),
  sessions: [{ id: "WS-1", segment: "~57~53-1" }],
  tasks: [{ segment: "task_1" }],
  agents: [{ agentId: "Explore", segment: "~45xplore" }],
};

/** A data folder as a build leaves it: settings, index, one session, READY. */
function dataFolder(ready = true): string {
  return tmpTree({
    "settings.json": JSON.stringify(SETTINGS),
    "pages/index.json": JSON.stringify(INDEX),
    "pages/sessions/~57~53-1.json": JSON.stringify({ segment: "~57~53-1", title: "one" }),
    ...(ready ? { "pages/READY": "" } : {}),
  });
}

/** src/site/data.ts afresh, reading the environment given. */
async function load(env: Record<string, string | undefined>): Promise<typeof Data> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return import("../../src/site/data.ts");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the pages' data", () => {
  it("comes from the folder WORKSCOPE_DATA names: settings, the index, shards and which items have pages", async () => {
    const data = await load({ WORKSCOPE_DATA: dataFolder(), WORKSCOPE_PART: undefined });
    expect(data.settings()).toEqual(SETTINGS);
    expect(data.siteIndex().nowMs).toBe(INDEX.nowMs);
    expect(data.sessionShard("~57~53-1")).toEqual({ segment: "~57~53-1", title: "one" });
    expect(data.sessionSegment("WS-1")).toBe("~57~53-1");
    expect(data.sessionSegment("ws-1")).toBeUndefined();
    expect(data.agentSegment("Explore")).toBe("~45xplore");
    expect(data.hasTaskPage("task_1")).toBe(true);
    expect(data.hasTaskPage("task_2")).toBe(false);
    expect(data.ownShare([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("defaults to the data folder of a build with the default --out, .workscope/dist/ in the folder Astro runs in", async () => {
    const data = await load({ WORKSCOPE_DATA: undefined });
    expect(data.dataFolder()).toBe(`${process.cwd()}/.workscope/dist`);
  });

  it("renders only its share of a route's pages in a build's renderer", async () => {
    const data = await load({ WORKSCOPE_DATA: dataFolder(), WORKSCOPE_PART: "1/2" });
    expect(data.ownShare(["a", "b", "c", "d"])).toEqual(["b", "d"]);
  });

  it("says what to do when no build wrote settings, or the page data is not complete", async () => {
    const empty = await load({ WORKSCOPE_DATA: tmpTree(), WORKSCOPE_PART: undefined });
    expect(empty.writtenSettings()).toBeNull();
    expect(() => empty.settings()).toThrow(/npx workscope build/);
    const half = await load({ WORKSCOPE_DATA: dataFolder(false), WORKSCOPE_PART: undefined });
    expect(half.settings().locale).toBe("en");
    expect(() => half.siteIndex()).toThrow(/no complete page data/);
  });
});
