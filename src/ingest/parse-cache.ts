import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, open, readFile, realpath, rename, rm, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { columnsFromBytes, columnsToBytes, type EventColumns } from "./event-columns.ts";
import { isTallyState, type TallyState } from "./findings-tally.ts";

/**
 * Bumped whenever the cache file's layout, the columns' encoding or what `normalizeLine` makes of
 * a line changes, so that no cache written by other code is ever read.
 */
const CACHE_FORMAT = 1;

const MAGIC = Buffer.from("WSPARSE\u0001", "latin1");
/** How much of a file's head is hashed: enough to tell a rewritten file from the one cached. */
const HEAD_BYTES = 64 * 1024;
/** How many bytes before the cached end are hashed: a file that only grew still has them. */
const STOP_BYTES = 4096;

/** The folder the cache lives in when no `--cache` says: `$XDG_CACHE_HOME/workscope`, else `~/.cache/workscope`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env["XDG_CACHE_HOME"];
  return path.join(
    xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(homedir(), ".cache"),
    "workscope",
  );
}

/** The workscope version, from the package.json above this module (source or bundle); "" when none is found. */
function workscopeVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      try {
        return String((JSON.parse(readFileSync(file, "utf8")) as { version?: unknown }).version ?? "");
      } catch {
        return "";
      }
    }
    if (path.dirname(dir) === dir) return "";
  }
}

let format: string | null = null;
/** What a cache file must have been written by: this workscope version and this cache format. */
function cacheFormat(): string {
  return (format ??= `workscope ${workscopeVersion()} parse cache ${CACHE_FORMAT}`);
}

/** What identifies the state of a file a cache was made of. */
interface Identity {
  /** The device and inode: another file at the same path (a rotated log) has others. */
  dev: string;
  ino: string;
  /** The size when cached. */
  size: number;
  /** The modification time in nanoseconds. */
  mtimeNs: string;
}

/** The head of a cache file, as JSON. */
interface Header extends Identity {
  /** The cache format, see cacheFormat(). */
  format: string;
  /** The file's real path. */
  path: string;
  /** Whether the file is gzip (cached whole: its lines and their bytes). */
  gzip: boolean;
  /** Where the cached lines end: after the last complete line of a plain file, the size of a gzip file. */
  stop: number;
  /** A hash of the file's first bytes, up to `stop`. */
  headHash: string;
  /** A hash of the bytes just before `stop`. */
  stopHash: string;
  /** Lines in bytes [0, stop), blank lines included. */
  lines: number;
  /** Bytes read from disk for them. */
  bytes: number;
  /** The findings of those lines. */
  tally: TallyState;
  /** The parts of the cached events, each with the lines before it, in order. */
  segments: Array<{ lineBase: number; byteLength: number }>;
}

/** A part of the cached events. */
export interface CachedSegment {
  /** The lines of the file before the part. */
  lineBase: number;
  /** Its events; their line bytes are in `CachedParse.raw` at `rawStart`. */
  columns: EventColumns;
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
  /** The bytes the events' lines are views of: the file's first `stop` bytes, or a gzip file's lines. */
  raw: Uint8Array | null;
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
export interface FileState extends Identity {
  /** The file's real path, which names its cache file. */
  realPath: string;
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

function hash(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex");
}

/**
 * The parse cache: one file per input file in `dir`, named by a hash of the input's real path.
 * Every failure to read a cache file is a miss, so a damaged cache costs a parse, never a wrong
 * Report.
 */
export class ParseCache {
  readonly dir: string;
  /** How many parts a file's cache may have before it is made again from one parse. */
  static readonly MAX_SEGMENTS = 64;

  constructor(dir: string) {
    this.dir = dir;
  }

  private fileFor(realPath: string): string {
    return path.join(this.dir, `${createHash("sha1").update(realPath).digest("hex")}.parse`);
  }

  /**
   * What the cache holds for the file in state `now`, or null when nothing fits: another file at
   * the path (another inode), a file cut shorter, other bytes in its head or before the cached
   * end, the same size with another modification time, another format, or a damaged cache file.
   * A gzip file is used only when it is unchanged.
   */
  async lookup(absPath: string, now: FileState): Promise<CachedParse | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.fileFor(now.realPath));
    } catch {
      return null;
    }
    try {
      return await this.read(bytes, absPath, now);
    } catch {
      return null;
    }
  }

  private async read(bytes: Buffer, absPath: string, now: FileState): Promise<CachedParse | null> {
    if (bytes.length < 16 || !bytes.subarray(0, 8).equals(MAGIC)) return null;
    const headerLength = bytes.readUInt32LE(8);
    if (16 + headerLength > bytes.length) return null;
    const header = JSON.parse(bytes.toString("utf8", 16, 16 + headerLength)) as Header;
    if (!isHeader(header) || header.format !== cacheFormat() || header.path !== now.realPath) return null;
    if (header.dev !== now.dev || header.ino !== now.ino || now.size < header.size) return null;
    if (now.size === header.size ? now.mtimeNs !== header.mtimeNs : header.gzip) return null;
    if (header.stop > header.size) return null;
    // The file's bytes up to the cached end: the head and stop hashes are taken from them, and a
    // plain file's events are views of them.
    const head = await readRange(absPath, header.gzip ? Math.min(header.stop, HEAD_BYTES) : header.stop);
    if (head === null) return null;
    if (hash(head.subarray(0, Math.min(head.length, HEAD_BYTES))) !== header.headHash) return null;
    if (!header.gzip && hash(head.subarray(Math.max(0, header.stop - STOP_BYTES))) !== header.stopHash)
      return null;
    const segments: CachedSegment[] = [];
    // Columns are read in place, which needs them on an 8-byte boundary in memory as in the file.
    const body = bytes.byteOffset % 8 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
    let at = align8(16 + headerLength);
    for (const { lineBase, byteLength } of header.segments) {
      const { columns, end } = columnsFromBytes(body, at);
      if (end - at !== byteLength) return null;
      segments.push({ lineBase, columns });
      at = end;
    }
    if (at !== bytes.length) return null;
    return {
      stop: header.stop,
      lines: header.lines,
      bytes: header.bytes,
      tally: header.tally,
      segments,
      raw: header.gzip ? null : head,
    };
  }

  /**
   * Keeps `entry` for the file in state `state`, replacing what was kept: written under a
   * temporary name and renamed into place, so a reader never sees half a file. Throws on a
   * failure to write, which the caller reports and goes on.
   */
  async save(absPath: string, state: FileState, entry: CacheEntry): Promise<void> {
    // Only the bytes the checks hash are read: the head, and those just before the stop.
    const head = await readRange(absPath, Math.min(entry.stop, HEAD_BYTES));
    const beforeStop = await readRange(
      absPath,
      entry.stop - Math.max(0, entry.stop - STOP_BYTES),
      Math.max(0, entry.stop - STOP_BYTES),
    );
    if (head === null || beforeStop === null) return;
    const pieces = entry.segments.map((s) =>
      columnsToBytes(
        entry.gzip
          ? s.columns
          : { ...s.columns, rawStart: s.columns.fileOffset, rawBytes: new Uint8Array(0) },
        entry.gzip,
      ),
    );
    const header: Header = {
      format: cacheFormat(),
      path: state.realPath,
      dev: state.dev,
      ino: state.ino,
      size: state.size,
      mtimeNs: state.mtimeNs,
      gzip: entry.gzip,
      stop: entry.stop,
      headHash: hash(head),
      stopHash: hash(beforeStop),
      lines: entry.lines,
      bytes: entry.bytes,
      tally: entry.tally,
      segments: entry.segments.map((s, i) => ({
        lineBase: s.lineBase,
        byteLength: pieces[i]!.reduce((n, p) => n + p.length, 0),
      })),
    };
    const json = Buffer.from(JSON.stringify(header), "utf8");
    const top = Buffer.alloc(align8(16 + json.length));
    MAGIC.copy(top, 0);
    top.writeUInt32LE(json.length, 8);
    json.copy(top, 16);
    await mkdir(this.dir, { recursive: true });
    const target = this.fileFor(state.realPath);
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      const handle = await open(temporary, "w");
      try {
        await handle.writev([top, ...pieces.flat()]);
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

function align8(n: number): number {
  return n + ((8 - (n % 8)) % 8);
}

/** The file's `length` bytes from `from` (its first ones when absent), or null when it holds fewer. */
async function readRange(absPath: string, length: number, from = 0): Promise<Buffer | null> {
  const handle = await open(absPath, "r");
  try {
    const buffer = Buffer.allocUnsafe(length);
    let at = 0;
    while (at < length) {
      const { bytesRead } = await handle.read(buffer, at, length - at, from + at);
      if (bytesRead === 0) return null;
      at += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

function isHeader(h: unknown): h is Header {
  if (typeof h !== "object" || h === null) return false;
  const v = h as Record<string, unknown>;
  const count = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;
  return (
    typeof v["format"] === "string" &&
    typeof v["path"] === "string" &&
    typeof v["dev"] === "string" &&
    typeof v["ino"] === "string" &&
    typeof v["mtimeNs"] === "string" &&
    typeof v["gzip"] === "boolean" &&
    typeof v["headHash"] === "string" &&
    typeof v["stopHash"] === "string" &&
    count(v["size"]) &&
    count(v["stop"]) &&
    count(v["lines"]) &&
    count(v["bytes"]) &&
    isTallyState(v["tally"]) &&
    Array.isArray(v["segments"]) &&
    v["segments"].every(
      (s: unknown) =>
        typeof s === "object" &&
        s !== null &&
        count((s as Record<string, unknown>)["lineBase"]) &&
        count((s as Record<string, unknown>)["byteLength"]),
    )
  );
}
