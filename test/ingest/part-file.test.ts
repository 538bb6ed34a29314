import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { blockKeysOf } from "../../src/ingest/block-keys.ts";
import { columnsToBytes, type EventColumns } from "../../src/ingest/event-columns.ts";
import { PartFile, partToBytes } from "../../src/ingest/part-file.ts";
import { readWithColumns, SAMPLE_LOG, throughBytes } from "../helpers/event-columns.ts";
import { tmpTree } from "../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The sample log's columns written as the cache writes a plain file's part (with the keys of
 * blocks of `blockRows` rows), and where.
 */
async function writtenPart(
  blockRows?: number,
): Promise<{ file: string; bytes: Buffer; columns: EventColumns }> {
  const { columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
  const bytes = Buffer.concat(partToBytes(columns, false, blockRows));
  const file = path.join(tmpTree({}), "a.0.seg");
  writeFileSync(file, bytes);
  return { file, bytes, columns };
}

describe("a part's file", () => {
  it("is checked whole: a length, CRC or layout other than written is no part", async () => {
    const { file, bytes } = await writtenPart();
    expect((await PartFile.open(file, bytes.length, crc32(bytes)))?.count).toBeGreaterThan(100);
    expect(await PartFile.open(file, bytes.length, crc32(bytes) ^ 1)).toBeNull();
    expect(await PartFile.open(file, bytes.length + 1, crc32(bytes))).toBeNull();
    // Another number of columns, with a CRC that fits the changed bytes.
    const other = Buffer.from(bytes);
    other.writeUInt32LE(other.readUInt32LE(4) + 1, 4);
    writeFileSync(file, other);
    expect(await PartFile.open(file, other.length, crc32(other))).toBeNull();
    // A column longer than the file.
    const long = Buffer.from(bytes);
    long.writeDoubleLE(bytes.length, 8);
    writeFileSync(file, long);
    expect(await PartFile.open(file, long.length, crc32(long))).toBeNull();
  });

  it("reads rows of a column, zeros of a column written empty, and all columns as the cache reads them", async () => {
    const { file, bytes, columns } = await writtenPart();
    const part = (await PartFile.open(file, bytes.length, crc32(bytes), 5))!;
    part.reading((read) => {
      expect([...read.rows("ts", 3, 11)]).toEqual([...columns.ts.subarray(3, 11)]);
      expect([...read.rows("text", 18, 45)]).toEqual([...columns.text.subarray(18, 45)]);
      // `twin` holds only zeros here, so the part has it empty.
      expect(read.elements("twin")).toBe(0);
      expect([...read.rows("twin", 2, 6)]).toEqual([0, 0, 0, 0]);
      expect(() => read.rows("line", columns.count - 1, columns.count + 1)).toThrow(/past column line/);
    });
    const all = part.all();
    const expected = throughBytes(columns, false);
    for (const name of ["ts", "line", "text", "factMask", "factText", "dictionary", "rawStart"] as const)
      expect([...all[name]]).toEqual([...expected[name]]);
    expect(part.timeSpan().max).toBe(Math.max(...columns.ts.filter(Number.isFinite)));
    const send = part.dictionary().indexesOf("a2a.send");
    expect(send).toHaveLength(1);
    expect(part.dictionary().valueAt(send[0]!)).toBe("a2a.send");
  });

  it("gives the span of the times of each block of rows, and of them all, and the keys each names", async () => {
    const { file, bytes, columns } = await writtenPart(5);
    const part = (await PartFile.open(file, bytes.length, crc32(bytes), 7))!;
    const spans = part.blockSpans();
    expect(spans).toHaveLength(Math.ceil(columns.count / 5));
    spans.forEach((span, block) => {
      const ts = [...columns.ts.subarray(5 * block, 5 * block + 5)];
      const timed = ts.filter(Number.isFinite);
      expect(span).toEqual({
        min: Math.min(...timed),
        max: Math.max(...timed),
        untimed: timed.length < ts.length,
      });
    });
    const timed = [...columns.ts].filter(Number.isFinite);
    expect(part.timeSpan()).toEqual({
      min: Math.min(...timed),
      max: Math.max(...timed),
      untimed: timed.length < columns.count,
    });
    expect(part.blockKeys).toEqual(blockKeysOf(columns, 5));
  });

  it("is no part when the keys of its blocks do not follow its columns to its end", async () => {
    const { file, bytes, columns } = await writtenPart(5);
    const keysAt = Buffer.concat(columnsToBytes(columns, false)).length;
    const opened = async (changed: Buffer) => {
      writeFileSync(file, changed);
      return PartFile.open(file, changed.length, crc32(changed));
    };
    expect(await opened(bytes)).not.toBeNull();
    // Bytes left over, the keys cut short, and another number of rows a block than their blocks'.
    expect(await opened(Buffer.concat([bytes, Buffer.alloc(8)]))).toBeNull();
    expect(await opened(bytes.subarray(0, bytes.length - 8))).toBeNull();
    const other = Buffer.from(bytes);
    other.writeUInt32LE(6, keysAt);
    expect(await opened(other)).toBeNull();
  });

  it("reads the file it checked after another is put at its path, until it is closed", async () => {
    const { file, bytes, columns } = await writtenPart();
    const part = (await PartFile.open(file, bytes.length, crc32(bytes)))!;
    const other = Buffer.from(bytes);
    other.writeDoubleLE(-1, 8 + 8);
    writeFileSync(`${file}.copy`, other);
    renameSync(`${file}.copy`, file);
    expect(part.reading((read) => read.rows("ts", 0, 1)[0])).toBe(columns.ts[0]);
    part.close();
    expect(() => part.reading(() => 1)).toThrow(/was closed/);
  });
});
