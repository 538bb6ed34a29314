import { createHash, randomBytes } from "node:crypto";
import type { BigIntStats } from "node:fs";
import { copyFile, type FileHandle, link, mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { crcOf, crcWith, readFully, writeFully } from "./file-bytes.ts";
import { whileLocked } from "./cache-lock.ts";
import { replaceFile } from "./replace-file.ts";
import { openOver } from "./write-over.ts";
import { pieceText, type Piece, type ReportPieces } from "../core/incremental/report-pieces.ts";
import type { AnalysisSnapshot, ReportFile } from "../core/incremental/snapshot.ts";
import { cacheFormat } from "./parse-cache.ts";
import { align8, arraysFromBytes, arraysToBytes, type ArrayLayout } from "./row-columns.ts";
import {
  snapshotFromColumns,
  snapshotToColumns,
  type SnapshotColumns,
  type SnapshotHead,
} from "./snapshot-columns.ts";
import { BATCH_BYTES } from "./write-output.ts";

/** The first bytes of a snapshot file: its kind and the version of its layout. */
const MAGIC = Buffer.from("WSANALY\u0002", "latin1");

/** What a snapshot must have been written by: the parse cache's format (same code and Node), and this layout. */
export function snapshotFormat(): string {
  return `${cacheFormat()}; analysis snapshot 4`;
}

/**
 * Where the snapshot of an analysis of `inputs` from `cwd` is kept in the cache folder: one per
 * set of inputs and working directory, as the Report's paths are relative to it.
 */
export function snapshotFile(cacheDir: string, cwd: string, inputs: readonly string[]): string {
  const key = createHash("sha1")
    .update(JSON.stringify([cwd, [...inputs]]))
    .digest("hex");
  return path.join(cacheDir, `${key}.analysis`);
}

/**
 * The Report a snapshot was taken with, as the cache keeps it beside the snapshot: open for
 * reading, and checked to be the very file the snapshot names.
 */
export interface KeptReport {
  /** The file, open for reading; whoever reads the snapshot closes it. */
  handle: FileHandle;
  /** Its path. */
  path: string;
  /** The Report's length in bytes, without its final newline. */
  bytes: number;
  /** When the file was last written, in nanoseconds since 1970, as it was checked. */
  modified: string;
}

/** A snapshot and the Report it was taken with. */
export interface KeptAnalysis {
  snapshot: AnalysisSnapshot;
  report: KeptReport;
  /** The table of strings its columns name, as read: the next snapshot's starts with it (see snapshotToColumns). */
  strings: SnapshotStrings;
}

/** A snapshot's table of strings: the strings, and the JSON text of them the file held. */
export interface SnapshotStrings {
  values: readonly string[];
  json: Uint8Array;
}

/** A file kept beside the snapshot in `file`: its name, with `extension` in place of `.analysis`. */
function besideSnapshot(file: string, extension: string): string {
  return file.replace(/\.analysis$/, "") + extension;
}

/** Where the Report of the snapshot kept in `file` is kept: beside it, under the same name. */
export function keptReportFile(file: string): string {
  return besideSnapshot(file, ".report");
}

/**
 * Where the Report before the kept one is kept, as a file for the next Report to be written over
 * (see openOver).
 */
export function spareReportFile(file: string): string {
  return besideSnapshot(file, ".spare");
}

/**
 * The snapshot kept in `file` and its Report, or null when there is none, or it was written by
 * other code, or any byte of it is damaged (a CRC covers the whole file), or its Report is not the
 * file it names as it was then: a miss costs a whole analysis, never a wrong Report (the file's
 * layout is at snapshotBytes). The Report is another name of the file the command wrote (a hard
 * link), or a copy of it where a link cannot be made, so that its bytes are written once and read only where
 * kept. It must be the same file with the same length and modification time; when its change time
 * moved too, as it does when the Report written is deleted or replaced, its bytes must also have
 * the CRC taken as they were written. The snapshot is decoded once `ready` settles, so that a
 * caller can have its reads under way first.
 */
export async function readSnapshot(
  file: string,
  ready: Promise<void> = Promise.resolve(),
): Promise<KeptAnalysis | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  let snapshot: AnalysisSnapshot;
  let strings: SnapshotStrings;
  try {
    if (bytes.length < HEAD || !bytes.subarray(0, 8).equals(MAGIC)) return null;
    if (HEAD + bytes.readUInt32LE(8) !== bytes.length) return null;
    if (crc32(bytes.subarray(HEAD)) !== bytes.readUInt32LE(12)) return null;
    await ready;
    const decoded = snapshotFromBytes(bytes);
    if (decoded === null) return null;
    ({ snapshot, strings } = decoded);
    if (snapshot.reportFile === null) return null;
  } catch {
    return null;
  }
  const reportPath = keptReportFile(file);
  let handle: FileHandle;
  try {
    handle = await open(reportPath, "r");
  } catch {
    return null;
  }
  try {
    // The file open is the one compared: a name can be given to another file between a stat and an open.
    const now = await handle.stat({ bigint: true });
    const named = snapshot.reportFile;
    if (
      String(now.dev) === named.device &&
      String(now.ino) === named.inode &&
      String(now.size) === named.size &&
      String(now.mtimeNs) === named.modified &&
      BigInt(snapshot.reportBytes) + 1n === now.size &&
      (String(now.ctimeNs) === named.changed ||
        (await crcOf(async (buffer, at) => (await handle.read(buffer, 0, buffer.length, at)).bytesRead)) ===
          named.crc)
    )
      return {
        snapshot,
        report: { handle, path: reportPath, bytes: snapshot.reportBytes, modified: named.modified },
        strings,
      };
  } catch {
    // A file that cannot be read is no kept Report.
  }
  await handle.close();
  return null;
}

/** The length of a snapshot file's head. */
const HEAD = 16;

/**
 * A snapshot's file, as the pieces to write one after the other: a 16-byte head (the magic, the
 * length of what follows and a CRC-32 of it), then the lengths of two JSON texts, the texts (the
 * snapshot's fields other than its long lists, with the layout of the lists' columns; the strings
 * the columns name), and the columns, each on an 8-byte boundary. Strings seeded from the snapshot
 * read (`seed`) are written as the JSON text it held, and the new ones after them: making the text
 * of some 66,000 strings again took a rerun some 50 ms.
 */
function snapshotBytes(
  { head, arrays, strings, seeded }: SnapshotColumns,
  seed?: SnapshotStrings,
): Uint8Array[] {
  const columns = arraysToBytes(arrays);
  const text = Buffer.from(JSON.stringify({ head, layout: columns.layout }), "utf8");
  const table = stringsText(strings, seeded, seed);
  const tableLength = table.reduce((n, piece) => n + piece.length, 0);
  const lengths = Buffer.alloc(8);
  lengths.writeUInt32LE(text.length, 0);
  lengths.writeUInt32LE(tableLength, 4);
  const textsEnd = HEAD + 8 + text.length + tableLength;
  const body = [lengths, text, ...table, Buffer.alloc(align8(textsEnd) - textsEnd), ...columns.bytes];
  const top = Buffer.alloc(HEAD);
  MAGIC.copy(top, 0);
  let crc = 0;
  let length = 0;
  for (const piece of body) {
    crc = crcWith(crc, piece);
    length += piece.length;
  }
  top.writeUInt32LE(length, 8);
  top.writeUInt32LE(crc >>> 0, 12);
  return [top, ...body];
}

/**
 * The JSON text of a table of strings, in pieces: the seed's text as it was read when the table
 * starts with all of the seed (`seeded` strings), with the rest added before its closing bracket.
 */
function stringsText(strings: readonly string[], seeded: number, seed?: SnapshotStrings): Uint8Array[] {
  if (seed === undefined || seeded === 0 || seeded !== seed.values.length)
    return [Buffer.from(JSON.stringify(strings), "utf8")];
  if (strings.length === seeded) return [seed.json];
  const added = JSON.stringify(strings.slice(seeded));
  return [seed.json.subarray(0, seed.json.length - 1), Buffer.from(`,${added.slice(1)}`, "utf8")];
}

/**
 * The snapshot in a file's bytes (whose length and CRC were checked), or null when another format
 * wrote it. Not checked field by field: the CRC and the format, which names
 * the code that wrote it, do; columns that do not fit their layout throw.
 */
function snapshotFromBytes(bytes: Buffer): { snapshot: AnalysisSnapshot; strings: SnapshotStrings } | null {
  const headLength = bytes.readUInt32LE(HEAD);
  const stringsAt = HEAD + 8 + headLength;
  const stringsEnd = stringsAt + bytes.readUInt32LE(HEAD + 4);
  if (stringsEnd > bytes.length) return null;
  const { head, layout } = JSON.parse(bytes.toString("utf8", HEAD + 8, stringsAt)) as {
    head: SnapshotHead;
    layout: ArrayLayout;
  };
  if (head.format !== snapshotFormat()) return null;
  const strings = JSON.parse(bytes.toString("utf8", stringsAt, stringsEnd)) as string[];
  // Columns are read in place, which needs them on an 8-byte boundary in memory as in the file.
  const body = bytes.byteOffset % 8 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
  const { arrays, end } = arraysFromBytes(body, align8(stringsEnd), layout);
  if (end !== bytes.length) return null;
  return {
    snapshot: snapshotFromColumns(head, arrays, strings),
    strings: { values: strings, json: bytes.subarray(stringsAt, stringsEnd) },
  };
}

/** A kept Report that changed while it was read: the run then makes a whole analysis. */
export class KeptReportChangedError extends Error {}

/**
 * Writes the Report from its pieces to `target` (with a final newline, through a temporary name)
 * and, when `keep` is given, keeps it and the snapshot in the cache: the Report as another name of
 * the file written (a copy where the cache is on another file system), then the snapshot, naming
 * that file and saying where each member is. A kept piece is copied from `kept`, the Report of the
 * snapshot read. A snapshot that cannot be kept is one warning; the Report is written all the same.
 */
export async function writeReport(
  target: string,
  layout: ReportPieces,
  kept: KeptReport | null,
  keep: {
    file: string;
    snapshot: AnalysisSnapshot;
    warn: (message: string) => void;
    /** The strings of the snapshot read, which the one kept starts with (see snapshotToColumns). */
    seed?: SnapshotStrings;
  } | null,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const suffix = `${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const temp = `${target}.${suffix}`;
  let out: FileHandle | null = null;
  let starts: number[];
  // The CRC of the bytes written, which a later run checks the kept Report against when needed.
  let crc = 0;
  try {
    // Over the Report before the kept one, when the cache holds it (see openOver), unless another
    // run made the kept Report itself the spare meanwhile: this run reads its bytes.
    out =
      keep === null ? await open(temp, "w") : await openOver(spareReportFile(keep.file), temp, kept?.handle);
    const report = out;
    // Chunks are handed on in the file's order, so the CRC is taken in that order.
    const write = (chunk: Uint8Array, position: number): Promise<void> => {
      crc = crcWith(crc, chunk);
      return writeFully(report, [chunk], position);
    };
    starts = await writePieces(layout, kept, write);
    if (kept !== null) await stillKept(kept);
    await write(NEWLINE, starts.at(-1) as number);
    // A spare longer than the Report loses its tail.
    await out.truncate((starts.at(-1) as number) + NEWLINE.length);
    await out.close();
    out = null;
  } catch (error) {
    await out?.close();
    await rm(temp, { force: true });
    throw error;
  }
  const linked = keep === null ? null : await linkInCache(temp, keep, suffix);
  try {
    await replaceFile(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    if (linked !== null) await rm(linked.path, { force: true });
    throw error;
  }
  if (keep !== null && linked !== null) await keepSnapshot(keep, linked, { layout, starts }, crc, suffix);
}

/**
 * Throws KeptReportChangedError unless the kept Report is as it was when checked: another run may
 * have made it its spare and written over it while this one copied from it. Any write sets the
 * modification time, so a file whose time and length are the same was not written meanwhile.
 */
async function stillKept(kept: KeptReport): Promise<void> {
  const now = await kept.handle.stat({ bigint: true });
  if (String(now.mtimeNs) !== kept.modified || now.size !== BigInt(kept.bytes) + 1n)
    throw new KeptReportChangedError("the kept Report was written over while it was read");
}

/** The Report's temporary name in the cache folder, and whether it is a copy (another file system). */
interface LinkedReport {
  path: string;
  copied: boolean;
}

/**
 * Gives the written Report a temporary name in the cache folder (a hard link, else a copy), or
 * null, said once, when neither can be made.
 */
async function linkInCache(
  temp: string,
  keep: { file: string; warn: (message: string) => void },
  suffix: string,
): Promise<LinkedReport | null> {
  const linked = `${keptReportFile(keep.file)}.${suffix}`;
  try {
    await mkdir(path.dirname(keep.file), { recursive: true });
    try {
      await link(temp, linked);
      return { path: linked, copied: false };
    } catch {
      // Another file system, or one without links: a copy costs a write of the Report's bytes.
      await copyFile(temp, linked);
      return { path: linked, copied: true };
    }
  } catch (error) {
    await rm(linked, { force: true }).catch(() => undefined);
    cannotKeep(keep, error);
    return null;
  }
}

/**
 * Puts the Report's cache name in place, then writes the snapshot naming that file, through a
 * temporary name, last: a run stopped before leaves the old snapshot, which names another file and
 * is not used. Both are done while the run holds the cache's lock for them (see whileLocked), so
 * that runs at once leave one run's snapshot beside that run's Report. A failure is one warning.
 */
async function keepSnapshot(
  keep: { file: string; snapshot: AnalysisSnapshot; warn: (message: string) => void; seed?: SnapshotStrings },
  linked: LinkedReport,
  written: { layout: ReportPieces; starts: readonly number[] },
  crc: number,
  suffix: string,
): Promise<void> {
  const temp = `${keep.file}.${suffix}`;
  try {
    // Made before the lock is taken: the columns are most of the work, and need no file.
    const snapshot = withPlaces(
      snapshotToColumns(keep.snapshot, keep.seed?.values),
      written.layout,
      written.starts,
    );
    const kept = await whileLocked(lockFile(keep.file), async () => {
      const reportPath = keptReportFile(keep.file);
      // The Report kept until now is the next run's spare: the file written from now on has its
      // one name there, as the Report written is another file. A copy on another file system than
      // the Report's could never be written over, and is not kept.
      const spare = spareReportFile(keep.file);
      if (linked.copied) await rm(spare, { force: true });
      // The file is named by what its open handle says once it is in place, not by what is at the
      // path then, which a run that held no lock could have replaced meanwhile.
      const report = await open(linked.path, "r");
      let stats: BigIntStats;
      try {
        await replaceFile(linked.path, reportPath, linked.copied ? undefined : spare);
        stats = await report.stat({ bigint: true });
      } finally {
        await report.close();
      }
      const reportFile: ReportFile = {
        device: String(stats.dev),
        inode: String(stats.ino),
        size: String(stats.size),
        modified: String(stats.mtimeNs),
        changed: String(stats.ctimeNs),
        crc: crc >>> 0,
      };
      const out = await open(temp, "w");
      try {
        await writeFully(
          out,
          snapshotBytes({ ...snapshot, head: { ...snapshot.head, reportFile } }, keep.seed),
        );
      } finally {
        await out.close();
      }
      await replaceFile(temp, keep.file);
    });
    if (!kept) throw new Error("another run held the cache's lock for its own analysis");
  } catch (error) {
    await rm(linked.path, { force: true }).catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    cannotKeep(keep, error);
  }
}

/** The lock that runs hold to keep an analysis in `file` and its Report (see whileLocked). */
function lockFile(file: string): string {
  return besideSnapshot(file, ".lock");
}

/** Says that the analysis could not be kept, and why. */
function cannotKeep(keep: { file: string; warn: (message: string) => void }, error: unknown): void {
  keep.warn(
    `workscope: could not keep the analysis in ${path.dirname(keep.file)}: ${(error as Error).message}`,
  );
}

const NEWLINE = Buffer.from("\n");

/** The snapshot's columns with each member's place in the Report, from where each piece started. */
function withPlaces(
  snapshot: SnapshotColumns,
  layout: ReportPieces,
  starts: readonly number[],
): SnapshotColumns {
  for (const list of ["sessions", "tasks", "flows", "unattributed"] as const) {
    const places = snapshot.places[list];
    layout[list].forEach((piece, i) => {
      places[2 * i] = starts[piece] as number;
      places[2 * i + 1] = (starts[piece + 1] as number) - (starts[piece] as number);
    });
  }
  return { ...snapshot, head: { ...snapshot.head, reportBytes: starts[starts.length - 1] as number } };
}

/**
 * Encodes the pieces into buffers of BATCH_BYTES and hands each to `write`; a kept piece of more
 * than a buffer is handed on as it is, after what was encoded before it. A value or a run is made
 * into text only here, one at a time. Gives the byte at which each piece starts, and after the last
 * one the length of all. `write` may read the bytes it is given at any time until its promise
 * settles (exported so that a test can make it slow).
 */
export async function writePieces(
  layout: ReportPieces,
  kept: KeptReport | null,
  write: (chunk: Uint8Array, position: number) => Promise<void>,
): Promise<number[]> {
  const starts: number[] = new Array<number>(layout.pieces.length + 1);
  let used = 0;
  let written = 0;
  // Up to WRITES_AT_ONCE writes are under way, each at its own place in the file, while the next
  // bytes are made; a write's failure is met when it is waited for.
  const writes: Array<{ memory: ArrayBufferLike; done: Promise<void> }> = [];
  const hand = async (bytes: Uint8Array): Promise<void> => {
    if (writes.length >= WRITES_AT_ONCE) await writes.shift()?.done;
    const done = write(bytes, written);
    done.catch(() => undefined);
    writes.push({ memory: bytes.buffer, done });
    written += bytes.length;
  };
  /** When the writes under way now that may still read `memory` have landed. */
  const settled = async (memory: ArrayBufferLike): Promise<void> => {
    await Promise.all(writes.filter((w) => w.memory === memory).map((w) => w.done));
  };
  // Memory is reused, never made anew: on this kind of machine the first touch of fresh memory
  // costs more than copying bytes into it (a fresh buffer per window doubled a rerun's writing).
  const keptBytes = keptReader(kept, settled);
  // Two buffers take turns: one is filled while the write of the other lands.
  const buffers = [Buffer.allocUnsafeSlow(BATCH_BYTES), Buffer.allocUnsafeSlow(BATCH_BYTES)];
  let buffer = buffers[0]!;
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    const full = buffer.subarray(0, used);
    buffer = buffer === buffers[0] ? buffers[1]! : buffers[0]!;
    used = 0;
    await hand(full);
    await settled(buffer.buffer);
  };
  // Copies kept bytes [from, end), checking that each of `commas` (places in the kept Report) is a
  // comma. Whole windows go to `write` as they are, without a copy.
  const copyKept = async (from: number, end: number, commas: readonly number[]): Promise<void> => {
    let comma = 0;
    for (let at = from; at < end;) {
      const bytes = await keptBytes(at, end);
      for (; comma < commas.length && (commas[comma] as number) < at + bytes.length; comma++)
        if (bytes[(commas[comma] as number) - at] !== COMMA)
          throw new KeptReportChangedError("the kept Report is not as its snapshot says");
      if (bytes.length > BATCH_BYTES - used) {
        await flush();
        if (bytes.length >= BATCH_BYTES) await hand(bytes);
        else used += bytes.copy(buffer, used);
      } else used += bytes.copy(buffer, used);
      at += bytes.length;
    }
  };
  for (let i = 0; i < layout.pieces.length; i++) {
    const piece = layout.pieces[i] as Piece;
    starts[i] = written + used;
    if ("kept" in piece) {
      // Members kept in the kept Report's order, one after the other with the comma between them,
      // are copied as one span: a copy of each member and its comma was tens of thousands of calls.
      const base = starts[i] as number;
      const from = piece.kept[0];
      let end = from + piece.kept[1];
      const commas: number[] = [];
      let j = i;
      for (;;) {
        const between = layout.pieces[j + 1];
        const next = layout.pieces[j + 2];
        if (between === undefined || !("text" in between) || between.text !== ",") break;
        if (next === undefined || !("kept" in next) || next.kept[0] !== end + 1) break;
        starts[j + 1] = base + (end - from);
        starts[j + 2] = base + (end + 1 - from);
        commas.push(end);
        end = next.kept[0] + next.kept[1];
        j += 2;
      }
      await copyKept(from, end, commas);
      i = j;
      continue;
    }
    const text = pieceText(piece);
    if (text.length * 3 > BATCH_BYTES - used) await flush();
    if (text.length * 3 <= BATCH_BYTES) used += buffer.write(text, used);
    else await hand(Buffer.from(text, "utf8"));
  }
  await flush();
  for (const w of writes) await w.done;
  starts[layout.pieces.length] = written;
  return starts;
}

/**
 * How much of the kept Report is read at a time: a write's batch. Windows of four batches took a
 * rerun the same time (eight alternating rounds) and 8 to 11 MB more at its peak.
 */
const WINDOW_BYTES = BATCH_BYTES;

/**
 * How many writes of the Report are under way at once. The kernel copies a write's bytes into the
 * file on a thread of libuv's pool, and a read's out of the kept Report on another, so that two
 * writes and the reads ahead keep both cores copying while this thread makes the next bytes.
 */
const WRITES_AT_ONCE = 2;

/**
 * How many windows past the one in use are read ahead: the next kept bytes are mostly the ones
 * that follow. With the window in use and the one a write may still be reading, the reader holds
 * AHEAD + 2 windows.
 */
const AHEAD = 2;

/** A window of the kept Report: its place, its memory, and its read, which gives how many bytes it read. */
interface KeptWindow {
  at: number;
  bytes: Buffer;
  read: Promise<number>;
}

/**
 * A reader of the kept Report's bytes through windows of WINDOW_BYTES: kept pieces come mostly in
 * the order of the kept Report, a few bytes apart, so that one read serves many, where a read per
 * piece would be tens of thousands of calls. The AHEAD windows after the one in use are read while
 * it is used, so that the kernel copies the next bytes out of the kept Report while the last ones
 * are written: a rerun's write of the bench's Report took 80-110 ms one read at a time. Gives the
 * bytes from `at` on that a window holds, up to `end`: at least one. Windows' memory is reused;
 * `settled` gives when a write that may still read a window's memory has landed.
 */
function keptReader(
  kept: KeptReport | null,
  settled: (memory: ArrayBufferLike) => Promise<void>,
): (at: number, end: number) => Promise<Buffer> {
  const memories: Buffer[] = [];
  let window: Buffer = Buffer.alloc(0);
  let windowAt = 0;
  // Windows being read ahead, in order, from the end of the one in use on.
  let ahead: KeptWindow[] = [];
  // When the reads of every window read ahead and then dropped (skipped, or given up for a read
  // elsewhere) have landed: until then their memory may still be filled.
  let dropped: Promise<unknown> = Promise.resolve();
  const drop = (windows: readonly KeptWindow[]): void => {
    if (windows.length > 0)
      dropped = Promise.all([dropped, ...windows.map((w) => w.read.catch(() => undefined))]);
  };
  const free = (): Buffer => {
    const busy = new Set<ArrayBufferLike>([window.buffer, ...ahead.map((w) => w.bytes.buffer)]);
    const memory = memories.find((m) => !busy.has(m.buffer)) ?? Buffer.allocUnsafeSlow(WINDOW_BYTES);
    if (!memories.includes(memory)) memories.push(memory);
    return memory;
  };
  const readAt = (at: number): KeptWindow => {
    const size = Math.min(WINDOW_BYTES, (kept as KeptReport).bytes - at);
    const memory = free();
    const bytes = memory.subarray(0, size);
    // Into memory that no write still reads, nor a dropped read still fills.
    const ready = Promise.all([settled(memory.buffer), dropped]);
    const read = ready.then(() => readFully((kept as KeptReport).handle, bytes, 0, size, at));
    read.catch(() => undefined);
    return { at, bytes, read };
  };
  return async (at, end) => {
    if (kept === null || end > kept.bytes || at >= end)
      throw new Error("a kept piece is past the kept Report");
    if (at < windowAt || at >= windowAt + window.length) {
      // Windows read ahead that end before `at` were skipped; one that holds `at` is used.
      const skipped = ahead.findIndex((w) => w.at + w.bytes.length > at);
      const next = skipped === -1 ? undefined : ahead[skipped];
      const use = next !== undefined && next.at <= at ? next : undefined;
      if (use === undefined) {
        drop(ahead);
        ahead = [];
      } else {
        drop(ahead.slice(0, skipped));
        ahead = ahead.slice(skipped + 1);
      }
      const made = use ?? readAt(at);
      window = made.bytes;
      windowAt = made.at;
      // The windows after the last one in use or read ahead, up to AHEAD of them.
      while (ahead.length < AHEAD) {
        const last = ahead.at(-1) ?? made;
        const start = last.at + last.bytes.length;
        if (start >= kept.bytes) break;
        ahead.push(readAt(start));
      }
      if ((await made.read) < made.bytes.length)
        throw new KeptReportChangedError("the kept Report ended early");
    }
    return window.subarray(at - windowAt, Math.min(end, windowAt + window.length) - windowAt);
  };
}

/** A comma, which a kept run's members have between them. */
const COMMA = 0x2c;
