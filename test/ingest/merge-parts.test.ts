import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { BaseEvent } from "../../src/core/event.ts";
import { lineBytes } from "../../src/core/stored-line.ts";
import { decodeEvents, EventColumnsBuilder, type EventColumns } from "../../src/ingest/event-columns.ts";
import { FindingsTally } from "../../src/ingest/findings-tally.ts";
import { joinedColumns, mergedParts, mergedTail, piecesOf } from "../../src/ingest/merge-parts.ts";
import type { CachedSegment } from "../../src/ingest/parse-cache.ts";
import { parsePart } from "../../src/ingest/parse-part.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE_LOG = "content/sample/logs/coordination-events-2026-02.ndjson";

/** The part of the sample log from `start` to `end` (line starts), parsed as the cache keeps it. */
async function partOf(start: number, end: number, lineBase: number, run = 0) {
  const events: BaseEvent[] = [];
  const builder = new EventColumnsBuilder(SAMPLE_LOG, lineBase, false);
  const parsed = await parsePart(
    { absPath: path.join(ROOT, SAMPLE_LOG), file: SAMPLE_LOG, start, end, lineBase },
    new FindingsTally(),
    (event, needsTime, offset) => {
      events.push(event);
      builder.push(event, needsTime, offset);
    },
  );
  const segment: CachedSegment = { lineBase, columns: builder.done(), start, end, crc: parsed.crc, run };
  return { events, segment, lines: parsed.lines };
}

/** Where the line after byte `at` starts. */
function lineStartAfter(bytes: Buffer, at: number): number {
  return bytes.indexOf(0x0a, at) + 1;
}

/** The events of a part's columns, their lines read from the log's bytes. */
function eventsOf(segment: CachedSegment, bytes: Buffer): BaseEvent[] {
  return decodeEvents(segment.columns, SAMPLE_LOG, segment.lineBase, bytes).events;
}

/** The events as plain values with their line bytes as text, to compare whole. */
function plain(events: readonly BaseEvent[]) {
  return events.map((e) => ({ ...e, raw: Buffer.from(lineBytes(e.raw)).toString("utf8") }));
}

/** Columns of no events, for parts whose events do not matter. */
function noEvents(): EventColumns {
  return new EventColumnsBuilder(SAMPLE_LOG, 0, false).done();
}

/** Parts of the given runs and byte counts, one after another from byte 0. */
function parts(...shape: Array<[run: number, bytes: number]>): CachedSegment[] {
  let at = 0;
  return shape.map(([run, bytes], i) => {
    const segment = { lineBase: i, columns: noEvents(), start: at, end: at + bytes, crc: 0, run };
    at += bytes;
    return segment;
  });
}

/** Each part as its run and the bytes it covers. */
function shapeOf(segments: readonly CachedSegment[]): Array<[number, number]> {
  return segments.map((s) => [s.run, s.end - s.start]);
}

describe("mergedTail", () => {
  // Each row: the parts a run leaves (run, bytes covered), and the parts kept.
  it.each<[string, Array<[number, number]>, Array<[number, number]>]>([
    [
      "a first run's parts are never merged",
      [
        [0, 10],
        [0, 10],
        [0, 10],
      ],
      [
        [0, 10],
        [0, 10],
        [0, 10],
      ],
    ],
    [
      "one later part stays as it is",
      [
        [0, 100],
        [1, 10],
      ],
      [
        [0, 100],
        [1, 10],
      ],
    ],
    [
      "two equal later parts merge",
      [
        [0, 100],
        [1, 10],
        [2, 10],
      ],
      [
        [0, 100],
        [1, 20],
      ],
    ],
    [
      "a part of more than twice the newest stays",
      [
        [0, 100],
        [1, 21],
        [2, 10],
      ],
      [
        [0, 100],
        [1, 21],
        [2, 10],
      ],
    ],
    [
      "a part of exactly twice the newest merges",
      [
        [0, 100],
        [1, 20],
        [2, 10],
      ],
      [
        [0, 100],
        [1, 30],
      ],
    ],
    [
      "merges reach back while the sum grows",
      [
        [0, 100],
        [1, 40],
        [2, 15],
        [3, 5],
        [4, 5],
      ],
      [
        [0, 100],
        [1, 65],
      ],
    ],
    [
      "a run's several parts merge together",
      [
        [0, 100],
        [1, 50],
        [2, 5],
        [2, 5],
        [2, 5],
      ],
      [
        [0, 100],
        [1, 50],
        [2, 15],
      ],
    ],
    [
      "a first run's small part is not merged into",
      [
        [0, 1],
        [1, 5],
        [2, 5],
      ],
      [
        [0, 1],
        [1, 10],
      ],
    ],
    // A run on workers adds a part per range: the last, a remainder, may be far smaller.
    [
      "a run's parts merge whatever their sizes",
      [
        [0, 100],
        [1, 200],
        [2, 24],
        [2, 24],
        [2, 2],
      ],
      [
        [0, 100],
        [1, 200],
        [2, 50],
      ],
    ],
    [
      "then with the parts before",
      [
        [0, 100],
        [1, 40],
        [2, 24],
        [2, 24],
        [2, 2],
      ],
      [
        [0, 100],
        [1, 90],
      ],
    ],
  ])("%s", (_, before, after) => {
    const merged = mergedTail(parts(...before));
    expect(shapeOf(merged)).toEqual(after);
    // The parts still cover the same bytes, in order.
    expect(merged.at(-1)?.end).toBe(before.reduce((n, [, bytes]) => n + bytes, 0));
  });

  it("keeps a cache of a log grown by a hundred equal appends in a few parts", () => {
    let segments = parts([0, 1000]);
    for (let append = 1; append <= 100; append++) {
      const last = segments.at(-1)!;
      // The run after the last part's, as a run that parses an append numbers its part.
      segments = mergedTail([
        ...segments,
        {
          lineBase: append * 10,
          columns: noEvents(),
          start: last.end,
          end: last.end + 10,
          crc: 0,
          run: last.run + 1,
        },
      ]);
      // Each part after the first run's covers more than twice the bytes of the next.
      for (let i = 2; i < segments.length; i++)
        expect(segments[i - 1]!.end - segments[i - 1]!.start).toBeGreaterThan(
          2 * (segments[i]!.end - segments[i]!.start),
        );
    }
    expect(segments.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(100)));
    // Runs still go on from 0 one by one, as the cache requires, and stay far below MAX_RUNS.
    expect(segments.map((s) => s.run)).toEqual(segments.map((_, i) => i));
    expect(segments.at(-1)!.end).toBe(1000 + 100 * 10);
  });
});

describe("mergedParts", () => {
  it("gives the events, lines, bytes and CRC of the parts as one part", async () => {
    const bytes = readFileSync(path.join(ROOT, SAMPLE_LOG));
    const cut1 = lineStartAfter(bytes, Math.floor(bytes.length / 3));
    const cut2 = lineStartAfter(bytes, Math.floor((2 * bytes.length) / 3));
    const whole = await partOf(0, bytes.length, 0);
    const a = await partOf(0, cut1, 0, 0);
    const b = await partOf(cut1, cut2, a.lines, 1);
    const c = await partOf(cut2, bytes.length, a.lines + b.lines, 2);
    const merged = mergedParts([b.segment, c.segment]);
    expect(merged).toMatchObject({ lineBase: a.lines, start: cut1, end: bytes.length, run: 1 });
    expect(merged.crc).toBe(crc32(bytes.subarray(cut1)));
    // The ranges it was parsed as stay listed, with their CRCs, through a later merge too.
    expect(piecesOf(merged)).toEqual([
      { start: cut1, end: cut2, crc: crc32(bytes.subarray(cut1, cut2)) },
      { start: cut2, end: bytes.length, crc: crc32(bytes.subarray(cut2)) },
    ]);
    expect(piecesOf(mergedParts([a.segment, merged]))).toEqual([piecesOf(a.segment)[0], ...piecesOf(merged)]);
    expect(piecesOf(a.segment)).toEqual([{ start: 0, end: cut1, crc: crc32(bytes.subarray(0, cut1)) }]);
    expect(merged.columns.rawBytes).toHaveLength(0);
    // The parts' events, decoded from one part, are those of the whole log parsed in one piece.
    const events = [...eventsOf(a.segment, bytes), ...eventsOf(merged, bytes)];
    expect(events.length).toBeGreaterThan(100);
    expect(plain(events)).toEqual(plain(whole.events));
    expect(plain(eventsOf(merged, bytes))).toEqual(plain([...b.events, ...c.events]));
    // Strings both parts hold are held once.
    const dictionary = (columns: EventColumns) => JSON.parse(new TextDecoder().decode(columns.dictionary));
    const joined = dictionary(merged.columns) as string[];
    expect(new Set(joined).size).toBe(joined.length);
    expect(joined.length).toBeLessThan(
      dictionary(b.segment.columns).length + dictionary(c.segment.columns).length,
    );
  });

  it("throws when a part's columns name a string past its dictionary", async () => {
    const bytes = readFileSync(path.join(ROOT, SAMPLE_LOG));
    const cut = lineStartAfter(bytes, Math.floor(bytes.length / 2));
    const a = await partOf(0, cut, 0);
    const b = await partOf(cut, bytes.length, a.lines);
    const text = b.segment.columns.text.slice();
    text[0] = 1_000_000;
    expect(() =>
      joinedColumns([
        { columns: a.segment.columns, lineShift: 0 },
        { columns: { ...b.segment.columns, text }, lineShift: a.lines },
      ]),
    ).toThrow(/past the dictionary of part 1/);
  });
});
