import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { meetsFilter } from "../../src/core/incremental/key-filter.ts";
import { countFrom, selectEvents, TEXT_FIELDS, type EventColumns } from "../../src/ingest/event-columns.ts";
import { bytesInMemory } from "../../src/ingest/file-bytes.ts";
import { PartFile, partToBytes } from "../../src/ingest/part-file.ts";
import { countFromPart, selectFromPart } from "../../src/ingest/select-from-part.ts";
import { expectSameEvents, FILTERS, middle, readWithColumns, SAMPLE_LOG } from "../helpers/event-columns.ts";
import { tmpTree } from "../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * `columns` written to a part's file as the cache writes a plain file's, with the keys of blocks
 * of `chunkRows` rows, and checked in place.
 */
async function partOf(columns: EventColumns, chunkRows: number): Promise<PartFile> {
  const bytes = Buffer.concat(partToBytes(columns, false, chunkRows));
  const file = path.join(tmpTree({}), "a.0.seg");
  writeFileSync(file, bytes);
  return (await PartFile.open(file, bytes.length, crc32(bytes), chunkRows))!;
}

// Chunks of 7 rows put rows a selection gathers on both sides of chunks' edges; 1 << 15 reads the
// sample's part in one chunk.
const CHUNKS = [7, 1 << 15];

describe("a selection from a part's file", () => {
  it.each(FILTERS)("makes what the columns in memory make: %s", async (_, make) => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
    const lines = bytesInMemory(readFileSync(path.join(ROOT, SAMPLE_LOG)));
    const filter = make(events);
    const pick = (keys: { line: number }) => keys.line % 3 !== 0;
    const expected = events.filter((e) => meetsFilter(filter, e) && pick(e));
    expect(expected.length).toBeGreaterThan(0);
    expectSameEvents(selectEvents(columns, SAMPLE_LOG, 0, lines, pick, filter), expected);
    for (const chunkRows of CHUNKS) {
      const part = await partOf(columns, chunkRows);
      expectSameEvents(selectFromPart(part, SAMPLE_LOG, 0, lines, pick, filter), expected);
      // Again, from what the part kept of the first selection (its time span and dictionary).
      expectSameEvents(selectFromPart(part, SAMPLE_LOG, 0, lines, pick, filter), expected);
    }
  });

  it("adds the lines before the part to each event's line", async () => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
    const lines = bytesInMemory(readFileSync(path.join(ROOT, SAMPLE_LOG)));
    const part = await partOf(columns, 7);
    const from = middle(events);
    const made = selectFromPart(part, SAMPLE_LOG, 100, lines, () => true, { from });
    expect(made.map((e) => e.line)).toEqual(events.filter((e) => e.ts >= from).map((e) => e.line + 100));
  });

  it("counts the events from a time as the columns in memory do", async () => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
    const times = events.map((e) => e.ts).filter(Number.isFinite);
    // And with some rows untimed, which no count from a time takes, in chunks otherwise all after it.
    const ts = columns.ts.map((t, row) => (row % 5 === 4 ? NaN : t));
    for (const counted of [columns, { ...columns, ts }])
      for (const chunkRows of CHUNKS) {
        const part = await partOf(counted, chunkRows);
        for (const cut of [-Infinity, Math.min(...times), middle(events), Math.max(...times), Infinity])
          expect(countFromPart(part, cut)).toBe(countFrom(counted, cut));
      }
  });

  it("throws on a string index past the part's dictionary, as the columns in memory do", async () => {
    const { columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
    const lines = bytesInMemory(readFileSync(path.join(ROOT, SAMPLE_LOG)));
    const text = columns.text.slice();
    // The last event's type.
    text[text.length - TEXT_FIELDS.length + 1] = 1e8;
    const damaged = { ...columns, text };
    const last = Math.max(...columns.ts.filter(Number.isFinite));
    expect(() => selectEvents(damaged, SAMPLE_LOG, 0, lines, () => true, { from: last })).toThrow(
      /out of range/,
    );
    const part = await partOf(damaged, 7);
    expect(() => selectFromPart(part, SAMPLE_LOG, 0, lines, () => true, { from: last })).toThrow(
      /out of range/,
    );
  });

  it("throws when the facts' masks ask for more values than the facts columns hold", async () => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, false);
    const lines = bytesInMemory(readFileSync(path.join(ROOT, SAMPLE_LOG)));
    const factMask = columns.factMask.slice();
    // Every fact of the first event's first word, of every kind.
    factMask[0] = 0xffffffff;
    const part = await partOf({ ...columns, factMask }, 7);
    expect(() => selectFromPart(part, SAMPLE_LOG, 0, lines, () => true, { from: middle(events) })).toThrow(
      /do not match their masks/,
    );
  });
});
