import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  blockKeysFromBytes,
  blockKeysOf,
  blockKeysToBytes,
  namesFlagged,
  type BlockKeys,
} from "../../src/ingest/block-keys.ts";
import { TEXT_FIELDS } from "../../src/ingest/event-columns.ts";
import { readWithColumns, SAMPLE_LOG } from "../helpers/event-columns.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The sample log's columns. */
async function sampleColumns() {
  return (await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false)).columns;
}

/** The keys of block `block`, as a plain list. */
function keysOf(blockKeys: BlockKeys, block: number): number[] {
  return [...blockKeys.keys.subarray(blockKeys.starts[block], blockKeys.starts[block + 1])];
}

/** The bytes blockKeysToBytes writes, as one buffer. */
function bytesOf(blockKeys: BlockKeys): Buffer {
  return Buffer.concat(blockKeysToBytes(blockKeys));
}

describe("the keys of a part's blocks of rows", () => {
  it("are the work sessions, conversations and tasks each block names, in order, each once", async () => {
    const columns = await sampleColumns();
    const fields = ["workSessionId", "conversationId", "taskId"].map((f) =>
      TEXT_FIELDS.indexOf(f as (typeof TEXT_FIELDS)[number]),
    );
    for (const blockRows of [1, 7, columns.count, columns.count + 5]) {
      const blockKeys = blockKeysOf(columns, blockRows);
      expect(blockKeys.starts).toHaveLength(Math.ceil(columns.count / blockRows) + 1);
      for (let block = 0; block * blockRows < columns.count; block++) {
        const named = new Set<number>();
        for (let row = block * blockRows; row < Math.min((block + 1) * blockRows, columns.count); row++)
          for (const field of fields) {
            const k = columns.text[row * TEXT_FIELDS.length + field]!;
            if (k >= 0) named.add(k);
          }
        expect(keysOf(blockKeys, block)).toEqual([...named].sort((a, b) => a - b));
      }
    }
    // The sample names sessions, conversations and tasks: the test compared something.
    expect(blockKeysOf(columns, columns.count).keys.length).toBeGreaterThan(10);
  });

  it("read back from their bytes", async () => {
    const columns = await sampleColumns();
    for (const blockRows of [1, 7, 4096]) {
      const blockKeys = blockKeysOf(columns, blockRows);
      expect(blockKeysFromBytes(bytesOf(blockKeys), columns.count)).toEqual(blockKeys);
      // At an offset of no multiple of 4 in memory, as a part's trailer may be read.
      const shifted = Buffer.concat([Buffer.alloc(3), bytesOf(blockKeys)]).subarray(3);
      expect(blockKeysFromBytes(shifted, columns.count)).toEqual(blockKeys);
    }
    const none = blockKeysOf({ ...columns, count: 0 }, 7);
    expect(blockKeysFromBytes(bytesOf(none), 0)).toEqual(none);
  });

  it("are not read from bytes that are not the keys of the part's blocks", async () => {
    const columns = await sampleColumns();
    const blockKeys = blockKeysOf(columns, 7);
    const bytes = bytesOf(blockKeys);
    const changed = (change: (b: Buffer) => void): Buffer => {
      const copy = Buffer.from(bytes);
      change(copy);
      return copy;
    };
    const blocks = blockKeys.starts.length - 1;
    const bad: Buffer[] = [
      bytes.subarray(0, 4),
      bytes.subarray(0, bytes.length - 8),
      Buffer.concat([bytes, Buffer.alloc(8)]),
      changed((b) => b.writeUInt32LE(0, 0)),
      changed((b) => b.writeUInt32LE(8, 0)),
      changed((b) => b.writeUInt32LE(blocks + 1, 4)),
      // The first block's keys not starting at the first key, and a block's starting after the next's.
      changed((b) => b.writeInt32LE(1, 8)),
      changed((b) => b.writeInt32LE(blockKeys.starts[2]! + 1, 8 + 4)),
    ];
    for (const b of bad) expect(blockKeysFromBytes(b, columns.count)).toBeNull();
    // Another count of rows than the part's.
    expect(blockKeysFromBytes(bytes, columns.count + 7)).toBeNull();
    expect(blockKeysFromBytes(bytes, columns.count)).not.toBeNull();
  });

  it("tell whether a block names a flagged string, counting one past the flags as named", () => {
    const blockKeys: BlockKeys = {
      blockRows: 2,
      starts: Int32Array.of(0, 2, 2, 3),
      keys: Int32Array.of(0, 3, 9),
    };
    // Flags at index plus two, as a gate's: string 3 flagged.
    const flags = new Uint8Array(5 + 2);
    expect([0, 1, 2].map((b) => namesFlagged(blockKeys, b, flags))).toEqual([false, false, true]);
    flags[3 + 2] = 1;
    expect([0, 1, 2].map((b) => namesFlagged(blockKeys, b, flags))).toEqual([true, false, true]);
  });
});
