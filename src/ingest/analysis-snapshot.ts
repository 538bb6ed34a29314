import { createHash, randomBytes } from "node:crypto";
import { type FileHandle, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { pieceText, type Piece, type ReportPieces } from "../core/incremental/report-pieces.ts";
import type { AnalysisSnapshot, ByteSpan } from "../core/incremental/snapshot.ts";
import { cacheFormat } from "./parse-cache.ts";
import { BATCH_BYTES } from "./write-output.ts";

/** The first bytes of a snapshot file: its kind and the version of its layout. */
const MAGIC = Buffer.from("WSANALY\u0001", "latin1");

/** What a snapshot must have been written by: the parse cache's format (same code and Node), and this layout. */
export function snapshotFormat(): string {
  return `${cacheFormat()}; analysis snapshot 1`;
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

/** A snapshot and the bytes of the Report it was taken with. */
export interface KeptAnalysis {
  snapshot: AnalysisSnapshot;
  report: Buffer;
}

/**
 * The snapshot kept in `file`, or null when there is none, or it was written by other code, or
 * any byte of it is damaged (a CRC covers the whole file): a miss costs a whole analysis, never a
 * wrong Report. The file is a 16-byte head (the magic, the snapshot's length and a CRC-32 of all
 * that follows), the Report's bytes, then the snapshot's JSON, written last as only then are the
 * members' places known.
 */
export async function readSnapshot(file: string): Promise<KeptAnalysis | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  try {
    if (bytes.length < HEAD || !bytes.subarray(0, 8).equals(MAGIC)) return null;
    const headerLength = bytes.readUInt32LE(8);
    if (HEAD + headerLength > bytes.length) return null;
    if (crc32(bytes.subarray(HEAD)) !== bytes.readUInt32LE(12)) return null;
    // Not checked field by field: the CRC and the format, which names the code that wrote it, do.
    const snapshot = JSON.parse(bytes.toString("utf8", bytes.length - headerLength)) as AnalysisSnapshot;
    if (snapshot.format !== snapshotFormat()) return null;
    const report = bytes.subarray(HEAD, bytes.length - headerLength);
    if (report.length !== snapshot.reportBytes) return null;
    return { snapshot, report };
  } catch {
    return null;
  }
}

/** The length of a snapshot file's head. */
const HEAD = 16;

/**
 * Writes the Report from its pieces to `target` (with a final newline, through a temporary name)
 * and, when `keep` is given, the snapshot with the same bytes to `keep`, noting as it writes where
 * each piece lands, so the snapshot says where each member is. A kept piece is copied from `kept`,
 * the Report of the snapshot read. A snapshot that cannot be written is one warning; the Report is
 * written all the same.
 */
export async function writeReport(
  target: string,
  layout: ReportPieces,
  kept: Buffer | null,
  keep: { file: string; snapshot: AnalysisSnapshot; warn: (message: string) => void } | null,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const suffix = `${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const temp = `${target}.${suffix}`;
  const snapshot = keep === null ? null : await SnapshotWriter.open(keep, suffix);
  let out: FileHandle | null = null;
  try {
    out = await open(temp, "w");
    const report = out;
    const starts = await writePieces(layout, kept, async (chunk) => {
      await Promise.all([writeAll(report, chunk), snapshot?.add(chunk)]);
    });
    await writeAll(out, NEWLINE);
    await out.close();
    out = null;
    await rename(temp, target);
    if (snapshot !== null && keep !== null) await snapshot.finish(withPlaces(keep.snapshot, layout, starts));
  } catch (error) {
    await out?.close();
    await rm(temp, { force: true });
    await snapshot?.drop();
    throw error;
  }
}

/**
 * The snapshot file being written beside the Report, through a temporary name: the Report's bytes
 * from after the head, then the snapshot's JSON, then the head. A failure to write it (a full
 * disk, a read-only folder) is one warning, and the Report is written all the same.
 */
class SnapshotWriter {
  private handle: FileHandle | null;
  private crc = 0;
  private at = HEAD;
  private readonly file: string;
  private readonly temp: string;
  private readonly warn: (message: string) => void;

  private constructor(handle: FileHandle, file: string, temp: string, warn: (message: string) => void) {
    this.handle = handle;
    this.file = file;
    this.temp = temp;
    this.warn = warn;
  }

  /** A writer of the snapshot file, or null when it cannot be opened (said once). */
  static async open(
    keep: { file: string; warn: (message: string) => void },
    suffix: string,
  ): Promise<SnapshotWriter | null> {
    const temp = `${keep.file}.${suffix}`;
    try {
      await mkdir(path.dirname(keep.file), { recursive: true });
      return new SnapshotWriter(await open(temp, "w"), keep.file, temp, keep.warn);
    } catch (error) {
      SnapshotWriter.say(keep, error);
      return null;
    }
  }

  private static say(keep: { file: string; warn: (message: string) => void }, error: unknown): void {
    keep.warn(
      `workscope: could not keep the analysis in ${path.dirname(keep.file)}: ${(error as Error).message}`,
    );
  }

  /** Adds the next bytes of the Report; after a failure, nothing. */
  async add(chunk: Uint8Array): Promise<void> {
    const handle = this.handle;
    if (handle === null || chunk.length === 0) return;
    const at = this.at;
    this.at += chunk.length;
    this.crc = crc32(chunk, this.crc);
    try {
      await writeAll(handle, chunk, at);
    } catch (error) {
      await this.fail(error);
    }
  }

  /** Writes the snapshot's JSON and the head, and puts the file in place. */
  async finish(snapshot: AnalysisSnapshot): Promise<void> {
    const handle = this.handle;
    if (handle === null) return;
    try {
      const header = Buffer.from(JSON.stringify(snapshot), "utf8");
      await writeAll(handle, header, this.at);
      const head = Buffer.alloc(HEAD);
      MAGIC.copy(head, 0);
      head.writeUInt32LE(header.length, 8);
      head.writeUInt32LE(crc32(header, this.crc) >>> 0, 12);
      await writeAll(handle, head, 0);
      this.handle = null;
      await handle.close();
      await rename(this.temp, this.file);
    } catch (error) {
      await this.fail(error);
    }
  }

  /** Closes and removes the temporary file, as when the Report could not be written. */
  async drop(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => undefined);
    await rm(this.temp, { force: true });
  }

  private async fail(error: unknown): Promise<void> {
    if (this.handle === null) return;
    SnapshotWriter.say({ file: this.file, warn: this.warn }, error);
    await this.drop();
  }
}

const NEWLINE = Buffer.from("\n");

/** The snapshot with each member's place in the Report, from where each piece started. */
function withPlaces(
  snapshot: AnalysisSnapshot,
  layout: ReportPieces,
  starts: readonly number[],
): AnalysisSnapshot {
  const span = (piece: number): ByteSpan => [
    starts[piece] as number,
    (starts[piece + 1] as number) - (starts[piece] as number),
  ];
  return {
    ...snapshot,
    sessions: snapshot.sessions.map((s, i) => ({ ...s, at: span(layout.sessions[i] as number) })),
    tasks: snapshot.tasks.map((t, i) => ({ ...t, at: span(layout.tasks[i] as number) })),
    flows: snapshot.flows.map((f, i) => ({ ...f, at: span(layout.flows[i] as number) })),
    unattributed: snapshot.unattributed.map((r, i) => ({ ...r, at: span(layout.unattributed[i] as number) })),
    reportBytes: starts[starts.length - 1] as number,
  };
}

/**
 * Encodes the pieces into buffers of BATCH_BYTES and hands each to `write`; a kept piece of more
 * than a buffer is handed on as it is, a view of the kept Report, after what was encoded before
 * it. A value or a run is made into text only here, one at a time. Gives the byte at which each
 * piece starts, and after the last one the length of all.
 */
async function writePieces(
  layout: ReportPieces,
  kept: Buffer | null,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<number[]> {
  const starts: number[] = new Array<number>(layout.pieces.length + 1);
  let buffer = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let used = 0;
  let written = 0;
  const flush = async (): Promise<void> => {
    if (used === 0) return;
    const full = buffer.subarray(0, used);
    // A new buffer to fill, as the write may still read the one handed on.
    buffer = Buffer.allocUnsafeSlow(BATCH_BYTES);
    written += used;
    used = 0;
    await write(full);
  };
  for (let i = 0; i < layout.pieces.length; i++) {
    const piece = layout.pieces[i] as Piece;
    starts[i] = written + used;
    if ("kept" in piece) {
      if (kept === null || piece.kept[0] + piece.kept[1] > kept.length)
        throw new Error("a kept piece is past the kept Report");
      const bytes = kept.subarray(piece.kept[0], piece.kept[0] + piece.kept[1]);
      if (bytes.length > BATCH_BYTES - used) {
        await flush();
        if (bytes.length >= BATCH_BYTES) {
          written += bytes.length;
          await write(bytes);
          continue;
        }
      }
      used += bytes.copy(buffer, used);
      continue;
    }
    const text = pieceText(piece);
    if (text.length * 3 > BATCH_BYTES - used) await flush();
    if (text.length * 3 <= BATCH_BYTES) used += buffer.write(text, used);
    else {
      const bytes = Buffer.from(text, "utf8");
      written += bytes.length;
      await write(bytes);
    }
  }
  await flush();
  starts[layout.pieces.length] = written;
  return starts;
}

/** Writes all of `bytes` at `at`, else at the file's position. */
async function writeAll(handle: FileHandle, bytes: Uint8Array, at: number | null = null): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await handle.write(
      bytes,
      done,
      bytes.length - done,
      at === null ? null : at + done,
    );
    done += bytesWritten;
  }
}
