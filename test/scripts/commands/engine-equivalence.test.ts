import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, readFileSync, renameSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAnalyze } from "../../../scripts/commands/analyze.ts";
import { analyzeStages } from "../../../src/core/analyze.ts";
import { lineBytes } from "../../../src/core/stored-line.ts";
import { loadInputs } from "../../../src/ingest/load.ts";
import { silentProgress } from "../../../src/ingest/progress.ts";
import type { LoadStats } from "../../../src/ingest/read-events-file.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Runs `workscope analyze` in-process with extra flags; gives the Report and the events as written.
 * Without `--events` (`events: false`), the run leaves lines in their files (see LineStore).
 */
async function analyze(
  inputs: string[],
  cwd: string,
  flags: string[],
  { events: withEvents } = { events: true },
): Promise<{ json: string; events: string }> {
  const out = tmpTree();
  const json = path.join(out, "report.json");
  const events = path.join(out, "events.ndjson");
  const argv = [
    "--now",
    TEST_NOW,
    "--json",
    json,
    ...(withEvents ? ["--events", events] : []),
    "--quiet",
    ...flags,
    "--",
    ...inputs,
  ];
  expect(await runAnalyze(argv, cwd)).toBe(0);
  return { json: readFileSync(json, "utf8"), events: withEvents ? readFileSync(events, "utf8") : "" };
}

describe("the parse engine", () => {
  it.each([
    ["content/sample"],
    ["test/fixtures/site-hostile"],
    // JSON arrays of hook payloads (cached whole) beside a transcript, and files of no known format.
    ["test/fixtures/golden/claude-hook-captures/input"],
    ["test/fixtures/golden/unknown-formats/input"],
  ])("writes the same Report and events for %s with or without the cache and workers", async (input) => {
    const cache = tmpTree();
    const plain = await analyze([input], ROOT, ["--no-cache"]);
    const runs: Array<[string, string[]]> = [
      ["a cold cache", ["--cache", cache]],
      ["a warm cache", ["--cache", cache]],
      ["one worker", ["--no-cache", "--workers", "1"]],
      ["two workers and small parts", ["--no-cache", "--workers", "2", "--range-bytes", "4096"]],
      ["two workers on a warm cache", ["--cache", cache, "--workers", "2", "--range-bytes", "4096"]],
    ];
    for (const [name, flags] of runs) {
      const got = await analyze([input], ROOT, flags);
      expect(got.json, name).toBe(plain.json);
      expect(got.events, name).toBe(plain.events);
    }
    // Without --events, lines are left in their files and read again where the analysis needs them.
    const stored = tmpTree();
    for (const [name, flags] of [
      ["lines left in their files, no cache", ["--no-cache"]],
      ["lines left in their files, cold cache", ["--cache", stored]],
      ["lines left in their files, warm cache", ["--cache", stored]],
    ] as const) {
      const got = await analyze([input], ROOT, [...flags], { events: false });
      expect(got.json, name).toBe(plain.json);
    }
  });

  it.each([
    ["content/sample"],
    ["test/fixtures/site-hostile"],
    ["test/fixtures/golden/claude-hook-captures/input"],
  ])("loads the same events from %s with their lines left in their files", async (input) => {
    const load = (storeLines: boolean) =>
      loadInputs([input], ROOT, () => silentProgress, { cacheDir: null, storeLines });
    const [held, stored] = [await load(false), await load(true)];
    const bytes = (events: typeof held.events) =>
      events.map((e) => Buffer.from(lineBytes(e.raw)).toString("base64"));
    expect(stored.events.filter((e) => !(e.raw instanceof Uint8Array)).length).toBeGreaterThan(0);
    expect(stored.events.every((e, i) => e.raw.length === held.events[i]?.raw.length)).toBe(true);
    expect(bytes(stored.events)).toEqual(bytes(held.events));
    const report = (input: typeof held) =>
      JSON.stringify(analyzeStages(input, Date.parse(TEST_NOW)).analysis.report);
    expect(report(stored)).toBe(report(held));
  });

  it("starts no more workers than parts, and takes at most 64", async () => {
    const out = tmpTree();
    const argv = (workers: string) => [
      "--now",
      TEST_NOW,
      "--json",
      path.join(out, `${workers}.json`),
      "--quiet",
      "--no-cache",
      "--workers",
      workers,
      "--",
      "content/sample",
    ];
    await expect(runAnalyze(argv("65"), ROOT)).rejects.toThrow(/--workers should be at most 64/);
    const stats: LoadStats = { cachedBytes: 0, parsedBytes: 0 };
    const loaded = await loadInputs(["content/sample"], ROOT, () => silentProgress, {
      workers: 64,
      rangeBytes: 1 << 30,
      cacheDir: null,
      stats,
    });
    expect(loaded.events.length).toBeGreaterThan(0);
    // One part per event file of lines, each parsed on a worker of its own, and no worker more.
    // (The sample's `.json` event files are JSON arrays, which are parsed on the main thread.)
    const eventFiles = loaded.files.filter((f) => f.kind === "events" && !f.path.endsWith(".json")).length;
    expect(eventFiles).toBeGreaterThan(1);
    expect(stats.workers).toBe(eventFiles);
    expect(stats.workerParts).toBe(eventFiles);
  });

  it("does not use a cache filled under another time zone", () => {
    // OpenClaw events with times without an offset: Date.parse reads them in the process's zone.
    // (Claude Code captures read such times as UTC, so they would not tell the zones apart.)
    const dir = tmpTree({
      "a.ndjson": [
        '{"type":"a2a.send","agentId":"eden","timestamp":"2026-03-01T10:00:00","data":{"message":"fix the bug"}}',
        '{"type":"a2a.response","agentId":"seum","timestamp":"2026-03-01T11:00:00","data":{"message":"done"}}',
      ].join("\n"),
    });
    const cache = tmpTree();
    const run = (tz: string, flags: string[]): string => {
      const json = path.join(dir, `${tz.replace("/", "-")}-${flags.length}.json`);
      const argv = ["analyze", "a.ndjson", "--json", json, "--now", TEST_NOW, "--quiet", ...flags];
      const done = spawnSync(process.execPath, [path.join(ROOT, "scripts/workscope.ts"), ...argv], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, TZ: tz },
      });
      expect(done.status, done.stderr).toBe(0);
      return readFileSync(json, "utf8");
    };
    const seoul = run("Asia/Seoul", ["--cache", cache]);
    const utc = run("UTC", ["--cache", cache]);
    expect(utc).toBe(run("UTC", ["--no-cache"]));
    expect(utc).not.toBe(seoul);
  });

  it("follows a cached file that grows, is cut and is rotated", async () => {
    const dir = tmpTree();
    cpSync(path.join(ROOT, "content/sample"), path.join(dir, "state"), { recursive: true });
    const log = path.join(dir, "state/logs/coordination-events.ndjson");
    const cache = tmpTree();
    // A second cache that follows the same file with its lines left in it (no --events): a rerun
    // then parses only what was appended, into a store that starts where the cache stopped.
    const storedCache = tmpTree();
    const original = readFileSync(log, "utf8");
    const lines = original.split("\n").filter((l) => l.length > 0);
    const expectSame = async (what: string) => {
      const stored = await analyze(["state"], dir, ["--cache", storedCache], { events: false });
      const cached = await analyze(["state"], dir, ["--cache", cache]);
      const plain = await analyze(["state"], dir, ["--no-cache"]);
      expect(stored.json, `${what}, lines left in the file`).toBe(plain.json);
      expect(cached.json, what).toBe(plain.json);
      expect(cached.events, what).toBe(plain.events);
    };
    await expectSame("cold");
    // New lines with new ids, and a broken one, so events and findings both go on.
    appendFileSync(
      log,
      `${lines
        .slice(0, 20)
        .map((l) => l.replace(/"ts":17/, '"ts":18'))
        .join("\n")}\n{"type":\n`,
    );
    await expectSame("after an append");
    await expectSame("warm after the append");
    truncateSync(log, Buffer.byteLength(original) - 500);
    await expectSame("after a truncation");
    renameSync(log, `${log}.1`);
    writeFileSync(log, lines.slice(0, 30).join("\n"));
    await expectSame("after a rotation");
  });
});
