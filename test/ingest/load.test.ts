import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lineBytes } from "../../src/core/stored-line.ts";
import { DeferredEvents } from "../../src/ingest/deferred-events.ts";
import { FileChangedError } from "../../src/ingest/file-bytes.ts";
import { loadInputs } from "../../src/ingest/load.ts";
import { silentProgress } from "../../src/ingest/progress.ts";
import { tmpTree } from "../helpers/tmp.ts";

const line = (ts: number) => JSON.stringify({ type: "a2a.send", agentId: "eden", ts, data: {} });
const load = (dir: string, inputs = ["."]) => loadInputs(inputs, dir, () => silentProgress);

describe("loadInputs", () => {
  it("reads every file in path order, whatever the order the inputs name them", async () => {
    const dir = tmpTree({
      "b.ndjson": `${line(2)}\n`,
      "a.ndjson": `${line(1)}\nnot json\n`,
      "openclaw.json": "{}",
    });
    const input = await load(dir, ["openclaw.json", "b.ndjson", "a.ndjson"]);
    expect(input.files.map((f) => f.path)).toEqual(["a.ndjson", "b.ndjson", "openclaw.json"]);
    expect(input.events.map((e) => `${e.file}:${e.line}`)).toEqual(["a.ndjson:1", "b.ndjson:1"]);
    expect(input.findings.map((f) => `${f.file}:${f.line}`)).toEqual(["a.ndjson:2", "openclaw.json:0"]);
  });

  it("lists the findings of an event file up to the limit and hands the rest on counted", async () => {
    const input = await load(tmpTree({ "a.ndjson": `${line(1)}\n${"not json\n".repeat(1500)}` }));
    expect(input.files[0]).toMatchObject({ path: "a.ndjson", events: 1, errors: 1500 });
    expect(input.findings).toHaveLength(1000);
    expect(input.findings.at(-1)?.line).toBe(1001);
    expect(input.findingsOmitted).toEqual([
      { file: "a.ndjson", reason: expect.any(String) as string, count: 500 },
    ]);
  });

  it("has saved the parse cache when it returns, unless the caller takes the saves to await", async () => {
    const dir = tmpTree({ "a.ndjson": `${line(1)}\n`, "b.ndjson": `${line(2)}\n`, "openclaw.json": "{}" });
    const cacheDir = tmpTree();
    await loadInputs(["."], dir, () => silentProgress, { cacheDir });
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".parse"))).toHaveLength(2);

    const later = tmpTree();
    const saves: Array<Promise<void>> = [];
    await loadInputs(["."], dir, () => silentProgress, { cacheDir: later, saves });
    // One save per event file, none for the config; each settles and none rejects.
    expect(saves).toHaveLength(2);
    await expect(Promise.all(saves)).resolves.toEqual([undefined, undefined]);
    expect(readdirSync(later).filter((name) => name.endsWith(".parse"))).toHaveLength(2);
  });

  it("leaves the lines of cached events in their file when it stores lines, made now or deferred", async () => {
    const text = `${Array.from({ length: 40 }, (_, i) => line(i + 1)).join("\n")}\n`;
    const dir = tmpTree({ "a.ndjson": text });
    const cacheDir = tmpTree();
    const loadWith = (options: Parameters<typeof loadInputs>[3]) =>
      loadInputs(["."], dir, () => silentProgress, { cacheDir, ...options });
    const held = await loadWith({});
    const texts = (events: typeof held.events) => events.map((e) => Buffer.from(lineBytes(e.raw)).toString());
    const isHeld = (events: typeof held.events) => events.map((e) => e.raw instanceof Uint8Array);
    const stored = await loadWith({ storeLines: true });
    const deferred = new DeferredEvents();
    const all = await deferred.withAll(await loadWith({ storeLines: true, deferred }), true);
    const heldDeferred = new DeferredEvents();
    const allHeld = await heldDeferred.withAll(await loadWith({ storeLines: true, deferred: heldDeferred }));
    expect(isHeld(held.events)).toEqual(held.events.map(() => true));
    expect(isHeld(allHeld.events)).toEqual(held.events.map(() => true));
    for (const events of [stored.events, all.events])
      expect(isHeld(events)).toEqual(held.events.map(() => false));
    expect(texts(stored.events)).toEqual(texts(held.events));
    expect(texts(allHeld.events)).toEqual(texts(held.events));
    // Written over in place since the cache checked it: a line left there says so when read.
    writeFileSync(path.join(dir, "a.ndjson"), text.replace('"eden"', '"EDEN"'));
    expect(() => lineBytes(all.events[0]!.raw)).toThrow(FileChangedError);
  });

  it("hands on no omitted findings when every finding is listed", async () => {
    expect(await load(tmpTree({ "a.ndjson": "not json\n" }))).not.toHaveProperty("findingsOmitted");
  });

  it("keeps the events unclassified: classification is analyze's", async () => {
    const input = await load(tmpTree({ "a.ndjson": `${line(1)}\n` }));
    expect(input.events[0]).not.toHaveProperty("eventRole");
  });

  it("makes main and every agent the configs name main agents, sorted, and lets a later file's entry win", async () => {
    const config = (id: string, discord: string) =>
      JSON.stringify({ agents: { list: [{ id, name: id, discordUserId: discord }] } });
    const override = (category: string) =>
      JSON.stringify({ ws_a: { collabCategory: category, updatedAt: "2026-03-01T00:00:00Z" } });
    const dir = tmpTree({
      "a/openclaw.json": config("Seum", "123456789012345678"),
      "b/openclaw.json": config("eden", "123456789012345678"),
      "a/work-session-category-overrides.json": override("qa_validation"),
      "b/work-session-category-overrides.json": override("infra_ops"),
    });
    const input = await load(dir, [
      "b/openclaw.json",
      "a/openclaw.json",
      "a/work-session-category-overrides.json",
      "b/work-session-category-overrides.json",
    ]);
    expect(input.mainAgents).toEqual(["eden", "main", "seum"]);
    expect(input.mentionNames).toEqual({ "123456789012345678": "eden" });
    expect(input.overrides["ws_a"]?.collabCategory).toBe("infra_ops");
  });

  it("gives main alone as main agent when no config is read", async () => {
    expect((await load(tmpTree({ "a.ndjson": `${line(1)}\n` }))).mainAgents).toEqual(["main"]);
  });
});
