import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, open, readdir, realpath, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32 } from "node:zlib";
import { CheckedFileBytes, checkFile, crcWith, readChecked, readFully, writeFully } from "./file-bytes.ts";
import { codeSignature } from "./code-signature.ts";
import { COLUMNS_LAYOUT, type EventColumns } from "./event-columns.ts";
import type { CheckedRange } from "../core/incremental/snapshot.ts";
import { CacheHeader, type CacheSegment } from "./parse-cache-header.ts";
import { PartFile, partFromBytes, partToBytes } from "./part-file.ts";
import { findProjectRoot } from "./project-root.ts";
import type { TallyState } from "./findings-tally.ts";

/**
 * Bumped whenever the cache files' own layout changes. What the code makes of a line is covered
 * by the code signature, so this needs no bump for that.
 */
const CACHE_FORMAT = 4;

/**
 * The index file's magic bytes; then the length of its JSON (CacheHeader) and the CRC-32 of that
 * JSON, each a 32-bit little-endian number; then the JSON. Each part's columns are in a file of
 * their own, which the index names with its length and CRC-32, so that a run that adds a part
 * writes that part and a new index, not every part again.
 */
const MAGIC = Buffer.from("WSPARSE\u0003", "latin1");

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
  /** The file the cache holds the part's columns in, when it was read from the cache or kept there. */
  stored?: StoredSegment;
  /** Of a part merged from others: their ranges and CRC-32s, in order (see CacheSegment.pieces). */
  pieces?: CheckedRange[];
  /**
   * The part's file, when the lookup left the part there ("in place"): its columns are read from
   * the file only when asked for, whole (`columns`) or the rows a selection picks (select-from-part.ts).
   */
  part?: PartFile;
}

/**
 * How a lookup gives what it found: "read" reads each part's file into memory; "whole" does too,
 * and reads the file's checked bytes into memory as they are checked, for a run that decodes every
 * cached event with its lines held; "in place" leaves the parts of a plain file in their files
 * (CachedSegment.part), for a run that makes only the events it picks (DeferredEvents).
 */
export type LookupMode = "read" | "whole" | "in place";

/** A part's file in the cache folder, as the index names it. */
export interface StoredSegment {
  /** Its name. */
  file: string;
  /** Its length in bytes. */
  bytes: number;
  /** The CRC-32 of its bytes. */
  crc: number;
}

/** Closes the files of the parts a lookup left in place (see CachedSegment.part). */
export function closeParts(cached: CachedParse): void {
  for (const segment of cached.segments) segment.part?.close();
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
  segments: ReadonlyArray<{
    lineBase: number;
    start: number;
    end: number;
    run: number;
    pieces?: readonly CheckedRange[] | undefined;
  }>,
  stop: number,
): boolean {
  let at = 0;
  let lineBase = -1;
  let run = 0;
  for (const s of segments) {
    if (s.start !== at || s.end <= s.start || s.lineBase <= lineBase) return false;
    // A merged part's pieces cover it the same way.
    if (s.pieces !== undefined) {
      let piece = s.start;
      for (const p of s.pieces) {
        if (p.start !== piece || p.end <= p.start) return false;
        piece = p.end;
      }
      if (piece !== s.end) return false;
    }
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

  /**
   * Parts below this size are read into memory even by a lookup "in place": a smaller part costs
   * little fresh memory, and a log of thousands of small files (a Claude Code projects folder)
   * would spend the budget of files held open (MAX_IN_PLACE) on parts that do not need it.
   */
  static readonly IN_PLACE_BYTES = 64 * 1024;

  /**
   * How many parts one cache leaves in place at most, over all its lookups: each holds its file
   * open until the run ends, and a system lets a process hold a thousand or so. Parts past it are
   * read into memory.
   */
  static readonly MAX_IN_PLACE = 64;

  /** How many more parts this cache may leave in place (see MAX_IN_PLACE). */
  private inPlaceLeft = ParseCache.MAX_IN_PLACE;
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

  /**
   * Removes the files of the input's parts (`stem`) that the index just kept does not name
   * (`named`), but only those no run can still need: the parts the index it replaced named
   * (`replaced`), whose save had ended, and parts an hour old that no index names (a killed run's,
   * or those of a run whose index another replaced). A younger part that no index named may be
   * another run's, written before its index: removing it, as every part not named once was, left
   * that run's index naming a file that was gone, and the run after it parsing the whole log again.
   */
  private async removeUnnamed(
    stem: string,
    index: string,
    named: ReadonlySet<string>,
    replaced: ReadonlySet<string>,
  ) {
    const before = Date.now() - LEFTOVER_MS;
    // Nor a part the index in place names now, which another run may have put there meanwhile.
    const current = partsNamedIn(index);
    for (const name of await readdir(this.dir)) {
      if (!name.startsWith(`${stem}.`) || !name.endsWith(".seg") || named.has(name) || current.has(name))
        continue;
      const file = path.join(this.dir, name);
      try {
        if (replaced.has(name) || (await stat(file)).mtimeMs < before) await rm(file, { force: true });
      } catch {
        // Removed meanwhile by another run: nothing to do.
      }
    }
  }

  /** The name every cache file of an input starts with: a hash of its real path. */
  private stemFor(realPath: string): string {
    return createHash("sha1").update(realPath).digest("hex");
  }

  private fileFor(realPath: string): string {
    return path.join(this.dir, `${this.stemFor(realPath)}.parse`);
  }

  /**
   * What the cache holds for the file in state `now`, or null when nothing fits: another format,
   * another file at the path (another inode), a file cut shorter, the same size with another
   * modification time, a changed gzip file, any byte before the cached end other than the parse
   * read it, or a damaged or missing cache file. `mode` says how the parts and the file's bytes are
   * given (see LookupMode).
   */
  async lookup(absPath: string, now: FileState, mode: LookupMode = "read"): Promise<CachedParse | null> {
    const file = this.fileFor(now.realPath);
    const index = readIndex(file);
    if (index === null) {
      this.onRead?.();
      return null;
    }
    // Once: a read that gives up early (a changed file) returns before its parts' reads are
    // issued, and those still tell when they are.
    let told = false;
    const tell = (): void => {
      if (told) return;
      told = true;
      this.onRead?.();
    };
    try {
      const found = await this.read(index, absPath, now, mode, tell).catch(() => null);
      if (found !== null) return found;
      // Another run may have saved the file's cache meanwhile, merging parts this index named
      // and removing their files: once, the index it wrote is read instead. Without this, the
      // run parsed the whole log, and its save then removed the parts the other runs kept.
      const again = readIndex(file);
      if (again === null || again.equals(index)) return null;
      return await this.read(again, absPath, now, mode, tell).catch(() => null);
    } finally {
      tell();
    }
  }

  private async read(
    index: Buffer,
    absPath: string,
    now: FileState,
    mode: LookupMode,
    issued: () => void,
  ): Promise<CachedParse | null> {
    const header = headerOf(index);
    if (header === null) return null;
    if (header.format !== (this.format ?? cacheFormat()) || header.path !== now.realPath) return null;
    if (header.dev !== now.dev || header.ino !== now.ino || now.size < header.size) return null;
    if (now.size === header.size ? now.mtimeNs !== header.mtimeNs : header.gzip) return null;
    if (header.stop > header.size || (!header.gzip && header.bytes !== header.stop)) return null;
    if (!coversInOrder(header.segments, header.stop)) return null;
    if (header.segments.length > 0 && header.segments.at(-1)!.lineBase >= header.lines) return null;
    const stem = this.stemFor(now.realPath);
    if (header.segments.some((s) => !s.file.startsWith(`${stem}.`))) return null;
    // The parts' files are read, or checked where they are, while the file's bytes are checked.
    const partFiles = header.segments.map((s) => path.join(this.dir, s.file));
    const budget = this.inPlaceLeft;
    const inPlace = header.segments.map(
      (s) =>
        mode === "in place" &&
        !header.gzip &&
        s.byteLength >= ParseCache.IN_PLACE_BYTES &&
        this.inPlaceLeft-- > 0,
    );
    // What this read took of the budget, given back when it gives up (see lookup's second read).
    const taken = budget - this.inPlaceLeft;
    const parts = loadParts(partFiles, header.segments, inPlace, issued);
    parts.catch(() => undefined);
    let found: CachedParse | null = null;
    try {
      found = await this.partsAndBytes(header, absPath, mode, parts);
      return found;
    } finally {
      // Parts checked in place for a lookup that gave up are closed, once their checks land.
      if (found === null) {
        this.inPlaceLeft += taken;
        void parts.then(
          (loaded) => loaded?.forEach(closeIfInPlace),
          () => undefined,
        );
      }
    }
  }

  /**
   * The rest of a lookup once its parts' reads or checks are under way: the file's bytes checked,
   * then the parts, made into what the cache holds; null when any does not check.
   */
  private async partsAndBytes(
    header: CacheHeader,
    absPath: string,
    mode: LookupMode,
    parts: Promise<LoadedPart[] | null>,
  ): Promise<CachedParse | null> {
    // The file's bytes up to the cached end, all of them, each part's checked against the CRC the
    // parse took of them; a plain file's events are read from them again, block by block, as
    // they are made, or all at once here when all are to be made.
    let raw: CheckedFileBytes | null = null;
    if (mode === "whole" && !header.gzip) {
      raw = await readChecked(absPath, header.stop, header.segments);
      if (raw === null) return null;
    } else {
      const blockCrcs = await checkFile(absPath, header.stop, header.segments);
      if (blockCrcs === null) return null;
      if (!header.gzip) raw = new CheckedFileBytes(absPath, header.stop, blockCrcs);
    }
    const loaded = await parts;
    if (loaded === null) return null;
    const segments: CachedSegment[] = [];
    for (const [
      k,
      { lineBase, file, byteLength, fileCrc, start, end, crc, run, pieces },
    ] of header.segments.entries()) {
      const kept = {
        start,
        end,
        crc,
        run,
        stored: { file, bytes: byteLength, crc: fileCrc },
        ...(pieces === undefined ? {} : { pieces }),
      };
      const part = loaded[k];
      if (part instanceof PartFile) {
        // Checked where it is; its columns are read when asked for (a getter, which a spread reads).
        segments.push({
          lineBase,
          get columns() {
            return part.all();
          },
          part,
          ...kept,
        });
        continue;
      }
      const bytes = part;
      if (bytes === undefined) return null;
      // Every byte of each part's file, so a damaged one is a miss.
      if (bytes.length !== byteLength || crc32(bytes) !== fileCrc) return null;
      const columns = partFromBytes(bytes);
      if (columns === null) return null;
      segments.push({ lineBase, columns, ...kept });
    }
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
   * Keeps `entry` for the file in state `state`, replacing what was kept: each part not yet in a
   * file of the cache is written to one, then the index naming them all is written under a
   * temporary name and renamed into place, so a reader never sees half of it; files of the input's
   * parts that the index no longer names are removed last. Nothing is read from the file here:
   * each part carries the CRC its parse took of the bytes it read, so a file rewritten during the
   * run never gets new hashes beside old columns. Parts that do not cover bytes [0, stop) are not
   * kept. Throws on a failure to write, which the caller reports and goes on.
   */
  async save(state: FileState, entry: CacheEntry): Promise<void> {
    if (!coversInOrder(entry.segments, entry.stop)) return;
    if (!entry.gzip && entry.bytes !== entry.stop) return;
    await mkdir(this.dir, { recursive: true });
    await this.removeLeftovers();
    const stem = this.stemFor(state.realPath);
    const written: string[] = [];
    // A plain file's lines are read from it again, at their offsets: not kept.
    const store = (s: CachedSegment): Promise<StoredSegment> =>
      writeSegment(this.dir, stem, s.run, partToBytes(s.columns, entry.gzip));
    try {
      const segments: CacheSegment[] = [];
      for (const s of entry.segments) {
        let stored = s.stored;
        if (stored === undefined) {
          stored = await store(s);
          written.push(stored.file);
        }
        segments.push(indexed(s, stored));
      }
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
        segments,
      };
      const target = this.fileFor(state.realPath);
      const replaced = await writeIndex(target, header);
      written.length = 0;
      // A part this index names that another run's save removed meanwhile (it had read an index
      // that named it, and kept a parse that does not) is written again, under a new name, from
      // what this run holds of it, and the index with it. Once: a run beside it may go on
      // replacing the index, whose own parts are that run's to keep whole.
      const gone = segments.flatMap((s, k) => (existsSync(path.join(this.dir, s.file)) ? [] : [k]));
      if (gone.length > 0)
        try {
          for (const k of gone) segments[k] = indexed(entry.segments[k]!, await store(entry.segments[k]!));
          for (const name of await writeIndex(target, { ...header, segments })) replaced.add(name);
        } catch {
          // Columns no longer at hand (their file closed): the next run misses, as it would have.
        }
      await this.removeUnnamed(stem, target, new Set(segments.map((s) => s.file)), replaced);
    } finally {
      // Parts written for an index that was never written.
      for (const file of written) await rm(path.join(this.dir, file), { force: true }).catch(() => undefined);
    }
  }
}

/** A part as the index names it: where it is in the file, and the cache file that holds it. */
function indexed(s: CachedSegment, stored: StoredSegment): CacheSegment {
  const { lineBase, start, end, crc, run, pieces } = s;
  return {
    lineBase,
    file: stored.file,
    byteLength: stored.bytes,
    fileCrc: stored.crc,
    start,
    end,
    crc,
    run,
    ...(pieces === undefined ? {} : { pieces }),
  };
}

/**
 * Writes the index `header` at `target`, through a temporary name renamed over the index there,
 * and gives the files of the parts the index it replaced named. Not through replaceFile, which
 * leaves a moment with no index at `target`: a run beside this one that looked then took the
 * cache for empty, parsed the whole log and removed the parts the other runs' indexes named. A
 * rename over an index of a few kilobytes costs nothing of note.
 */
async function writeIndex(target: string, header: CacheHeader): Promise<Set<string>> {
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const top = Buffer.alloc(16);
  MAGIC.copy(top, 0);
  top.writeUInt32LE(json.length, 8);
  top.writeUInt32LE(crc32(json), 12);
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    const handle = await open(temporary, "w");
    try {
      await writeFully(handle, [top, json], 0);
    } finally {
      await handle.close();
    }
    const replaced = partsNamedIn(target);
    await rename(temporary, target);
    return replaced;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The bytes of the index in `file` (a few kilobytes, read at once), or null when there is none to read. */
function readIndex(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * The files of the parts the index in `file` names; none when there is no index there, or it does
 * not read as one.
 */
export function partsNamedIn(file: string): Set<string> {
  const index = readIndex(file);
  try {
    return new Set((index === null ? null : headerOf(index))?.segments.map((s) => s.file) ?? []);
  } catch {
    return new Set();
  }
}

/**
 * The header of an index file's bytes, or null when they are not an index: another kind of file,
 * lengths that do not fit, a CRC-32 that does not match (a damaged index with plausible lengths),
 * or JSON its schema refuses.
 */
function headerOf(index: Buffer): CacheHeader | null {
  if (index.length < 16 || !index.subarray(0, 8).equals(MAGIC)) return null;
  if (16 + index.readUInt32LE(8) !== index.length) return null;
  if (crc32(index.subarray(16)) !== index.readUInt32LE(12)) return null;
  const parsed = CacheHeader.safeParse(JSON.parse(index.toString("utf8", 16)));
  return parsed.success ? parsed.data : null;
}

/**
 * Writes a part's columns to a new file of the cache folder, named by the input's stem, the run
 * and a random part, and gives it as the index names it.
 */
async function writeSegment(
  dir: string,
  stem: string,
  run: number,
  pieces: Buffer[],
): Promise<StoredSegment> {
  const file = `${stem}.${run}.${randomBytes(6).toString("hex")}.seg`;
  let crc = 0;
  let bytes = 0;
  for (const piece of pieces) {
    crc = crcWith(crc, piece);
    bytes += piece.length;
  }
  // A new name: "wx" never writes over a file, and a file left by a killed run is named by no index.
  const target = path.join(dir, file);
  const handle = await open(target, "wx");
  try {
    try {
      await writeFully(handle, pieces, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // Half written (a full disk): not left behind, as no index is to name it.
    await rm(target, { force: true }).catch(() => undefined);
    throw error;
  }
  return { file, bytes, crc: crc >>> 0 };
}

/** A part's file as a lookup gives it: its bytes read, or the file checked where it is. */
type LoadedPart = Buffer | PartFile;

/**
 * Each part's file, read (readFiles) or, where `inPlace` says so, checked where it is (PartFile),
 * once all the reads and checks are under way; null when a part in place does not check, a miss
 * for the whole lookup, whose parts are then closed.
 */
async function loadParts(
  files: readonly string[],
  segments: readonly CacheSegment[],
  inPlace: readonly boolean[],
  issued: () => void,
): Promise<LoadedPart[] | null> {
  const checks = files.map((file, k) =>
    inPlace[k] === true ? PartFile.open(file, segments[k]!.byteLength, segments[k]!.fileCrc) : null,
  );
  const reads = readFiles(
    files.filter((_, k) => inPlace[k] !== true),
    issued,
  );
  // Settled, not all: a check that throws (a file gone) leaves the others' files to close.
  const checked = (await Promise.allSettled(checks)).map((check) =>
    check.status === "fulfilled" ? check.value : null,
  );
  let read: Buffer[];
  try {
    read = await reads;
  } catch (error) {
    checked.forEach((part) => part?.close());
    throw error;
  }
  if (checked.some((part, k) => inPlace[k] === true && part === null)) {
    checked.forEach((part) => part?.close());
    return null;
  }
  let next = 0;
  return files.map((_, k) => checked[k] ?? (read[next++] as Buffer));
}

/** Closes a part a lookup left in place (see CachedSegment.part). */
function closeIfInPlace(part: LoadedPart): void {
  if (part instanceof PartFile) part.close();
}

/**
 * The bytes of each file, each read in one request (`readFile` reads half a megabyte at a time,
 * each read waiting for the main thread to ask for the next), all at once, so that the main thread
 * can work while the kernel fills them: `issued` is told once every request is under way. Each
 * file's bytes are memory of their own, on an 8-byte boundary, as columns are read in place.
 */
async function readFiles(files: readonly string[], issued: () => void): Promise<Buffer[]> {
  const handles: FileHandle[] = [];
  try {
    for (const file of files) handles.push(await open(file, "r"));
    const reads: Array<Promise<Buffer>> = [];
    for (const handle of handles) {
      const { size } = await handle.stat();
      const bytes = Buffer.allocUnsafeSlow(size);
      const reading = readFully(handle, bytes, 0, size, 0).then((done) => bytes.subarray(0, done));
      reading.catch(() => undefined);
      reads.push(reading);
    }
    issued();
    return await Promise.all(reads);
  } finally {
    for (const handle of handles) await handle.close();
  }
}
