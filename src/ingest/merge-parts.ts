import { dictionaryOf, type EventColumns } from "./event-columns.ts";
import { crc32Combine } from "../core/crc32-combine.ts";
import type { CheckedRange } from "../core/incremental/snapshot.ts";
import type { CachedSegment } from "./parse-cache.ts";

/**
 * Keeps a file's cache in few parts. Each run that parses what a log gained adds a part (on
 * workers, a part per range), and every later run reads each part's file and looks through each
 * part's columns: a cache of a log that grew through a hundred runs held a hundred parts, and a run
 * found more than MAX_RUNS of them too many and parsed the whole log again. So, once a run has added
 * its parts, they are merged into one, and that one with the parts before it while the part before
 * covers no more than twice the bytes merged so far. Each part after the first run's then covers
 * more than twice the bytes of the one after it: they number about log2 of the bytes they cover
 * over the smallest append, and each event's columns are written again about as many times. The
 * first run's parts are never merged: they hold most of a log read once and grown after, and
 * writing them again would cost a rerun what a cold run costs.
 */
export function mergedTail(segments: readonly CachedSegment[]): CachedSegment[] {
  const firstLater = segments.findIndex((s) => s.run > 0);
  if (firstLater === -1) return [...segments];
  const last = segments.length - 1;
  // The newest run's own parts first, whatever their sizes.
  let from = last;
  while (from - 1 >= firstLater && segments[from - 1]!.run === segments[last]!.run) from--;
  let bytes = 0;
  for (let i = from; i <= last; i++) bytes += covered(segments[i]!);
  while (from - 1 >= firstLater && covered(segments[from - 1]!) <= 2 * bytes) {
    from--;
    bytes += covered(segments[from]!);
  }
  if (from === last) return [...segments];
  return [...segments.slice(0, from), mergedParts(segments.slice(from))];
}

/** The bytes of the file a part was parsed from. */
function covered(segment: CachedSegment): number {
  return segment.end - segment.start;
}

/**
 * One part of consecutive parts of a file of lines: their bytes, CRC-32 and events, numbered from
 * the first part's start, under the first part's run, with the ranges they were parsed as
 * (`pieces`). It is not yet in a file of the cache.
 */
export function mergedParts(parts: readonly CachedSegment[]): CachedSegment {
  const first = parts[0]!;
  let crc = first.crc;
  for (let i = 1; i < parts.length; i++) crc = crc32Combine(crc, parts[i]!.crc, covered(parts[i]!));
  return {
    lineBase: first.lineBase,
    columns: joinedColumns(
      parts.map((p) => ({ columns: p.columns, lineShift: p.lineBase - first.lineBase })),
    ),
    start: first.start,
    end: parts[parts.length - 1]!.end,
    crc,
    run: first.run,
    pieces: parts.flatMap(piecesOf),
  };
}

/**
 * The ranges a part was parsed as, with their CRC-32s: its own, or those of the parts it was
 * merged from. A snapshot names these, so that a run that merged parts since still finds them.
 */
export function piecesOf(segment: CachedSegment): CheckedRange[] {
  return segment.pieces ?? [{ start: segment.start, end: segment.end, crc: segment.crc }];
}

/**
 * The events of several columns, in order, as one: the lines of each shifted by its `lineShift`
 * (the lines before it in the joined part), its strings found again in one dictionary of them all.
 * The line bytes are left in the file, where each line starts at its offset, as in a cache file of
 * a file of lines. Throws when an index names no string of its dictionary.
 */
export function joinedColumns(
  parts: ReadonlyArray<{ columns: EventColumns; lineShift: number }>,
): EventColumns {
  if (parts.length === 0) throw new Error("no columns to join");
  const strings = new Map<string, number>();
  // Each part's dictionary index → the joined dictionary's.
  const indexes = parts.map(({ columns }) =>
    Int32Array.from(dictionaryOf(columns), (text) => {
      let index = strings.get(text);
      if (index === undefined) strings.set(text, (index = strings.size));
      return index;
    }),
  );
  const all = <K extends JoinedColumn>(name: K): EventColumns[K] =>
    joined(parts.map((p) => p.columns[name] as EventColumns[K]));
  // A string column: each index ≥ 0 moved to the joined dictionary's; null and absent (below 0) kept.
  const remapped = (name: "text" | "factText" | "factJson"): Int32Array => {
    const out = all(name);
    let at = 0;
    parts.forEach(({ columns }, k) => {
      const index = indexes[k]!;
      for (let i = 0; i < columns[name].length; i++, at++) {
        const value = out[at]!;
        if (value < 0) continue;
        const moved = index[value];
        if (moved === undefined) throw new Error(`an index past the dictionary of part ${k}`);
        out[at] = moved;
      }
    });
    return out;
  };
  const count = parts.reduce((n, p) => n + p.columns.count, 0);
  const line = new Int32Array(count);
  let at = 0;
  for (const { columns, lineShift } of parts)
    for (let i = 0; i < columns.count; i++, at++) line[at] = columns.line[i]! + lineShift;
  const fileOffset = all("fileOffset");
  return {
    count,
    ts: all("ts"),
    line,
    needsTime: all("needsTime"),
    source: all("source"),
    text: remapped("text"),
    twin: all("twin"),
    tsEstimated: all("tsEstimated"),
    factMask: all("factMask"),
    factText: remapped("factText"),
    factNumber: all("factNumber"),
    factFlag: all("factFlag"),
    factJson: remapped("factJson"),
    dictionary: new TextEncoder().encode(JSON.stringify([...strings.keys()])),
    rawStart: fileOffset,
    rawLength: all("rawLength"),
    fileOffset,
    rawBytes: new Uint8Array(0),
  };
}

/** The columns joined one after another; the lines, the dictionary and the line bytes are made otherwise. */
type JoinedColumn = Exclude<keyof EventColumns, "count" | "line" | "dictionary" | "rawStart" | "rawBytes">;

/** The columns one after another in a new one of their type. */
function joined<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(columns: readonly T[]): T {
  const Make = columns[0]!.constructor as new (length: number) => T;
  const out = new Make(columns.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const column of columns) {
    out.set(column, at);
    at += column.length;
  }
  return out;
}
