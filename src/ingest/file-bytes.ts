import { closeSync, openSync, readSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { crc32Combine } from "../core/crc32-combine.ts";
import type { StoredLine } from "../core/stored-line.ts";

/**
 * Where events' line bytes are: each event's are `view(start, length)`. A parse holds them in
 * memory; a cached parse of a plain file reads them from the file as they are asked for.
 */
export interface LineBytes {
  /** How many bytes there are: every line's must be within them. */
  readonly length: number;
  /** The `length` bytes from `start` on. */
  view(start: number, length: number): Uint8Array;
}

/**
 * A line left in its file: three fields, where a view of the line's bytes is an object of some 96
 * bytes and the bytes themselves. Its bytes are read again, through `source`, only when asked for.
 */
export class FileLine implements StoredLine {
  private readonly source: Pick<LineBytes, "view">;
  private readonly offset: number;
  readonly length: number;

  constructor(source: Pick<LineBytes, "view">, offset: number, length: number) {
    this.source = source;
    this.offset = offset;
    this.length = length;
  }

  bytes(): Uint8Array {
    return this.source.view(this.offset, this.length);
  }
}

/** Line bytes held in memory. */
export function bytesInMemory(bytes: Uint8Array): LineBytes {
  const { buffer, byteOffset, length } = bytes;
  return { length, view: (start, size) => new Uint8Array(buffer, byteOffset + start, size) };
}

/** A range of a file's bytes and the CRC-32 of what they were. */
export interface CheckedSpan {
  start: number;
  end: number;
  crc: number;
}

/**
 * How many bytes of a file are read and checked at once when asked for. The lines asked for are
 * few and far apart (the copies dedupe compares, the events a rerun analyses again), so a block
 * holds little more than the line asked for: blocks of 256 KiB made a cold run of 120 MB read
 * and keep 26 MB for 102 of them (0.1 s, most of it touching fresh memory), blocks of 16 KiB
 * 1.9 MB for 118 (4 ms). Hashing the parse's bytes in more pieces cost a few milliseconds.
 */
export const BLOCK_BYTES = 16 * 1024;

/** Below this, readRanges reads a file in one request; above, in up to READS_AT_ONCE requests at once. */
const READ_SPLIT_BYTES = 8 * 1024 * 1024;
/** libuv's thread pool has four threads by default: more requests at once would only queue. */
const READS_AT_ONCE = 4;

/** How much of a file is read at a time while it is checked. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The CRC-32 `crc` goes on to over `bytes`. Node's crc32 of no bytes gives 0, not the value it was
 * given, so empty bytes leave it as it is.
 */
export function crcWith(crc: number, bytes: Uint8Array): number {
  return bytes.length > 0 ? crc32(bytes, crc) : crc;
}

/** The CRC-32 of each block of BLOCK_BYTES of the bytes given in order, in chunks of any length. */
export class BlockCrcs {
  private readonly crcs: number[] = [];
  /** The CRC of the block being given, and how many of its bytes were. */
  private crc = 0;
  private filled = 0;

  /** How many bytes were given. */
  get bytes(): number {
    return this.crcs.length * BLOCK_BYTES + this.filled;
  }

  /**
   * Takes the next `length` bytes by their CRC-32, `crc`: bytes that do not go past the end of
   * the block being given.
   */
  addCrc(crc: number, length: number): void {
    if (!Number.isInteger(length) || length < 0 || length > BLOCK_BYTES - this.filled)
      throw new RangeError(`${length} bytes do not fit in the block`);
    this.crc = this.filled === 0 ? crc : crc32Combine(this.crc, crc, length);
    this.filled += length;
    if (this.filled === BLOCK_BYTES) {
      this.crcs.push(this.crc >>> 0);
      this.crc = 0;
      this.filled = 0;
    }
  }

  /**
   * Takes the next bytes, and gives their own CRC-32, which the CRCs of their pieces make: a caller
   * that needs both hashes the bytes once.
   */
  add(chunk: Uint8Array): number {
    let crc = 0;
    for (let at = 0; at < chunk.length;) {
      const take = Math.min(BLOCK_BYTES - this.filled, chunk.length - at);
      const piece = crc32(chunk.subarray(at, at + take));
      this.addCrc(piece, take);
      crc = crc32Combine(crc, piece, take);
      at += take;
    }
    return crc;
  }

  /** Each block's CRC, the last one's over the bytes it was given. */
  done(): Uint32Array {
    return Uint32Array.from(this.filled > 0 ? [...this.crcs, this.crc >>> 0] : this.crcs);
  }
}

/**
 * Reads `length` bytes from `position` of the file into `buffer` at `offset`, in as many reads as
 * it takes; gives how many were read, fewer only where the file ends. Its first read is asked for
 * before it returns to the event loop.
 */
export async function readFully(
  handle: FileHandle,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, offset + done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/**
 * Writes all of `pieces`, in order, at `position` of the file, or at its current position when
 * none is given. One write may take fewer bytes than it was given (a system caps a call near
 * 2 GiB), and a file cut short would only be refused by every later reader: the rest is written
 * again until all is. A write that takes nothing throws.
 */
export async function writeFully(
  handle: FileHandle,
  pieces: readonly Uint8Array[],
  position?: number,
): Promise<void> {
  let rest = pieces;
  let at = position;
  for (let left = sumOfLengths(rest); left > 0;) {
    const { bytesWritten } = await handle.writev(rest, at);
    if (bytesWritten === 0) throw new Error("the file could not be written whole");
    left -= bytesWritten;
    if (at !== undefined) at += bytesWritten;
    // The pieces not yet all written, from the first byte not written.
    let skip = bytesWritten;
    let first = 0;
    while (first < rest.length && rest[first]!.length <= skip) skip -= rest[first++]!.length;
    rest = [...(first < rest.length ? [rest[first]!.subarray(skip)] : []), ...rest.slice(first + 1)];
  }
}

function sumOfLengths(pieces: readonly Uint8Array[]): number {
  let total = 0;
  for (const piece of pieces) total += piece.length;
  return total;
}

/**
 * The CRC-32 of all of a file's bytes, read through one buffer by `read` (which gives how many
 * bytes it read at a position): a file read whole into fresh memory costs far more than its CRC on
 * these machines (see PartFile).
 */
export async function crcOf(read: (buffer: Buffer, position: number) => Promise<number>): Promise<number> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let crc = 0;
  for (let at = 0; ;) {
    const bytesRead = await read(buffer, at);
    if (bytesRead === 0) return crc;
    crc = crc32(buffer.subarray(0, bytesRead), crc);
    at += bytesRead;
  }
}

/**
 * Reads a file's first `stop` bytes, which `spans` cover in order, and checks each span's CRC:
 * gives the CRC of each block of BLOCK_BYTES, to check the bytes read again later against, or null
 * when a span's bytes are not what they were or the file is shorter. The bytes go through two
 * buffers in turn (one read into while the other is checked), not into memory of their own: on a
 * virtual machine the first touch of fresh memory cost several times the read itself (a fresh
 * buffer for 120 MB took 0.33 s, the two buffers 0.03 s).
 */
export async function checkFile(
  absPath: string,
  stop: number,
  spans: readonly CheckedSpan[],
): Promise<Uint32Array | null> {
  const blocks = new BlockCrcs();
  const handle = await open(absPath, "r");
  let next: Promise<number> | null = null;
  try {
    const buffers = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)];
    const readChunk = (buffer: Buffer, at: number): Promise<number> =>
      readFully(handle, buffer, 0, Math.min(CHUNK_BYTES, stop - at), at);
    let span = 0;
    let crc = 0;
    // Each span's CRC goes on over the pieces it is in, and is checked where it ends (an empty
    // span's at once).
    const spanEnds = (at: number): boolean => {
      for (let s = spans[span]; s !== undefined && s.end === at; s = spans[++span]) {
        if (crc >>> 0 !== s.crc) return false;
        crc = 0;
      }
      return true;
    };
    if (!spanEnds(0)) return null;
    next = stop > 0 ? readChunk(buffers[0]!, 0) : null;
    for (let at = 0, turn = 0; next !== null; at += CHUNK_BYTES, turn ^= 1) {
      const length = await next;
      if (length < Math.min(CHUNK_BYTES, stop - at)) return null;
      next = at + CHUNK_BYTES < stop ? readChunk(buffers[turn ^ 1]!, at + CHUNK_BYTES) : null;
      const chunk = buffers[turn]!.subarray(0, length);
      // The chunk in pieces that end where a span does, each hashed once by the blocks, whose
      // CRC of it goes on to the span's. Hashing the chunk once for the blocks and once for the
      // spans took twice as long.
      for (let from = at; from < at + length;) {
        const s = spans[span];
        if (s === undefined) return null;
        const end = Math.min(s.end, at + length);
        crc = crc32Combine(crc, blocks.add(chunk.subarray(from - at, end - at)), end - from);
        from = end;
        if (!spanEnds(end)) return null;
      }
    }
    return blocks.done();
  } finally {
    // A read still under way when a span failed lands before the file is closed.
    await next?.catch(() => undefined);
    await handle.close();
  }
}

/**
 * A file's first `stop` bytes, which `spans` cover in order, read at once with each span's CRC
 * checked, for a run that decodes every event: one read, where `checkFile` and then `load` would
 * read them twice. Null when a span's bytes are not what they were or the file is shorter.
 */
export async function readChecked(
  absPath: string,
  stop: number,
  spans: readonly CheckedSpan[],
): Promise<CheckedFileBytes | null> {
  let whole: Buffer;
  try {
    whole = await readRanges(absPath, stop);
  } catch {
    return null;
  }
  for (const s of spans) if (crc32(whole.subarray(s.start, s.end)) !== s.crc) return null;
  return CheckedFileBytes.loaded(absPath, whole);
}

/**
 * A file's first `length` bytes, into memory of their own. A large file is read as a few ranges at
 * once, as filling a hundred megabytes of fresh memory is work for the kernel that the other core
 * can share (1.6 times as fast with four on two cores). Throws when the file is shorter.
 */
async function readRanges(absPath: string, length: number): Promise<Buffer> {
  const whole = Buffer.allocUnsafe(length);
  const handle = await open(absPath, "r");
  try {
    const reads = Math.max(1, Math.min(READS_AT_ONCE, Math.floor(length / READ_SPLIT_BYTES)));
    const part = Math.ceil(length / reads);
    await Promise.all(
      Array.from({ length: reads }, async (_, i) => {
        const at = i * part;
        const size = Math.min(length, at + part) - at;
        if ((await readFully(handle, whole, at, size, at)) < size)
          throw new Error(`${absPath} is shorter than when it was checked`);
      }),
    );
  } finally {
    await handle.close();
  }
  return whole;
}

/** A file's bytes are no longer those that were read and checked before: it was written since. */
export class FileChangedError extends Error {}

/**
 * The bytes from `base` to `length` of a file that was read and checked before (`checkFile`, or a
 * parse that hashed them: see line-store.ts), read again block by block as events' lines are asked
 * for, each block of BLOCK_BYTES from `base` checked against the CRC it had then: bytes that
 * changed since throw a FileChangedError, and the caller reads the file again. Blocks read are
 * kept, as an event's bytes are a view of them.
 */
export class CheckedFileBytes implements LineBytes {
  private readonly blocks = new Map<number, Buffer>();
  private whole: Uint8Array | null = null;
  readonly length: number;
  private readonly absPath: string;
  private readonly crcs: Uint32Array;
  private readonly base: number;

  constructor(absPath: string, length: number, crcs: Uint32Array, base = 0) {
    this.absPath = absPath;
    this.length = length;
    this.crcs = crcs;
    this.base = base;
  }

  view(start: number, length: number): Uint8Array {
    if (!(start >= this.base && length >= 0 && start + length <= this.length))
      throw new Error(`bytes past the checked range, ${this.base} to ${this.length}`);
    if (length === 0) return new Uint8Array(0);
    if (this.whole !== null) return this.whole.subarray(start, start + length);
    const at = start - this.base;
    const first = Math.floor(at / BLOCK_BYTES);
    const last = Math.floor((at + length - 1) / BLOCK_BYTES);
    if (first === last) {
      const from = at - first * BLOCK_BYTES;
      return this.block(first).subarray(from, from + length);
    }
    // A line across blocks is copied out of them.
    const bytes = Buffer.allocUnsafe(length);
    for (let k = first; k <= last; k++) {
      const block = this.block(k);
      const from = Math.max(at, k * BLOCK_BYTES);
      const end = Math.min(at + length, (k + 1) * BLOCK_BYTES);
      block.copy(bytes, from - at, from - k * BLOCK_BYTES, end - k * BLOCK_BYTES);
    }
    return bytes;
  }

  /**
   * The bytes of a file read whole by `readChecked`: views are of them, and nothing is read again.
   */
  static loaded(absPath: string, whole: Uint8Array): CheckedFileBytes {
    const bytes = new CheckedFileBytes(absPath, whole.length, new Uint32Array(0));
    bytes.whole = whole;
    return bytes;
  }

  /**
   * Reads all the bytes, for a decode of every event, and checks them block by block; views are
   * of them from then on.
   */
  async load(): Promise<void> {
    if (this.whole !== null) return;
    if (this.base !== 0) throw new Error("only bytes from a file's start are loaded whole");
    const whole = await readRanges(this.absPath, this.length);
    for (let k = 0; k < this.crcs.length; k++)
      this.check(k, whole.subarray(k * BLOCK_BYTES, (k + 1) * BLOCK_BYTES));
    this.whole = whole;
    this.blocks.clear();
  }

  /** All the bytes, once `load` read them. */
  all(): Uint8Array {
    if (this.whole === null) throw new Error("the file's bytes are not loaded");
    return this.whole;
  }

  private block(k: number): Buffer {
    let block = this.blocks.get(k);
    if (block === undefined) {
      const start = this.base + k * BLOCK_BYTES;
      block = Buffer.allocUnsafe(Math.min(BLOCK_BYTES, this.length - start));
      this.readInto(block, start, block.length);
      this.check(k, block);
      this.blocks.set(k, block);
    }
    return block;
  }

  private check(k: number, bytes: Uint8Array): void {
    if (crc32(bytes) >>> 0 !== this.crcs[k])
      throw new FileChangedError(`${this.absPath} changed while it was read`);
  }

  private readInto(buffer: Buffer, start: number, length: number): void {
    const fd = openSync(this.absPath, "r");
    try {
      for (let done = 0; done < length;) {
        const read = readSync(fd, buffer, done, length - done, start + done);
        if (read === 0) throw new FileChangedError(`${this.absPath} is shorter than when it was checked`);
        done += read;
      }
    } finally {
      closeSync(fd);
    }
  }
}
