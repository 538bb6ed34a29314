import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  BLOCK_BYTES,
  BlockCrcs,
  bytesInMemory,
  CheckedFileBytes,
  checkFile,
  crcWith,
  readChecked,
  readFully,
  writeFully,
} from "../../src/ingest/file-bytes.ts";
import { tmpTree } from "../helpers/tmp.ts";

/** A file of `length` random bytes, and the bytes. */
function randomFile(length: number): { file: string; bytes: Buffer } {
  const bytes = randomBytes(length);
  const file = path.join(tmpTree({}), "log.ndjson");
  writeFileSync(file, bytes);
  return { file, bytes };
}

/** Spans of the bytes cut at `cuts`, each with its CRC. */
function spansOf(bytes: Buffer, cuts: number[]): Array<{ start: number; end: number; crc: number }> {
  const ends = [...cuts, bytes.length];
  return ends.map((end, i) => {
    const start = i === 0 ? 0 : (ends[i - 1] as number);
    return { start, end, crc: crc32(bytes.subarray(start, end)) };
  });
}

describe("crcWith", () => {
  it("goes on from the CRC it is given, and keeps it over no bytes", () => {
    const bytes = Buffer.from("a line\nand another\n");
    expect(crcWith(crcWith(0, bytes.subarray(0, 7)), bytes.subarray(7))).toBe(crc32(bytes));
    expect(crcWith(crc32(bytes), new Uint8Array(0))).toBe(crc32(bytes));
  });
});

describe("BlockCrcs", () => {
  it("takes bytes by their CRC, within a block, as it takes the bytes", () => {
    const bytes = randomBytes(BLOCK_BYTES + 500);
    const blocks = new BlockCrcs();
    for (const [from, to] of [
      [0, 100],
      [100, BLOCK_BYTES],
      [BLOCK_BYTES, BLOCK_BYTES + 1],
      [BLOCK_BYTES + 1, BLOCK_BYTES + 500],
    ] as const)
      blocks.addCrc(crc32(bytes.subarray(from, to)), to - from);
    expect(blocks.bytes).toBe(bytes.length);
    expect([...blocks.done()]).toEqual([
      crc32(bytes.subarray(0, BLOCK_BYTES)),
      crc32(bytes.subarray(BLOCK_BYTES)),
    ]);
    expect(() => blocks.addCrc(0, BLOCK_BYTES)).toThrow(/do not fit/);
    expect(() => blocks.addCrc(0, -1)).toThrow(/do not fit/);
    expect(() => blocks.addCrc(0, 0.5)).toThrow(/do not fit/);
  });

  it.each([
    ["whole blocks", BLOCK_BYTES],
    ["chunks across block ends", 100_003],
    ["chunks shorter than a block", 5_003],
    ["one chunk", 3 * BLOCK_BYTES],
  ])("gives each block's CRC, the last one's over its bytes, given in %s", (_, chunk) => {
    const bytes = randomBytes(2 * BLOCK_BYTES + 1000);
    const blocks = new BlockCrcs();
    for (let at = 0; at < bytes.length; at += chunk) {
      blocks.add(bytes.subarray(at, at + chunk));
      blocks.add(new Uint8Array(0));
    }
    expect(blocks.bytes).toBe(bytes.length);
    expect([...blocks.done()]).toEqual(
      [0, 1, 2].map((k) => crc32(bytes.subarray(k * BLOCK_BYTES, (k + 1) * BLOCK_BYTES))),
    );
    expect([...new BlockCrcs().done()]).toEqual([]);
  });
});

describe("readFully", () => {
  it("reads all it is asked for, and fewer bytes only where the file ends", async () => {
    const { file, bytes } = randomFile(5000);
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(6000);
      expect(await readFully(handle, buffer, 10, 4000, 500)).toBe(4000);
      expect(buffer.subarray(10, 4010).equals(bytes.subarray(500, 4500))).toBe(true);
      expect(await readFully(handle, buffer, 0, 3000, 4000)).toBe(1000);
      expect(buffer.subarray(0, 1000).equals(bytes.subarray(4000))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe("checkFile", () => {
  // Spans across the chunks the file is read in, one of them empty, and a last block cut short.
  const length = 5 * BLOCK_BYTES + 1234;
  const cuts = [10, 10, BLOCK_BYTES * 4 + 7, BLOCK_BYTES * 4 + 8];

  it("checks every span and gives each block's CRC", async () => {
    const { file, bytes } = randomFile(length);
    const blocks = await checkFile(file, length, spansOf(bytes, cuts));
    expect(blocks).not.toBeNull();
    expect([...blocks!]).toEqual(
      Array.from({ length: 6 }, (_, k) => crc32(bytes.subarray(k * BLOCK_BYTES, (k + 1) * BLOCK_BYTES))),
    );
  });

  it.each([
    ["empty at the start and at the end", [0, 0, 1000, length, length]],
    [
      "ending on block and chunk ends",
      [BLOCK_BYTES - 1, BLOCK_BYTES, BLOCK_BYTES + 1, 4 * BLOCK_BYTES, 5 * BLOCK_BYTES],
    ],
  ])("checks spans %s, and gives each block's CRC", async (_, cuts) => {
    const { file, bytes } = randomFile(length);
    const spans = spansOf(bytes, cuts);
    expect((await checkFile(file, length, spans))?.length).toBe(6);
    for (const k of spans.keys()) {
      const wrong = spans.map((s, i) => (i === k ? { ...s, crc: (s.crc ^ 1) >>> 0 } : s));
      expect(await checkFile(file, length, wrong)).toBeNull();
    }
  });

  it("checks a file of whole blocks", async () => {
    const { file, bytes } = randomFile(4 * BLOCK_BYTES);
    const blocks = await checkFile(file, bytes.length, spansOf(bytes, [BLOCK_BYTES]));
    expect([...blocks!]).toEqual(
      Array.from({ length: 4 }, (_, k) => crc32(bytes.subarray(k * BLOCK_BYTES, (k + 1) * BLOCK_BYTES))),
    );
  });

  it("checks only the first `stop` bytes", async () => {
    const { file, bytes } = randomFile(length);
    const stop = 2 * BLOCK_BYTES + 5;
    expect(await checkFile(file, stop, spansOf(bytes.subarray(0, stop), [3]))).toHaveLength(3);
  });

  it("is null when a byte of any span changed", async () => {
    const { file, bytes } = randomFile(length);
    const spans = spansOf(bytes, cuts);
    for (const at of [0, BLOCK_BYTES * 4 + 7, length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] as number) ^ 1;
      writeFileSync(file, changed);
      expect(await checkFile(file, length, spans)).toBeNull();
    }
  });

  it("is null when an empty span's CRC is not that of no bytes", async () => {
    const { file, bytes } = randomFile(length);
    const spans = spansOf(bytes, cuts);
    expect(spans[1]).toMatchObject({ start: 10, end: 10, crc: 0 });
    spans[1]!.crc = 1;
    expect(await checkFile(file, length, spans)).toBeNull();
  });

  it("is null when the file is shorter than the spans", async () => {
    const { file, bytes } = randomFile(length);
    const spans = spansOf(bytes, cuts);
    writeFileSync(file, bytes.subarray(0, length - 1));
    expect(await checkFile(file, length, spans)).toBeNull();
  });
});

describe("readChecked", () => {
  const length = 20 * 1024 * 1024 + 5;

  it("reads the first `stop` bytes whole, in ranges, and gives them with no read after", async () => {
    const { file, bytes } = randomFile(length);
    const stop = length - 5;
    const read = await readChecked(file, stop, spansOf(bytes.subarray(0, stop), [BLOCK_BYTES * 9 + 1]));
    writeFileSync(file, "");
    expect(Buffer.from(read!.all()).equals(bytes.subarray(0, stop))).toBe(true);
    expect(Buffer.from(read!.view(3, 4)).equals(bytes.subarray(3, 7))).toBe(true);
    await read!.load();
  });

  it("is null when a span's bytes changed or the file is shorter", async () => {
    const { file, bytes } = randomFile(length);
    const spans = spansOf(bytes, [1000]);
    const changed = Buffer.from(bytes);
    changed[length - 2] = (changed[length - 2] as number) ^ 1;
    writeFileSync(file, changed);
    expect(await readChecked(file, length, spans)).toBeNull();
    writeFileSync(file, bytes.subarray(0, length - 1));
    expect(await readChecked(file, length, spans)).toBeNull();
  });
});

describe("CheckedFileBytes", () => {
  const length = 3 * BLOCK_BYTES + 99;

  async function checked(size = length): Promise<{ file: string; bytes: Buffer; lines: CheckedFileBytes }> {
    const { file, bytes } = randomFile(size);
    const blocks = await checkFile(file, size, spansOf(bytes, []));
    return { file, bytes, lines: new CheckedFileBytes(file, size, blocks!) };
  }

  it("gives the bytes of a line within a block, across blocks, and at the end", async () => {
    const { bytes, lines } = await checked();
    for (const [start, size] of [
      [5, 100],
      [BLOCK_BYTES - 10, 30],
      [BLOCK_BYTES - 1, 2 * BLOCK_BYTES + 2],
      [length - 99, 99],
      [7, 0],
    ] as const)
      expect(Buffer.from(lines.view(start, size)).equals(bytes.subarray(start, start + size))).toBe(true);
  });

  it("gives no bytes for an empty line, even at the end of a file of whole blocks", async () => {
    const { lines } = await checked(2 * BLOCK_BYTES);
    expect(lines.view(2 * BLOCK_BYTES, 0)).toHaveLength(0);
    expect(lines.view(BLOCK_BYTES, 0)).toHaveLength(0);
  });

  it("gives all the bytes once loaded, and views of them from then on", async () => {
    const { bytes, lines } = await checked();
    expect(() => lines.all()).toThrow(/not loaded/);
    await lines.load();
    const all = lines.all();
    expect(Buffer.from(all).equals(bytes)).toBe(true);
    expect(lines.view(10, 20).buffer).toBe(all.buffer);
  });

  it("loads a file of more than 8 MiB in ranges at once", async () => {
    const { bytes, lines } = await checked(20 * 1024 * 1024 + 3);
    await lines.load();
    expect(Buffer.from(lines.all()).equals(bytes)).toBe(true);
  });

  it("throws when a block changed since it was checked, and keeps a block read before", async () => {
    const { file, bytes, lines } = await checked();
    const before = Buffer.from(lines.view(0, 10));
    const changed = Buffer.from(bytes);
    changed[BLOCK_BYTES + 1] = (changed[BLOCK_BYTES + 1] as number) ^ 1;
    changed[2] = (changed[2] as number) ^ 1;
    writeFileSync(file, changed);
    expect(() => lines.view(BLOCK_BYTES, 5)).toThrow(/changed while it was read/);
    expect(Buffer.from(lines.view(0, 10)).equals(before)).toBe(true);
    await expect(lines.load()).rejects.toThrow(/changed while it was read/);
  });

  it("throws when the file got shorter, and for bytes past those checked", async () => {
    const { file, bytes, lines } = await checked();
    expect(() => lines.view(length, 1)).toThrow(/past the checked/);
    writeFileSync(file, bytes.subarray(0, BLOCK_BYTES));
    expect(() => lines.view(length - 5, 5)).toThrow(/shorter/);
    await expect(lines.load()).rejects.toThrow(/shorter/);
  });
});

describe("bytesInMemory", () => {
  it("gives views of the bytes it holds", () => {
    const bytes = new Uint8Array([9, 1, 2, 3, 4, 5]).subarray(1);
    const view = bytesInMemory(bytes).view(1, 3);
    expect([...view]).toEqual([2, 3, 4]);
    expect(view.buffer).toBe(bytes.buffer);
    expect(bytesInMemory(bytes).length).toBe(5);
  });
});

describe("writeFully", () => {
  /** A handle over `file` that writes at most 7 bytes a call, at the position asked or its own. */
  function shortWriter(file: Buffer): FileHandle {
    let own = 0;
    return {
      writev: async (pieces: Buffer[], position?: number) => {
        const bytes = Buffer.concat(pieces).subarray(0, 7);
        bytes.copy(file, position ?? own);
        if (position === undefined) own += bytes.length;
        return { bytesWritten: bytes.length, buffers: pieces };
      },
    } as unknown as FileHandle;
  }
  const pieces = [Buffer.from("0123456789"), Buffer.from(""), Buffer.from("abcdefghijklmnopqrstuvwxyz")];

  it("writes every byte when the system writes fewer bytes than it was given", async () => {
    const file = Buffer.alloc(40);
    await writeFully(shortWriter(file), pieces, 0);
    expect(file.subarray(0, 36).toString()).toBe("0123456789abcdefghijklmnopqrstuvwxyz");
    // At the file's own position, where no position is given: one piece after another.
    const sequential = Buffer.alloc(40);
    const handle = shortWriter(sequential);
    await writeFully(handle, [Buffer.from("0123456789")]);
    await writeFully(handle, [Buffer.from("abcdefghijklmnopqrstuvwxyz")]);
    expect(sequential.subarray(0, 36).toString()).toBe("0123456789abcdefghijklmnopqrstuvwxyz");
  });

  it("throws when a write takes nothing", async () => {
    const stuck = { writev: async () => ({ bytesWritten: 0, buffers: [] }) } as unknown as FileHandle;
    await expect(writeFully(stuck, pieces, 0)).rejects.toThrow(/could not be written whole/);
  });
});
