import {
  appendFileSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { createHash } from "node:crypto";
import { crc32, gzipSync } from "node:zlib";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import type { LoadOptions } from "../../src/ingest/load.ts";
import { codeSignature } from "../../src/ingest/code-signature.ts";
import { columnsFromBytes, COLUMNS_LAYOUT } from "../../src/ingest/event-columns.ts";
import { CacheHeader } from "../../src/ingest/parse-cache-header.ts";
import {
  cacheFormat,
  defaultCacheDir,
  fileState,
  ParseCache,
  partsNamedIn,
  type LookupMode,
} from "../../src/ingest/parse-cache.ts";
import type { LoadStats } from "../../src/ingest/read-events-file.ts";
import { tmpTree } from "../helpers/tmp.ts";

const NOW = Date.parse("2026-03-09T00:00:00Z");
const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The cache's index with its JSON changed by `change` and its CRC made good again, as a damaged
 * index whose checksum happens to hold would be.
 */
function withHeader(good: Buffer, change: (header: CacheHeader) => CacheHeader): Buffer {
  const header = change(CacheHeader.parse(JSON.parse(good.toString("utf8", 16))));
  const json = Buffer.from(JSON.stringify(header));
  const top = Buffer.alloc(16);
  good.copy(top, 0, 0, 8);
  top.writeUInt32LE(json.length, 8);
  top.writeUInt32LE(crc32(json), 12);
  return Buffer.concat([top, json]);
}

/** The index naming its one part's file as `part`: its length and CRC made good. */
function withPart(good: Buffer, part: Buffer): Buffer {
  return withHeader(good, (h) => ({
    ...h,
    segments: h.segments.map((s) => ({ ...s, byteLength: part.length, fileCrc: crc32(part) })),
  }));
}

const oc = (i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: i % 3 === 0 ? "a2a.response" : "a2a.send",
    agentId: "eden",
    ts: 1_767_225_600_000 + i * 60_000,
    data: {
      fromAgent: "eden",
      toAgent: "seum",
      workSessionId: `ws-${i % 4}`,
      conversationId: `c-${i % 5}`,
      ...extra,
    },
  });
const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => (k % 9 === 4 ? `{"broken":${from + k}` : oc(from + k))).join(
    "\n",
  ) + "\n";

/** The Report's JSON for the inputs, and what the cache gave. */
async function report(dir: string, load: LoadOptions) {
  const stats: LoadStats = { cachedBytes: 0, parsedBytes: 0 };
  const analysis = await analyzeInputs([dir], {
    cwd: dir,
    nowMs: NOW,
    load: { ...load, stats, findingsListed: 3 },
  });
  return { json: JSON.stringify(analysis.report), stats };
}

/** A state folder and a cache folder; `check` compares a cached run with one without the cache. */
function setup(files: Record<string, string | Buffer>) {
  const dir = tmpTree(files);
  const cache = tmpTree();
  const check = async (workers = 0) => {
    const cached = await report(dir, { cacheDir: cache, workers, rangeBytes: 300 });
    const plain = await report(dir, { cacheDir: null, workers: 0 });
    expect(cached.json).toBe(plain.json);
    return cached.stats;
  };
  return { dir, cache, check, file: (name: string) => path.join(dir, name) };
}

describe("the parse cache", () => {
  it("is used when the file is unchanged, and parses only what was appended", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 40) });
    expect(await check()).toMatchObject({ cachedBytes: 0 });
    const size = statSync(file("logs/a.ndjson")).size;
    const parts = () => readdirSync(cache).filter((name) => name.endsWith(".seg"));
    expect(readdirSync(cache).filter((name) => name.endsWith(".parse"))).toHaveLength(1);
    expect(parts()).toHaveLength(1);
    const [first] = parts();
    const firstFile = statSync(path.join(cache, first!));
    expect(await check()).toEqual({ cachedBytes: size, parsedBytes: 0 });
    appendFileSync(file("logs/a.ndjson"), lines(40, 60));
    const grown = statSync(file("logs/a.ndjson")).size;
    expect(await check()).toEqual({ cachedBytes: size, parsedBytes: grown - size });
    // The part appended is a file of its own; the first part's file was not written again.
    expect(parts()).toHaveLength(2);
    const kept = statSync(path.join(cache, first!));
    expect([kept.ino, kept.mtimeMs]).toEqual([firstFile.ino, firstFile.mtimeMs]);
    expect(await check()).toEqual({ cachedBytes: grown, parsedBytes: 0 });
  });

  it("keeps a log grown by more appends than MAX_RUNS in a few parts, each run parsing only its append", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 40) });
    await check();
    const parts = () => readdirSync(cache).filter((name) => name.endsWith(".seg")).length;
    let size = statSync(file("logs/a.ndjson")).size;
    for (let append = 1; append <= ParseCache.MAX_RUNS + 6; append++) {
      appendFileSync(file("logs/a.ndjson"), lines(37 + 3 * append, 40 + 3 * append));
      const grown = statSync(file("logs/a.ndjson")).size;
      // Without merging, the run after MAX_RUNS appends found too many and parsed the whole log.
      expect(await check()).toEqual({ cachedBytes: size, parsedBytes: grown - size });
      size = grown;
      expect(parts()).toBeLessThanOrEqual(2 + Math.log2(append));
    }
  });

  it("keeps the line being written out of the cache and reads it again", async () => {
    const { check, file } = setup({ "logs/a.ndjson": `${lines(0, 10)}${oc(10).slice(0, 30)}` });
    await check();
    appendFileSync(file("logs/a.ndjson"), `${oc(10).slice(30)}\n${lines(11, 14)}`);
    const stats = await check();
    expect(stats.cachedBytes).toBeGreaterThan(0);
    expect(stats.parsedBytes).toBeGreaterThan(0);
  });

  it("continues findings past the listing limit as one pass would", async () => {
    const { check, file } = setup({ "logs/a.ndjson": `${"[1]\n".repeat(5)}${lines(0, 5)}` });
    await check();
    appendFileSync(file("logs/a.ndjson"), `${"{\n".repeat(4)}{"hook_event_name":"Stop","session_id":"s"}\n`);
    expect((await check()).cachedBytes).toBeGreaterThan(0);
  });

  it("parses again a file cut shorter, rotated, rewritten at the same size, or only touched", async () => {
    const { check, file, dir } = setup({ "logs/a.ndjson": lines(0, 30) });
    const a = file("logs/a.ndjson");
    await check();
    writeFileSync(a, lines(0, 20));
    expect((await check()).cachedBytes).toBe(0);
    renameSync(a, path.join(dir, "old.txt"));
    writeFileSync(a, lines(0, 25));
    expect((await check()).cachedBytes).toBe(0);
    // The same size, other bytes in the middle.
    const text = readFileSync(a, "utf8").replace('"ws-1"', '"ws-7"');
    writeFileSync(a, text);
    expect((await check()).cachedBytes).toBe(0);
    const later = new Date(Date.now() + 60_000);
    utimesSync(a, later, later);
    expect((await check()).cachedBytes).toBe(0);
    expect((await check()).cachedBytes).toBe(statSync(a).size);
  });

  it("keeps a JSON array whole, gives the same Report cold and warm, and parses it again when rewritten", async () => {
    const payload = (i: number) => ({ hook_event_name: "PreToolUse", session_id: "s", tool_use_id: `t${i}` });
    const array = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => payload(i)),
        null,
        2,
      );
    const { check, file } = setup({ "logs/pre_tool_use.json": array(30) });
    expect(await check()).toMatchObject({ cachedBytes: 0 });
    expect((await check()).cachedBytes).toBe(statSync(file("logs/pre_tool_use.json")).size);
    // A capture rewrites the whole array for every new payload.
    writeFileSync(file("logs/pre_tool_use.json"), array(31));
    expect((await check()).cachedBytes).toBe(0);
    expect((await check()).cachedBytes).toBe(statSync(file("logs/pre_tool_use.json")).size);
  });

  it("never caches a file of no known format: more lines may make it one", async () => {
    const { check, file } = setup({ "logs/a.jsonl": '{"x":1}\n' });
    expect(await check()).toMatchObject({ cachedBytes: 0 });
    appendFileSync(file("logs/a.jsonl"), lines(0, 3));
    expect(await check()).toMatchObject({ cachedBytes: 0 });
  });

  it("keeps a gzip file whole and parses it again when it changes", async () => {
    const { check, file } = setup({ "logs/a.ndjson.gz": gzipSync(lines(0, 30)) });
    await check();
    expect((await check()).cachedBytes).toBe(statSync(file("logs/a.ndjson.gz")).size);
    writeFileSync(file("logs/a.ndjson.gz"), Buffer.concat([gzipSync(lines(0, 30)), gzipSync(lines(30, 35))]));
    expect((await check()).cachedBytes).toBe(0);
  });

  it("works the same with workers, cold, warm and after an append", async () => {
    const { check, file } = setup({
      "logs/a.ndjson": lines(0, 50),
      "logs/b.ndjson.gz": gzipSync(lines(0, 9)),
    });
    await check(2);
    expect((await check(2)).parsedBytes).toBe(0);
    appendFileSync(file("logs/a.ndjson"), lines(50, 70));
    await check(3);
    await check(0);
  });

  it("ignores a cache that is damaged, incomplete or of another version", async () => {
    const { check, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    // The cache as the run left it: its index and the one part's file.
    const good = new Map(readdirSync(cache).map((name) => [name, readFileSync(path.join(cache, name))]));
    const indexName = [...good.keys()].find((name) => name.endsWith(".parse"))!;
    const partName = [...good.keys()].find((name) => name.endsWith(".seg"))!;
    const index = good.get(indexName)!;
    const part = good.get(partName)!;
    /** The good cache with the index or the part's file replaced, or the part's file left out. */
    const damages: Array<{ index?: Buffer; part?: Buffer | null }> = [
      { index: index.subarray(0, index.length - 13) },
      { index: index.subarray(0, 20) },
      { index: Buffer.from("garbage") },
      { index: Buffer.from(index.toString("latin1").replace(/parse cache \d+/, "parse cache 0"), "latin1") },
      // Parts that do not start after more lines than the one before, with the index's CRC made good.
      { index: withHeader(index, (h) => ({ ...h, segments: [...h.segments, ...h.segments] })) },
      { index: withHeader(index, (h) => ({ ...h, bytes: h.bytes - 1 })) },
      // A part's file named outside the cache folder, or another input's.
      {
        index: withHeader(index, (h) => ({
          ...h,
          segments: h.segments.map((x) => ({ ...x, file: `../${x.file}` })),
        })),
      },
      {
        index: withHeader(index, (h) => ({
          ...h,
          segments: h.segments.map((x) => ({ ...x, file: `${"0".repeat(40)}${x.file.slice(40)}` })),
        })),
      },
      // Pieces of a merged part that do not cover it, or leave a gap.
      ...[
        (x: CacheHeader["segments"][number]) => [{ start: x.start, end: x.end - 1, crc: 0 }],
        (x: CacheHeader["segments"][number]) => [
          { start: x.start, end: x.start + 1, crc: 0 },
          { start: x.start + 2, end: x.end, crc: 0 },
        ],
      ].map((pieces) => ({
        index: withHeader(index, (h) => ({
          ...h,
          segments: h.segments.map((x) => ({ ...x, pieces: pieces(x) })),
        })),
      })),
      { part: null },
      { part: part.subarray(0, part.length - 9) },
    ];
    // One byte of the first column (a time) flipped: every length still holds.
    const flipped = Buffer.from(part);
    flipped[16 + 3]! ^= 0x10;
    damages.push({ part: flipped });
    // A column's length made huge, with the part's length and CRC in the index made good.
    const huge = Buffer.from(part);
    huge.writeDoubleLE(2 ** 45, 8);
    damages.push({ part: huge, index: withPart(index, huge) });
    // Another count of events, made good in the index the same way.
    const wrongCount = Buffer.from(part);
    wrongCount.writeUInt32LE(999, 0);
    damages.push({ part: wrongCount, index: withPart(index, wrongCount) });
    // The keys of its blocks said to be of blocks of another number of rows, made good the same way.
    const otherBlocks = Buffer.from(part);
    otherBlocks.writeUInt32LE(3, columnsFromBytes(new Uint8Array(part), 0).end);
    damages.push({ part: otherBlocks, index: withPart(index, otherBlocks) });
    for (const damage of damages) {
      for (const name of readdirSync(cache)) rmSync(path.join(cache, name));
      for (const [name, bytes] of good) writeFileSync(path.join(cache, name), bytes);
      if (damage.index !== undefined) writeFileSync(path.join(cache, indexName), damage.index);
      if (damage.part === null) rmSync(path.join(cache, partName));
      else if (damage.part !== undefined) writeFileSync(path.join(cache, partName), damage.part);
      expect((await check()).cachedBytes).toBe(0);
    }
    // The good cache, put back, is used.
    for (const name of readdirSync(cache)) rmSync(path.join(cache, name));
    for (const [name, bytes] of good) writeFileSync(path.join(cache, name), bytes);
    expect((await check()).cachedBytes).toBeGreaterThan(0);
  });

  it("leaves parts of IN_PLACE_BYTES or more in their files, at most MAX_IN_PLACE of them", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 2000), "logs/b.ndjson": lines(0, 30) });
    await check();
    const parts = new ParseCache(cache);
    const lookup = async (name: string, mode: LookupMode) =>
      (await parts.lookup(file(name), await fileState(file(name)), mode))!.segments[0]!;
    const [big, small] = [
      await lookup("logs/a.ndjson", "in place"),
      await lookup("logs/b.ndjson", "in place"),
    ];
    const read = await new ParseCache(cache).lookup(
      file("logs/a.ndjson"),
      await fileState(file("logs/a.ndjson")),
    );
    expect(read!.segments[0]!.part).toBeUndefined();
    expect(read!.segments[0]!.stored!.bytes).toBeGreaterThanOrEqual(ParseCache.IN_PLACE_BYTES);
    expect(big.part?.count).toBe(read!.segments[0]!.columns.count);
    expect([...big.columns.text]).toEqual([...read!.segments[0]!.columns.text]);
    // A small part is read, as a part held open costs more than it saves.
    expect(small.part).toBeUndefined();
    // One cache holds at most MAX_IN_PLACE files open over all its lookups; past them, parts are read.
    const more = [];
    for (let i = 1; i < ParseCache.MAX_IN_PLACE; i++) more.push(await lookup("logs/a.ndjson", "in place"));
    expect(more.every((segment) => segment.part !== undefined)).toBe(true);
    expect((await lookup("logs/a.ndjson", "in place")).part).toBeUndefined();
    for (const segment of [big, ...more]) segment.part?.close();
    // A part left in its file is checked as wholly as one read: a byte changed, or the file cut, is a miss.
    const [partName] = readdirSync(cache).filter((name) => name.startsWith(path.basename(big.part!.path)));
    const partFile = path.join(cache, partName!);
    const good = readFileSync(partFile);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3]! ^= 1;
    for (const damaged of [flipped, good.subarray(0, good.length - 8)]) {
      writeFileSync(partFile, damaged);
      const state = await fileState(file("logs/a.ndjson"));
      expect(await new ParseCache(cache).lookup(file("logs/a.ndjson"), state, "in place")).toBeNull();
    }
  });

  it("removes the files of parts no index names once it keeps another parse", async () => {
    const { check, cache, file } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const parts = () => readdirSync(cache).filter((name) => name.endsWith(".seg"));
    const [first] = parts();
    // Rewritten at another length: parsed again from the start, and the old part's file goes.
    writeFileSync(file("logs/a.ndjson"), lines(100, 120));
    expect((await check()).cachedBytes).toBe(0);
    expect(parts()).toHaveLength(1);
    expect(parts()).not.toContain(first);
    // A part no index names may be another run's, written before its index: a save leaves it
    // while it is younger than an hour (a killed run's part is such a part), and removes it after.
    const stray = `${first!.slice(0, 40)}.9.${"a".repeat(12)}.seg`;
    writeFileSync(path.join(cache, stray), "half");
    appendFileSync(file("logs/a.ndjson"), lines(120, 130));
    await check();
    expect(parts()).toHaveLength(3);
    expect(parts()).toContain(stray);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(cache, stray), twoHoursAgo, twoHoursAgo);
    appendFileSync(file("logs/a.ndjson"), lines(130, 140));
    await check();
    expect(parts()).not.toContain(stray);
  });

  it("notices an edit in the middle of a file whose size and modification time were put back", async () => {
    const { check, file } = setup({ "logs/a.ndjson": lines(0, 1200) });
    const a = file("logs/a.ndjson");
    // A whole second, which utimes puts back exactly.
    utimesSync(a, 1_767_225_600, 1_767_225_600);
    await check();
    const before = statSync(a, { bigint: true });
    const text = readFileSync(a, "utf8");
    const middle = text.indexOf('"ws-1"', Math.floor(text.length / 2));
    writeFileSync(a, `${text.slice(0, middle)}"ws-7"${text.slice(middle + 6)}`);
    utimesSync(a, 1_767_225_600, 1_767_225_600);
    expect(statSync(a, { bigint: true }).mtimeNs).toBe(before.mtimeNs);
    expect(statSync(a).size).toBe(Number(before.size));
    expect((await check()).cachedBytes).toBe(0);
  });

  it("notices an edit in the middle of a file that also grew", async () => {
    const { check, file } = setup({ "logs/a.ndjson": lines(0, 1200) });
    const a = file("logs/a.ndjson");
    await check();
    const text = readFileSync(a, "utf8");
    const middle = text.indexOf('"ws-1"', Math.floor(text.length / 2));
    writeFileSync(a, `${text.slice(0, middle)}"ws-7"${text.slice(middle + 6)}${lines(1200, 1210)}`);
    expect((await check()).cachedBytes).toBe(0);
    expect((await check()).cachedBytes).toBe(statSync(a).size);
  });

  it("checks a prefix of more than 16 MiB chunk by chunk, and notices an edit in the last of them", async () => {
    const { file, cache } = setup({ "logs/a.ndjson": lines(0, 140_000) });
    const a = file("logs/a.ndjson");
    expect(statSync(a).size).toBeGreaterThan(16 * 1024 * 1024);
    await report(path.dirname(path.dirname(a)), { cacheDir: cache });
    appendFileSync(a, lines(140_000, 140_010));
    const kept = await new ParseCache(cache).lookup(a, await fileState(a));
    const text = readFileSync(a);
    await kept!.raw!.load();
    expect(Buffer.from(kept!.raw!.all()).equals(text.subarray(0, kept!.stop))).toBe(true);
    const late = text.indexOf('"ws-1"', text.length - 100_000);
    text.write('"ws-7"', late);
    writeFileSync(a, Buffer.concat([text, Buffer.from(lines(140_010, 140_020))]));
    expect(await new ParseCache(cache).lookup(a, await fileState(a))).toBeNull();
  });

  it("reads the cached prefix whole, once, for a run that makes every cached event", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 300) });
    await check();
    const a = file("logs/a.ndjson");
    appendFileSync(a, lines(300, 310));
    const kept = await new ParseCache(cache).lookup(a, await fileState(a), "whole");
    expect(Buffer.from(kept!.raw!.all()).equals(readFileSync(a).subarray(0, kept!.stop))).toBe(true);
    const text = readFileSync(a, "utf8");
    const middle = text.indexOf('"ws-1"', Math.floor(text.length / 2));
    writeFileSync(a, `${text.slice(0, middle)}"ws-7"${text.slice(middle + 6)}${lines(310, 320)}`);
    expect(await new ParseCache(cache).lookup(a, await fileState(a), "whole")).toBeNull();
  });

  it("writes a part again when another run's save removed it before this run's index named it", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const a = file("logs/a.ndjson");
    const state = await fileState(a);
    const index = path.join(
      cache,
      readdirSync(cache).find((name) => name.endsWith(".parse"))!,
    );
    // This run read the cache and keeps its part; meanwhile another run removed the part's file.
    const read = (await new ParseCache(cache).lookup(a, state))!;
    const [part] = [...partsNamedIn(index)];
    rmSync(path.join(cache, part!));
    await new ParseCache(cache).save(state, { ...read, gzip: false });
    const named = [...partsNamedIn(index)];
    expect(named).toHaveLength(1);
    expect(named).not.toContain(part);
    expect(readdirSync(cache)).toContain(named[0]);
    expect(await new ParseCache(cache).lookup(a, state)).not.toBeNull();
  });

  it("reads the index again, once, when the parts the first one named were not there as named", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const a = file("logs/a.ndjson");
    const index = path.join(
      cache,
      readdirSync(cache).find((name) => name.endsWith(".parse"))!,
    );
    const good = readFileSync(index);
    const part = path.join(
      cache,
      readdirSync(cache).find((name) => name.endsWith(".seg"))!,
    );
    const bytes = readFileSync(part);
    // Another run kept the part under another name (as a merge does), and the file this index
    // names is no longer that part.
    const moved = part.replace(/\.[0-9a-f]{12}\.seg$/, ".bbbbbbbbbbbb.seg");
    writeFileSync(moved, bytes);
    writeFileSync(part, "another run's bytes");
    const theirs = withHeader(good, (h) => ({
      ...h,
      segments: h.segments.map((s) => ({ ...s, file: path.basename(moved) })),
    }));
    // Its index is written once this run's reads are under way, after this run read the index.
    const saved = () => writeFileSync(index, theirs);
    const found = await new ParseCache(cache, undefined, saved).lookup(a, await fileState(a));
    expect(found?.segments.map((s) => s.stored?.file)).toEqual([path.basename(moved)]);
    // An index that did not change is read once: the part not as named is a miss.
    writeFileSync(index, good);
    expect(await new ParseCache(cache).lookup(a, await fileState(a))).toBeNull();
  });

  it("tells onRead when its read of a cached parse is under way, and when there is none to read", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const a = file("logs/a.ndjson");
    let told = 0;
    const lookup = new ParseCache(cache, undefined, () => told++).lookup(a, await fileState(a));
    expect(told).toBe(0);
    expect(await lookup).not.toBeNull();
    expect(told).toBe(1);
    const other = path.join(path.dirname(a), "b.ndjson");
    writeFileSync(other, lines(0, 3));
    expect(
      await new ParseCache(cache, undefined, () => told++).lookup(other, await fileState(other)),
    ).toBeNull();
    expect(told).toBe(2);
  });

  it("tells onRead once its read of a cached parse is issued, before the bytes land", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const a = file("logs/a.ndjson");
    const state = await fileState(a);
    // Every read of a file is held back until released, so that the bytes cannot land before.
    const probe = await open(a, "r");
    const handles = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const read = handles.read;
    let release = (): void => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = vi.spyOn(handles, "read").mockImplementation(async function (this: FileHandle, ...args) {
      await released;
      return (read as (...a: unknown[]) => ReturnType<FileHandle["read"]>).apply(this, args);
    });
    onTestFinished(() => held.mockRestore());
    let told = 0;
    const lookup = new ParseCache(cache, undefined, () => told++).lookup(a, state);
    await vi.waitFor(() => expect(told).toBe(1));
    expect(held).toHaveBeenCalled();
    release();
    expect(await lookup).not.toBeNull();
    expect(told).toBe(1);
  });

  it("tells onRead once when its read gives up before its parts' reads are issued", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 1200) });
    // Hundreds of parts, whose files are opened one by one after the file's first bytes failed.
    await check(2);
    const a = file("logs/a.ndjson");
    const text = readFileSync(a, "utf8");
    writeFileSync(a, `${text.replace('"eden"', '"edem"')}${lines(1200, 1201)}`);
    let told = 0;
    expect(await new ParseCache(cache, undefined, () => told++).lookup(a, await fileState(a))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toBe(1);
  });

  it("is a miss for a cache written under another format: other code, zone or Node", async () => {
    const { check, file, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    await check();
    const a = file("logs/a.ndjson");
    expect(await new ParseCache(cache).lookup(a, await fileState(a))).not.toBeNull();
    expect(await new ParseCache(cache, "another code").lookup(a, await fileState(a))).toBeNull();
    expect(cacheFormat()).toContain(`code ${codeSignature(ROOT)}`);
    expect(cacheFormat()).toContain(`zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
    expect(cacheFormat()).toContain(`node ${process.version}`);
    expect(cacheFormat()).toContain(`columns ${createHash("sha1").update(COLUMNS_LAYOUT).digest("hex")}`);
  });

  it("counts the parts of one run on workers as one run, so tiny ranges still make a cache", async () => {
    const { check, file } = setup({ "logs/a.ndjson": lines(0, 1200) });
    // Ranges of 300 bytes cut this file into far more than MAX_RUNS parts.
    expect(statSync(file("logs/a.ndjson")).size / 300).toBeGreaterThan(ParseCache.MAX_RUNS);
    await check(2);
    expect(await check(2)).toMatchObject({
      cachedBytes: statSync(file("logs/a.ndjson")).size,
      parsedBytes: 0,
    });
  });

  it("removes the temporary files a killed run left, once they are an hour old", async () => {
    const { check, cache, file } = setup({ "logs/a.ndjson": lines(0, 10) });
    writeFileSync(path.join(cache, "old.parse.1.tmp"), "half");
    writeFileSync(path.join(cache, "young.parse.2.tmp"), "half");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(cache, "old.parse.1.tmp"), twoHoursAgo, twoHoursAgo);
    await check();
    expect(readdirSync(cache).filter((n) => n.endsWith(".tmp"))).toEqual(["young.parse.2.tmp"]);
    expect(readdirSync(cache).filter((n) => n.endsWith(".parse"))).toHaveLength(1);
    expect(statSync(file("logs/a.ndjson")).size).toBeGreaterThan(0);
  });

  it("leaves no part's file half written when its write fails", async () => {
    const { check, cache } = setup({ "logs/a.ndjson": lines(0, 30) });
    const probe = await open(path.join(cache, "probe"), "w");
    const handles = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    rmSync(path.join(cache, "probe"));
    const failing = vi.spyOn(handles, "writev").mockRejectedValue(new Error("no space left"));
    onTestFinished(() => failing.mockRestore());
    expect((await check()).cachedBytes).toBe(0);
    failing.mockRestore();
    expect(readdirSync(cache)).toEqual([]);
  });

  it("goes on without the cache when its folder cannot be written", async () => {
    const { dir } = setup({ "logs/a.ndjson": lines(0, 10) });
    const blocked = path.join(tmpTree({ "file.txt": "" }), "file.txt", "cache");
    const warnings: string[] = [];
    const analysis = await analyzeInputs([dir], {
      cwd: dir,
      nowMs: NOW,
      load: { cacheDir: blocked, warn: (m) => warnings.push(m) },
    });
    const plain = await analyzeInputs([dir], { cwd: dir, nowMs: NOW });
    expect(JSON.stringify(analysis.report)).toBe(JSON.stringify(plain.report));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not write the parse cache/);
  });

  it("lives in $XDG_CACHE_HOME/workscope, else ~/.cache/workscope", () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/x/cache" })).toBe(path.join("/x/cache", "workscope"));
    expect(defaultCacheDir({})).toMatch(/\.cache[/\\]workscope$/);
  });
});
