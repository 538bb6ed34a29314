import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, open, readdir, realpath, rm, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32 } from "node:zlib";
import { CheckedFileBytes, checkFile, crcWith, readChecked, readFully } from "./file-bytes.ts";
import { codeSignature } from "./code-signature.ts";
import { columnsFromBytes, columnsToBytes, COLUMNS_LAYOUT, type EventColumns } from "./event-columns.ts";
import { CacheHeader } from "./parse-cache-header.ts";
import { findProjectRoot } from "./project-root.ts";
import type { TallyState } from "./findings-tally.ts";
import { replaceFile } from "./replace-file.ts";
import { align8 } from "./row-columns.ts";

/**
 * Bumped whenever the cache file's own layout changes. What the code makes of a line is covered
 * by the code signature, so this needs no bump for that.
 */
const CACHE_FORMAT = 2;

/**
 * The magic bytes; then the header's length and the CRC-32 of everything after the first 16
 * bytes (the header and every column), each a 32-bit little-endian number.
 */
const MAGIC = Buffer.from("WSPARSE\u0002", "latin1");

/** How old a temporary file in the cache folder must be before a run takes it for a killed run's. */
const LEFTOVER_MS = 60 * 60 * 1000;

/**
 * The signature of the parsing code, which scripts/bundle-cli.ts writes into the bundle (esbuild
 * `define`) as the bundle does not carry the sources it hashes; undefined when running from source.
 */
declare const WORKSCOPE_PARSE_CODE_SIGNATURE: string | undefined;

/** The folder the cache lives in when no `--cache` says: `$XDG_CACHE_HOME/workscope`, else `~/.cache/workscope`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env["XDG_CACHE_HOME"];
  return path.join(
    xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(homedir(), ".cache"),
    "workscope",
  );
}

/** The workscope version, from the project's package.json (source or bundle); "" when it cannot be read. */
function workscopeVersion(): string {
  try {
    const file = path.join(projectRoot(), "package.json");
    return String((JSON.parse(readFileSync(file, "utf8")) as { version?: unknown }).version ?? "");
  } catch {
    return "";
  }
}

/** The project's folder, looked for from this module, which lies in src/ingest/ or in the bundle. */
function projectRoot(): string {
  return findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
}

/**
 * The signature of the code that shapes a parse: the bundle's, or a hash of the sources under
 * src/core and src/ingest when running from them. A bundle without one (which its bundler always
 * gives) gets a signature of its own process, so its cache is never read by another run.
 */
function parseCodeSignature(): string {
  if (typeof WORKSCOPE_PARSE_CODE_SIGNATURE === "string") return WORKSCOPE_PARSE_CODE_SIGNATURE;
  if (!import.meta.url.endsWith(".ts")) return `unknown ${randomBytes(8).toString("hex")}`;
  return codeSignature(projectRoot());
}

let format: string | null = null;
/**
 * What a cache file must have been written by: this workscope version and cache format, the same
 * parsing code and column layout, the same time zone (a time without an offset is read in the
 * process's zone) and the same Node (findings quote V8's JSON error texts). Worked out once, and
 * only when the cache is used.
 */
export function cacheFormat(): string {
  return (format ??= [
    `workscope ${workscopeVersion()} parse cache ${CACHE_FORMAT}`,
    `code ${parseCodeSignature()}`,
    `columns ${createHash("sha1").update(COLUMNS_LAYOUT).digest("hex")}`,
    `zone ${Intl.DateTimeFormat().resolvedOptions().timeZone}`,
    `node ${process.version}`,
  ].join("; "));
}

/** A part of the cached events. */
export interface CachedSegment {
  /** The lines of the file before the part. */
  lineBase: number;
  /** Its events; their line bytes are in `CachedParse.raw` at `rawStart`. */
  columns: EventColumns;
  /** The first byte of the file the part was parsed from. */
  start: number;
  /** Where its bytes end (exclusive). */
  end: number;
  /** The CRC-32 of those bytes as the parse read them. */
  crc: number;
  /** Which run added the part: 0 for the run that parsed the file from its start, then 1, 2… */
  run: number;
}

/** What the cache holds for a file whose state still fits it. */
export interface CachedParse {
  /** Where the cached lines end; lines after it are to be parsed. */
  stop: number;
  /** Lines before `stop`. */
  lines: number;
  /** Bytes read for them. */
  bytes: number;
  /** Their findings. */
  tally: TallyState;
  /** Their events, in parts. */
  segments: CachedSegment[];
  /** The file's first `stop` bytes, which the events' lines are views of; null for gzip, whose columns hold them. */
  raw: CheckedFileBytes | null;
}

/** What the cache is to keep for a file after a run. */
export interface CacheEntry {
  /** Whether the file is gzip. */
  gzip: boolean;
  /** Where the cached lines end. */
  stop: number;
  /** Lines before `stop`. */
  lines: number;
  /** Bytes read for them. */
  bytes: number;
  /** Their findings. */
  tally: TallyState;
  /** Their events, in parts. */
  segments: CachedSegment[];
}

/** The state of a file on disk as the cache compares it. */
export interface FileState {
  /** The file's real path, which names its cache file. */
  realPath: string;
  /** The device: another file at the same path (a rotated log) has another. */
  dev: string;
  /** The inode, for the same reason. */
  ino: string;
  /** The size. */
  size: number;
  /** The modification time in nanoseconds. */
  mtimeNs: string;
}

/** The file's state now. */
export async function fileState(absPath: string): Promise<FileState> {
  const s = await stat(absPath, { bigint: true });
  return {
    realPath: await realpath(absPath),
    dev: String(s.dev),
    ino: String(s.ino),
    size: Number(s.size),
    mtimeNs: String(s.mtimeNs),
  };
}

/**
 * Whether the parts cover bytes [0, stop) in order without a gap or an overlap, and each starts
 * after more lines than the one before it (a complete part holds at least one line).
 */
function coversInOrder(
  segments: ReadonlyArray<{ lineBase: number; start: number; end: number; run: number }>,
  stop: number,
): boolean {
  let at = 0;
  let lineBase = -1;
  let run = 0;
  for (const s of segments) {
    if (s.start !== at || s.end <= s.start || s.lineBase <= lineBase) return false;
    // Runs go on from 0 without a gap: a run adds one part or more, after the earlier runs' parts.
    if (s.run !== run && s.run !== run + 1) return false;
    at = s.end;
    lineBase = s.lineBase;
    run = s.run;
  }
  return at === stop && (segments.length === 0 || (segments[0]!.lineBase === 0 && segments[0]!.run === 0));
}

/**
 * The parse cache: one file per input file in `dir`, named by a hash of the input's real path.
 * Every failure to read a cache file is a miss, so a damaged cache costs a parse, never a wrong
 * Report.
 */
export class ParseCache {
  readonly dir: string;
  /**
   * How many runs may have added parts to a file's cache before it is made again from one parse:
   * a run on workers adds a part per range, so the parts of one run count once.
   */
  static readonly MAX_RUNS = 64;
  /** The format cache files are written and read under; cacheFormat() when absent. */
  private readonly format: string | undefined;

  /** `format` replaces cacheFormat(), for tests of a cache written by other code. */
  constructor(dir: string, format?: string, onRead?: () => void) {
    this.dir = dir;
    this.format = format;
    this.onRead = onRead;
  }

  /** Told when a lookup's read of a cache file is under way, or when it found none to read. */
  private readonly onRead: (() => void) | undefined;

  /** Whether this run looked for temporary files a killed run left behind. */
  private swept = false;

  /**
   * Removes the temporary files of saves that never finished (a killed run), once per run. Only
   * those older than an hour: a younger one may be another run's save under way.
   */
  private async removeLeftovers(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const before = Date.now() - LEFTOVER_MS;
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(".tmp")) continue;
      const file = path.join(this.dir, name);
      try {
        if ((await stat(file)).mtimeMs < before) await rm(file, { force: true });
      } catch {
        // Removed meanwhile by another run, or not ours to remove: either way nothing to do.
      }
    }
  }

  private fileFor(realPath: string): string {
    return path.join(this.dir, `${createHash("sha1").update(realPath).digest("hex")}.parse`);
  }

  /**
   * What the cache holds for the file in state `now`, or null when nothing fits: another format,
   * another file at the path (another inode), a file cut shorter, the same size with another
   * modification time, a changed gzip file, any byte before the cached end other than the parse
   * read it, or a damaged cache file. With `whole`, for a run that decodes every cached event, the
   * file's bytes are read into memory once, as they are checked (see readChecked).
   */
  async lookup(absPath: string, now: FileState, whole = false): Promise<CachedParse | null> {
    let bytes: Buffer;
    try {
      bytes = await readWhole(this.fileFor(now.realPath), this.onRead);
    } catch {
      this.onRead?.();
      return null;
    }
    try {
      return await this.read(bytes, absPath, now, whole);
    } catch {
      return null;
    }
  }

  private async read(
    bytes: Buffer,
    absPath: string,
    now: FileState,
    whole: boolean,
  ): Promise<CachedParse | null> {
    if (bytes.length < 16 || !bytes.subarray(0, 8).equals(MAGIC)) return null;
    const headerLength = bytes.readUInt32LE(8);
    if (16 + headerLength > bytes.length) return null;
    // Every byte of the header and the columns, so a damaged cache with plausible lengths is a miss.
    if (crc32(bytes.subarray(16)) !== bytes.readUInt32LE(12)) return null;
    const parsed = CacheHeader.safeParse(JSON.parse(bytes.toString("utf8", 16, 16 + headerLength)));
    if (!parsed.success) return null;
    const header = parsed.data;
    if (header.format !== (this.format ?? cacheFormat()) || header.path !== now.realPath) return null;
    if (header.dev !== now.dev || header.ino !== now.ino || now.size < header.size) return null;
    if (now.size === header.size ? now.mtimeNs !== header.mtimeNs : header.gzip) return null;
    if (header.stop > header.size || (!header.gzip && header.bytes !== header.stop)) return null;
    if (!coversInOrder(header.segments, header.stop)) return null;
    if (header.segments.length > 0 && header.segments.at(-1)!.lineBase >= header.lines) return null;
    // The file's bytes up to the cached end, all of them, each part's checked against the CRC the
    // parse took of them; a plain file's events are read from them again, block by block, as
    // they are made, or all at once here when all are to be made.
    let raw: CheckedFileBytes | null = null;
    if (whole && !header.gzip) {
      raw = await readChecked(absPath, header.stop, header.segments);
      if (raw === null) return null;
    } else {
      const blockCrcs = await checkFile(absPath, header.stop, header.segments);
      if (blockCrcs === null) return null;
      if (!header.gzip) raw = new CheckedFileBytes(absPath, header.stop, blockCrcs);
    }
    const segments: CachedSegment[] = [];
    // Columns are read in place, which needs them on an 8-byte boundary in memory as in the file.
    const body = bytes.byteOffset % 8 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
    let at = align8(16 + headerLength);
    for (const { lineBase, byteLength, start, end, crc, run } of header.segments) {
      const { columns, end: columnsEnd } = columnsFromBytes(body, at);
      if (columnsEnd - at !== byteLength) return null;
      segments.push({ lineBase, columns, start, end, crc, run });
      at = columnsEnd;
    }
    if (at !== bytes.length) return null;
    return {
      stop: header.stop,
      lines: header.lines,
      bytes: header.bytes,
      tally: header.tally,
      segments,
      raw,
    };
  }

  /**
   * Keeps `entry` for the file in state `state`, replacing what was kept: written under a
   * temporary name and renamed into place, so a reader never sees half a file. Nothing is read
   * from the file here: each part carries the CRC its parse took of the bytes it read, so a file
   * rewritten during the run never gets new hashes beside old columns. Parts that do not cover
   * bytes [0, stop) are not kept. Throws on a failure to write, which the caller reports and goes on.
   */
  async save(state: FileState, entry: CacheEntry): Promise<void> {
    if (!coversInOrder(entry.segments, entry.stop)) return;
    if (!entry.gzip && entry.bytes !== entry.stop) return;
    // A plain file's lines are read from it again, at their offsets: not kept.
    const pieces = entry.segments.map((s) => columnsToBytes(s.columns, entry.gzip));
    const header: CacheHeader = {
      format: this.format ?? cacheFormat(),
      path: state.realPath,
      dev: state.dev,
      ino: state.ino,
      size: state.size,
      mtimeNs: state.mtimeNs,
      gzip: entry.gzip,
      stop: entry.stop,
      lines: entry.lines,
      bytes: entry.bytes,
      tally: entry.tally,
      segments: entry.segments.map((s, i) => ({
        lineBase: s.lineBase,
        byteLength: pieces[i]!.reduce((n, p) => n + p.length, 0),
        start: s.start,
        end: s.end,
        crc: s.crc,
        run: s.run,
      })),
    };
    const json = Buffer.from(JSON.stringify(header), "utf8");
    const top = Buffer.alloc(align8(16 + json.length));
    MAGIC.copy(top, 0);
    top.writeUInt32LE(json.length, 8);
    json.copy(top, 16);
    let crc = crc32(top.subarray(16));
    for (const piece of pieces.flat()) crc = crcWith(crc, piece);
    top.writeUInt32LE(crc, 12);
    await mkdir(this.dir, { recursive: true });
    await this.removeLeftovers();
    const target = this.fileFor(state.realPath);
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      const handle = await open(temporary, "w");
      try {
        await handle.writev([top, ...pieces.flat()]);
      } finally {
        await handle.close();
      }
      await replaceFile(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

/**
 * A file's bytes, read in one request (`readFile` reads half a megabyte at a time, each read
 * waiting for the main thread to ask for the next), so that the main thread can work while the
 * kernel fills them: `issued` is told once the request is under way.
 */
async function readWhole(file: string, issued?: () => void): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    const reading = readFully(handle, bytes, 0, size, 0);
    issued?.();
    const done = await reading;
    return done === size ? bytes : bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}
