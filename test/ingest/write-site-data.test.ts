import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteData, SiteShards } from "../../src/core/site/build-site.ts";
import type { SiteIndex } from "../../src/core/site/site-index.ts";
import { WRITES_IN_FLIGHT, writeSiteData } from "../../src/ingest/write-site-data.ts";
import { siteDataShards } from "../helpers/site-data-shards.ts";
import { tmpTree } from "../helpers/tmp.ts";

const data = {
  index: { generatedAt: "x" },
  sessions: [{ segment: "ws-1" }, { segment: "~2E~2E~2Fup" }],
  tasks: [{ segment: "task_1" }],
  agents: [{ segment: "main" }],
  events: [
    { listing: "all", page: 1, rows: [{ id: "a" }] },
    { listing: "all", page: 2, rows: [] },
    { listing: "orchestration.task", page: 1, rows: [] },
  ],
  families: [{ family: "reports", index: { weeks: 1 }, pages: [{ segment: "2026-W10", page: { w: 10 } }] }],
} as unknown as SiteData;

describe("writeSiteData", () => {
  it("writes the index and one shard per page under pages/, each in its family's folder, and READY last", async () => {
    const folder = tmpTree({ "settings.json": "{}", "pages/stale.json": "{}" });
    await writeSiteData(folder, siteDataShards(data));
    const dir = path.join(folder, "pages");
    expect(JSON.parse(readFileSync(path.join(dir, "index.json"), "utf8"))).toEqual({ generatedAt: "x" });
    expect(readdirSync(path.join(dir, "sessions")).sort()).toEqual(["ws-1.json", "~2E~2E~2Fup.json"]);
    expect(JSON.parse(readFileSync(path.join(dir, "sessions", "ws-1.json"), "utf8"))).toEqual({
      segment: "ws-1",
    });
    expect(readdirSync(path.join(dir, "tasks"))).toEqual(["task_1.json"]);
    expect(readdirSync(path.join(dir, "agents"))).toEqual(["main.json"]);
    expect(readdirSync(path.join(dir, "events", "orchestration.task"))).toEqual(["1.json"]);
    expect(readdirSync(path.join(dir, "events", "all")).sort()).toEqual(["1.json", "2.json"]);
    expect(JSON.parse(readFileSync(path.join(dir, "events", "all", "1.json"), "utf8"))).toEqual([
      { id: "a" },
    ]);
    expect(JSON.parse(readFileSync(path.join(dir, "reports.json"), "utf8"))).toEqual({ weeks: 1 });
    expect(JSON.parse(readFileSync(path.join(dir, "reports", "2026-W10.json"), "utf8"))).toEqual({ w: 10 });
    expect(existsSync(path.join(dir, "stale.json"))).toBe(false);
    expect(existsSync(path.join(dir, "READY"))).toBe(true);
    // The page data of an earlier build goes; the build's settings beside it stay.
    expect(existsSync(path.join(folder, "settings.json"))).toBe(true);
  });

  it("takes a shard from the stream only when a write in flight is done, and writes the index after the last", async () => {
    const folder = tmpTree();
    const sessions = path.join(folder, "pages", "sessions");
    /** For each shard taken: how many shard files were on disk then, and whether the index was. */
    const taken: { written: number; index: boolean }[] = [];
    const index = { nowMs: 1 } as unknown as SiteIndex;
    function* stream(): SiteShards {
      for (let i = 0; i < 5 * WRITES_IN_FLIGHT; i++) {
        taken.push({
          written: existsSync(sessions) ? readdirSync(sessions).length : 0,
          index: existsSync(path.join(folder, "pages", "index.json")),
        });
        yield { file: { kind: "session", segment: `ws-${i}` }, value: { i } } as never;
      }
      return index;
    }
    expect(await writeSiteData(folder, stream())).toBe(index);
    // The k-th shard is taken only once all but WRITES_IN_FLIGHT of the shards before it are written.
    expect(taken.filter(({ written }, k) => k - written > WRITES_IN_FLIGHT)).toEqual([]);
    expect(taken.some((t) => t.index)).toBe(false);
    expect(readdirSync(sessions)).toHaveLength(5 * WRITES_IN_FLIGHT);
    expect(JSON.parse(readFileSync(path.join(sessions, "ws-7.json"), "utf8"))).toEqual({ i: 7 });
    expect(JSON.parse(readFileSync(path.join(folder, "pages", "index.json"), "utf8"))).toEqual({ nowMs: 1 });
    expect(existsSync(path.join(folder, "pages", "READY"))).toBe(true);
  });

  it("writes no READY when the stream fails, so that no renderer reads a partial folder", async () => {
    const folder = tmpTree();
    function* stream(): SiteShards {
      yield { file: { kind: "task", segment: "task_1" }, value: {} } as never;
      throw new Error("a builder failed");
    }
    await expect(writeSiteData(folder, stream())).rejects.toThrow("a builder failed");
    expect(existsSync(path.join(folder, "pages", "READY"))).toBe(false);
    expect(existsSync(path.join(folder, "pages", "index.json"))).toBe(false);
  });
});
