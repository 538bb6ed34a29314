import { crc32 } from "node:zlib";
import type { BaseEvent } from "../core/event.ts";
import { normalizeLine, normalizeValue } from "../core/formats/normalize-line.ts";
import type { FindingsTally } from "./findings-tally.ts";
import { readArray } from "./read-array.ts";
import { crc32Combine } from "../core/crc32-combine.ts";
import type { LineStore } from "./line-store.ts";
import { readLines } from "./read-lines.ts";
import type { FileShape } from "./sniff-file.ts";

/** One part of an event file to parse: a byte range of a plain file, or a whole gzip file. */
export interface PartJob {
  /** The file on disk. */
  absPath: string;
  /** The file as `input.files` lists it, which every event names. */
  file: string;
  /** The first byte (a line's first byte); gzip files are always read from 0. */
  start: number;
  /** Where to stop (exclusive); the end of the file when absent. */
  end?: number;
  /** Lines before `start`, when known: the part's lines are numbered after them. */
  lineBase: number;
  /** Longer lines are skipped with a finding (readLines' limit when absent; tests set a small one). */
  maxLineBytes?: number;
  /**
   * How the file is read, as its start told (see sniffFile): lines when absent; a JSON array
   * (always the whole file); or a file of no known format, whose lines are only counted.
   */
  shape?: FileShape;
  /**
   * False when nothing will keep the part's CRC (a run without a cache), so that the bytes are not
   * hashed for nothing (some 0.15 s for a log of 120 MB). The CRC is taken when absent.
   */
  hash?: boolean;
  /**
   * True when a worker parses the part of a plain file for a run that leaves lines in their files
   * (`LoadOptions.storeLines`): the worker then hashes the part's bytes a block at a time instead
   * of copying every line into its columns, and hands the blocks' CRCs back, so that the main
   * thread's events read their lines from the file as its own parse's do (see parse-worker.ts).
   */
  leaveLines?: boolean;
}

/** What parsing a part came to, apart from its events and findings. */
export interface PartEnd {
  /** Lines read in the part, blank lines included. */
  lines: number;
  /** Bytes read from disk. */
  bytes: number;
  /** True when reading stopped at an error before the part's end. */
  stopped: boolean;
  /**
   * The CRC-32 of the bytes read from disk, taken as they were parsed: the cache keeps it and
   * trusts the part again only if the file still holds those bytes. 0 when the job said not to hash.
   */
  crc: number;
}

/** Receives each event of a part, whether its producer wrote no time, and where its line starts. */
export type EventSink = (event: BaseEvent, needsTime: boolean, offset: number) => void;

/**
 * Reads one part of an event file line by line (or a JSON array element by element) and
 * normalizes each: the one parse both the main thread and the parse workers run. Findings go to
 * `tally` in line order. With a `store` (a plain file's lines only), each event's line is left in
 * the file: the store takes every byte read, and the event's `raw` is the store's line.
 */
export async function parsePart(
  job: PartJob,
  tally: FindingsTally,
  onEvent: EventSink,
  onBytes?: (bytes: number) => void,
  store?: LineStore,
): Promise<PartEnd> {
  let crc = 0;
  const onChunk =
    job.hash === false
      ? undefined
      : (chunk: Buffer): void => {
          crc = crc32(chunk, crc);
        };
  if (job.shape?.kind === "array") {
    const result = await readArray(
      job.absPath,
      (text, line, bytes, offset) => {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          tally.add(line, `not valid JSON: ${(error as Error).message}`);
          return;
        }
        const normalized = normalizeValue(value, { file: job.file, line, text, bytes });
        if (normalized.event !== null) onEvent(normalized.event, normalized.needsTime, offset);
        for (const reason of normalized.problems) tally.add(line, reason);
      },
      {
        ...(job.maxLineBytes === undefined ? {} : { maxLineBytes: job.maxLineBytes }),
        onProblem: (p) => tally.add(p.line, p.reason),
        ...(onBytes === undefined ? {} : { onBytes }),
        ...(onChunk === undefined ? {} : { onChunk }),
      },
    );
    return { lines: result.lines, bytes: result.bytes, stopped: result.stopped, crc };
  }
  if (job.shape?.kind === "unknown") {
    // One finding for the whole file: its lines are counted, never read one by one.
    tally.add(0, `not a format workscope reads: ${job.shape.what}`);
    const result = await readLines(job.absPath, () => {}, {
      // Problems of single lines (bytes, length) mean nothing in a file that is not read by line.
      onProblem: (p) => {
        if (!/^line (has bytes|is longer)/.test(p.reason)) tally.add(p.line, p.reason);
      },
      ...(onBytes === undefined ? {} : { onBytes }),
      ...(onChunk === undefined ? {} : { onChunk }),
    });
    return { lines: result.lines, bytes: result.bytes, stopped: result.stopped, crc };
  }
  // The store hashes the bytes for its blocks, and gives their CRC, which the part's goes on from.
  const onRead =
    store === undefined
      ? onChunk
      : (chunk: Buffer): void => {
          const chunkCrc = store.add(chunk);
          if (onChunk !== undefined) crc = crc32Combine(crc, chunkCrc, chunk.length);
        };
  const result = await readLines(
    job.absPath,
    (text, line, bytes, offset) => {
      const normalized = normalizeLine({ file: job.file, line, text, bytes });
      const event = normalized.event;
      if (event !== null) {
        // The view of the chunk read is let go, and the chunk with it.
        if (store !== undefined) event.raw = store.line(offset, bytes.length);
        onEvent(event, normalized.needsTime, offset);
      }
      for (const reason of normalized.problems) tally.add(line, reason);
    },
    {
      start: job.start,
      ...(job.end === undefined ? {} : { end: job.end }),
      lineBase: job.lineBase,
      ...(job.maxLineBytes === undefined ? {} : { maxLineBytes: job.maxLineBytes }),
      onProblem: (p) => tally.add(p.line, p.reason),
      ...(onBytes === undefined ? {} : { onBytes }),
      ...(onRead === undefined ? {} : { onChunk: onRead }),
    },
  );
  // A file that was plain when planned and gzip when read (replaced meanwhile) gave the store
  // compressed bytes, at other offsets than its lines': none of its lines can be read again.
  store?.seal(result.gzip ? null : result.bytes);
  return { lines: result.lines - job.lineBase, bytes: result.bytes, stopped: result.stopped, crc };
}
