import * as z from "zod";
import { CheckedRange } from "../core/incremental/snapshot.ts";
import { isTallyState, type TallyState } from "./findings-tally.ts";

/** A count or an offset: a whole number from 0. */
const Count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** One part of the cached events: the bytes of the file it was parsed from, and where its columns are. */
export const CacheSegment = z.object({
  /** The lines of the file before the part. */
  lineBase: Count,
  /**
   * The file its columns are in, in the cache folder: the index's name without `.parse`, the run,
   * a random part and `.seg` (nothing that could name a file elsewhere).
   */
  file: z.string().regex(/^[0-9a-f]{40}\.[0-9]+\.[0-9a-f]{12}\.seg$/),
  /** How many bytes that file holds. */
  byteLength: Count,
  /** The CRC-32 of that file's bytes. */
  fileCrc: z.number().int().nonnegative().max(0xffffffff),
  /** The first byte of the file the part was parsed from (0 for a gzip file). */
  start: Count,
  /** Where its bytes end (exclusive): the next part's start, or the header's `stop`. */
  end: Count,
  /** The CRC-32 of bytes [start, end) of the file as they were parsed (compressed for gzip). */
  crc: z.number().int().nonnegative().max(0xffffffff),
  /** Which run added the part: 0 for the run that parsed the file from its start, then 1, 2… */
  run: Count,
  /**
   * Of a part merged from others (see merge-parts.ts): the ranges of the parts it was merged from,
   * with their CRC-32s, in order, covering [start, end). A snapshot names the parts its run kept,
   * and a later run's check of them must still find them after a run that kept no snapshot
   * merged them.
   */
  pieces: z.array(CheckedRange).optional(),
});
export type CacheSegment = z.infer<typeof CacheSegment>;

/** The JSON of a cache's index file: what the cached parse was made of, its counts and its parts' files. */
export const CacheHeader = z.object({
  /** What wrote the file: version, code and column signatures, time zone and Node (see cacheFormat()). */
  format: z.string(),
  /** The file's real path. */
  path: z.string(),
  /** The file's device: another file at the same path (a rotated log) has another. */
  dev: z.string(),
  /** The file's inode, for the same reason. */
  ino: z.string(),
  /** The file's size when cached. */
  size: Count,
  /** Its modification time in nanoseconds when cached. */
  mtimeNs: z.string(),
  /**
   * Whether the file was parsed whole, as a gzip file or a JSON array is: cached with its events'
   * bytes, and used only while the file is unchanged.
   */
  gzip: z.boolean(),
  /** Where the cached lines end: after the last complete line of a plain file, the size of a gzip file. */
  stop: Count,
  /** Lines in bytes [0, stop), blank lines included. */
  lines: Count,
  /** Bytes read from disk for them. */
  bytes: Count,
  /** The findings of those lines. */
  tally: z.custom<TallyState>(isTallyState),
  /** The parts of the cached events, in file order, covering bytes [0, stop) without a gap. */
  segments: z.array(CacheSegment),
});
export type CacheHeader = z.infer<typeof CacheHeader>;
