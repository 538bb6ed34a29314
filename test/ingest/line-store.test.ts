import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCK_BYTES, FileChangedError } from "../../src/ingest/file-bytes.ts";
import { LineStore, storingLines } from "../../src/ingest/line-store.ts";
import type { LoadOptions } from "../../src/ingest/load.ts";
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
    // The parse read 5000 bytes (a gzip file's, say, of which the store is given none).
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
