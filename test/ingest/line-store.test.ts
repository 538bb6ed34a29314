import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/core/analyze.ts";
import type { BaseEvent } from "../../src/core/event.ts";
import { lineBytes } from "../../src/core/stored-line.ts";
import { BLOCK_BYTES, CheckedFileBytes, FileChangedError } from "../../src/ingest/file-bytes.ts";
import { LineStore, storingLines } from "../../src/ingest/line-store.ts";
import { FindingsTally } from "../../src/ingest/findings-tally.ts";
import { loadInputs, type LoadOptions } from "../../src/ingest/load.ts";
import { parsePart } from "../../src/ingest/parse-part.ts";
import { silentProgress } from "../../src/ingest/progress.ts";
import { tmpTree } from "../helpers/tmp.ts";

/** A file of a little over three blocks, every byte told apart from its neighbours. */
function fileOf(size = 3 * BLOCK_BYTES + 1000): { file: string; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 9)) % 256;
  const file = path.join(tmpTree({ "log.ndjson": bytes }), "log.ndjson");
  return { file, bytes };
}

/** A store of bytes [start, end) of the file, added in chunks of `chunk` bytes as a parse reads them. */
function storeOf(file: string, bytes: Buffer, start: number, end: number, chunk: number): LineStore {
  const store = new LineStore(file, start);
  for (let at = start; at < end; at += chunk) store.add(bytes.subarray(at, Math.min(end, at + chunk)));
  store.seal(end - start);
  return store;
}

describe("LineStore", () => {
  it.each([
    ["chunks of whole blocks", 0, BLOCK_BYTES],
    ["chunks across block ends", 0, 100_003],
    ["a part from the middle of the file", 12_345, 65_536],
    ["one chunk", 999, 3 * BLOCK_BYTES],
  ])("gives each line's bytes as the file holds them, read in %s", (_, start, chunk) => {
    const { file, bytes } = fileOf();
    const store = storeOf(file, bytes, start, bytes.length, chunk);
    const lines: Array<[number, number]> = [
      [start, 10],
      [start + 5000, 0],
      // Across the first block's end (from the part's start), and across two block ends.
      [start + BLOCK_BYTES - 50, 100],
      [start + BLOCK_BYTES - 10, BLOCK_BYTES + 20],
      [bytes.length - 7, 7],
    ];
    for (const [offset, length] of lines) {
      const line = store.line(offset, length);
      expect(line.length).toBe(length);
      expect(Buffer.from(line.bytes()).equals(bytes.subarray(offset, offset + length))).toBe(true);
    }
  });

  it("gives its blocks once sealed, which read its lines on another thread's side", () => {
    const { file, bytes } = fileOf();
    const start = 12_345;
    const open = new LineStore(file, start);
    expect(() => open.checkedBlocks()).toThrow(/not all read/);
    const blocks = storeOf(file, bytes, start, bytes.length, 65_536).checkedBlocks();
    expect(blocks?.end).toBe(bytes.length);
    expect(blocks?.crcs).toHaveLength(Math.ceil((bytes.length - start) / BLOCK_BYTES));
    const again = new CheckedFileBytes(file, blocks!.end, blocks!.crcs, start);
    const at = start + BLOCK_BYTES - 5;
    expect(Buffer.from(again.view(at, 30)).equals(bytes.subarray(at, at + 30))).toBe(true);
    // Sealed with fewer bytes than the parse read: no line of it can be read again.
    const short = new LineStore(file, 0);
    short.add(bytes.subarray(0, 100));
    short.seal(200);
    expect(short.checkedBlocks()).toBeNull();
  });

  it("throws FileChangedError for a line whose block changed in the file, and gives the others", () => {
    const { file, bytes } = fileOf();
    const store = storeOf(file, bytes, 0, bytes.length, 65_536);
    const changed = Buffer.from(bytes);
    changed[BLOCK_BYTES + 10] = (changed[BLOCK_BYTES + 10]! + 1) % 256;
    writeFileSync(file, changed);
    expect(() => store.line(BLOCK_BYTES + 500, 10).bytes()).toThrow(FileChangedError);
    expect(Buffer.from(store.line(20, 10).bytes()).equals(bytes.subarray(20, 30))).toBe(true);
  });

  it("throws FileChangedError for a line of a file cut shorter, and a plain error past the part", () => {
    const { file, bytes } = fileOf();
    const store = storeOf(file, bytes, 0, BLOCK_BYTES + 100, 4096);
    expect(() => store.line(BLOCK_BYTES + 50, 100).bytes()).toThrow(/past the checked/);
    truncateSync(file, BLOCK_BYTES + 10);
    expect(() => store.line(BLOCK_BYTES + 20, 5).bytes()).toThrow(FileChangedError);
  });

  it("gives no line before its part was all read", () => {
    const { file, bytes } = fileOf();
    const store = new LineStore(file, 0);
    store.add(bytes.subarray(0, 1000));
    expect(() => store.line(0, 10).bytes()).toThrow(/before its part was read/);
    store.seal(1000);
    expect(Buffer.from(store.line(0, 10).bytes()).equals(bytes.subarray(0, 10))).toBe(true);
    expect(() => store.add(bytes.subarray(1000, 1001))).toThrow(/were all read/);
  });

  it("says the file changed, for every line, when it was not given every byte the parse read", () => {
    const { file, bytes } = fileOf();
    const store = new LineStore(file, 0);
    store.add(bytes.subarray(0, 1000));
    // The parse read 5000 bytes, of which the store was given 1000 (reading stopped at an error).
    store.seal(5000);
    expect(() => store.line(0, 10).bytes()).toThrow(FileChangedError);
  });

  it("keeps to the bytes a grown file held when they were read", () => {
    const { file, bytes } = fileOf(BLOCK_BYTES + 300);
    const store = storeOf(file, bytes, 0, bytes.length, 8192);
    writeFileSync(file, Buffer.concat([bytes, Buffer.from("more lines\n")]));
    expect(
      Buffer.from(store.line(BLOCK_BYTES + 200, 100).bytes()).equals(bytes.subarray(BLOCK_BYTES + 200)),
    ).toBe(true);
    expect(readFileSync(file).length).toBe(bytes.length + 11);
  });
});

/**
 * The events of bytes [start, end) of a file, parsed with their lines held, or left in a store;
 * `crcs` is given the CRC-32 the parse took of the bytes.
 */
async function parsed(
  file: string,
  start: number,
  end: number,
  store: boolean,
  crcs: number[] = [],
): Promise<BaseEvent[]> {
  const events: BaseEvent[] = [];
  const job = { absPath: file, file: "log.ndjson", start, end, lineBase: 0 };
  const lines = store ? new LineStore(file, start) : undefined;
  crcs.push((await parsePart(job, new FindingsTally(), (e) => events.push(e), undefined, lines)).crc);
  return events;
}

describe("parsePart with a LineStore", () => {
  it("leaves every line in the file at the very bytes it holds: BOMs, CRLF, blank lines, lines across chunks", async () => {
    // Over two chunks of the reader (1 MiB) and several blocks, so that lines cross both.
    const lines: string[] = [];
    // Counted as they are added: joining the lines at every step made this test take 40 s.
    for (let i = 0, length = 0; length < 2_400_000; i++) {
      const message = i % 97 === 0 ? "y".repeat(70_000) : `message ${i} 한국어`;
      const line = JSON.stringify({
        type: "a2a.send",
        agentId: "eden",
        ts: 1_770_000_000_000 + i,
        data: { message },
      });
      lines.push(
        `${i % 50 === 0 ? "\uFEFF" : ""}${line}${i % 3 === 0 ? "\r\n" : "\n"}${i % 7 === 0 ? "\n" : ""}`,
      );
      length += lines[i]!.length;
    }
    const bytes = Buffer.from(lines.join(""));
    const file = path.join(tmpTree({ "log.ndjson": bytes }), "log.ndjson");
    // From the start, and from a line's start in the middle, as a rerun parses what was appended.
    const middle = bytes.indexOf("\n", 1_300_000) + 1;
    for (const start of [0, middle]) {
      // The part's CRC, which the store's block hashes make when there is a store.
      const crcs: number[] = [];
      const [held, stored] = [
        await parsed(file, start, bytes.length, false, crcs),
        await parsed(file, start, bytes.length, true, crcs),
      ];
      expect(crcs).toEqual([crc32(bytes.subarray(start)), crc32(bytes.subarray(start))]);
      expect(stored.length).toBeGreaterThan(100);
      expect(stored.every((e) => !(e.raw instanceof Uint8Array))).toBe(true);
      expect(stored.map((e) => Buffer.from(lineBytes(e.raw)).toString("base64"))).toEqual(
        held.map((e) => Buffer.from(lineBytes(e.raw)).toString("base64")),
      );
    }
  });

  it("says the file changed, for every line, when the file was read as gzip", async () => {
    // Planned as a plain file and replaced by a gzip one before it was read: offsets of lines are
    // then in the decompressed bytes, not the file's.
    const text = `${JSON.stringify({ type: "a2a.send", agentId: "eden", ts: 1_770_000_000_000, data: {} })}\n`;
    const file = path.join(tmpTree({ "log.ndjson": gzipSync(text.repeat(20)) }), "log.ndjson");
    const stored = await parsed(file, 0, readFileSync(file).length, true);
    expect(stored).toHaveLength(20);
    for (const e of [stored[0]!, stored[19]!]) expect(() => lineBytes(e.raw)).toThrow(FileChangedError);
  });
});

describe("storingLines", () => {
  const load: LoadOptions = { cacheDir: null };

  it("runs once with lines left in their files when asked, once with them held otherwise", async () => {
    const seen: LoadOptions[] = [];
    const run = (options: LoadOptions): Promise<string> => {
      seen.push(options);
      return Promise.resolve("done");
    };
    const retries: string[] = [];
    expect(await storingLines(load, true, run, (m) => retries.push(m))).toBe("done");
    expect(await storingLines(load, false, run, (m) => retries.push(m))).toBe("done");
    expect(seen).toEqual([{ cacheDir: null, storeLines: true }, { cacheDir: null }]);
    expect(retries).toEqual([]);
  });

  it("runs again with lines held, and says why, when a stored line's file changed", async () => {
    const seen: LoadOptions[] = [];
    const retries: string[] = [];
    const got = await storingLines(
      load,
      true,
      (options) => {
        seen.push(options);
        if (options.storeLines === true)
          throw new FileChangedError("logs/a.ndjson changed while it was read");
        return Promise.resolve("held");
      },
      (m) => retries.push(m),
    );
    expect(got).toBe("held");
    expect(seen).toEqual([{ cacheDir: null, storeLines: true }, { cacheDir: null }]);
    expect(retries).toEqual(["logs/a.ndjson changed while it was read"]);
  });

  it("reads a log again when a line the analysis reads was changed in its file after the parse", async () => {
    const line = (message: string) =>
      JSON.stringify({
        type: "a2a.send",
        agentId: "eden",
        toAgent: "seum",
        timestamp: "2026-03-01T10:00:00Z",
        id: "e1",
        data: { message },
      });
    // Two copies of one id: dedupe compares their bytes, so both lines are read again.
    const dir = tmpTree({ "logs/a.ndjson": `${line("fix the bug")}\n${line("fix the bug")}\n` });
    const log = path.join(dir, "logs/a.ndjson");
    const now = Date.parse("2026-03-09T00:00:00Z");
    let edited = false;
    // Once the file was parsed, its second line is written over in place, at the same length.
    const editOnce = {
      ...silentProgress,
      fileDone: () => {
        if (edited) return;
        edited = true;
        writeFileSync(log, `${line("fix the bug")}\n${line("fix the bog")}\n`);
      },
    };
    const retries: string[] = [];
    const report = await storingLines(
      { cacheDir: null },
      true,
      async (load) => analyze(await loadInputs([dir], dir, () => editOnce, load), now).report,
      (message) => retries.push(message),
    );
    expect(retries).toEqual([`${log} changed while it was read`]);
    const held = analyze(await loadInputs([dir], dir, () => silentProgress, { cacheDir: null }), now).report;
    expect(JSON.stringify(report)).toBe(JSON.stringify(held));
    expect(report.input.errors.map((f) => f.reason)).toEqual([
      'event id "e1" is used again with different content; kept the copy at logs/a.ndjson:1',
    ]);
  });

  it("lets any other failure through, without running again", async () => {
    let runs = 0;
    const failing = (): Promise<never> => {
      runs++;
      return Promise.reject(new Error("disk full"));
    };
    await expect(storingLines(load, true, failing, () => {})).rejects.toThrow("disk full");
    expect(runs).toBe(1);
  });
});
