import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { createGunzip, createInflateRaw } from "node:zlib";

/**
 * Receives each non-blank line: its text (no line ending, no BOM), its 1-based number, its bytes,
 * as a view of the chunk read from disk (a view stays valid: chunks are never reused), and where
 * those bytes start in the file (in the decompressed stream for gzip), so a cache can find them
 * again.
 */
export type LineSink = (text: string, line: number, bytes: Uint8Array, offset: number) => void;

/** What reading a file came to, apart from the lines themselves. */
export interface ReadResult {
  /** Lines seen, blank lines included. */
  lines: number;
  /** Bytes read from disk (compressed bytes for gzip). */
  bytes: number;
  /**
   * Problems with single lines or with the file, by 1-based line (0: the whole file), in line
   * order; empty when they went to `onProblem` instead.
   */
  problems: Array<{ line: number; reason: string }>;
  /**
   * True when the file could not be opened or reading stopped at an error, so the lines after
   * that point were not read.
   */
  stopped: boolean;
  /** Whether the file was read as gzip, told by its first bytes when it was opened. */
  gzip: boolean;
}

export interface ReadOptions {
  /** Longer lines are skipped with a finding, so one runaway line cannot exhaust memory. */
  maxLineBytes?: number;
  /** Called with the number of bytes each time a chunk is read from disk, for progress. */
  onBytes?: (bytes: number) => void;
  /**
   * Receives each problem, in line order, instead of `problems`: a file with millions of bad
   * lines then need not hold them all, as the caller may keep only some.
   */
  onProblem?: (problem: { line: number; reason: string }) => void;
  /**
   * Reads only the bytes from `start` (a line's first byte) up to `end` (exclusive) of a plain
   * file, so that parts of one file can be read apart; gzip is always read whole.
   */
  start?: number;
  /** Where reading stops (exclusive); the end of the file when absent. */
  end?: number;
  /** Lines before `start`: the first line read is numbered `lineBase + 1`. */
  lineBase?: number;
  /**
   * Receives every chunk of bytes as read from disk (compressed for gzip), in order, on the first
   * pass: the parse cache hashes exactly the bytes that were parsed, not a later read of them.
   */
  onChunk?: (chunk: Buffer) => void;
}

/** Lines up to this size are read whole, so that an event with a very long message (many MB) is still read. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a file line by line: plain or gzip (told by its magic bytes, not its name), with a UTF-8
 * BOM (at the start of any line, as two files joined with `cat` have one in the middle), CRLF
 * endings, blank lines and a last line without a newline. Memory holds one chunk and the line
 * being assembled, never the whole file. Invalid UTF-8 is replaced and reported; the file goes on.
 * Gzip may hold several members (`cat a.gz b.gz`), all read; bytes after the last complete
 * member (`cat a.gz garbage`) are one finding, and every line of the complete members is kept.
 */
export async function readLines(
  path: string,
  onLine: LineSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const maxLine = options.maxLineBytes ?? MAX_LINE_BYTES;
  const lineBase = options.lineBase ?? 0;
  const result: ReadResult = { lines: lineBase, bytes: 0, problems: [], stopped: false, gzip: false };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const problem = options.onProblem ?? ((p: { line: number; reason: string }) => result.problems.push(p));
  // Lines up to this one were already handed on by an earlier pass over the same gzip file.
  let handedOn = 0;
  // Where the chunk being split and the line being assembled start in the (decompressed) stream.
  let chunkAt = 0;
  let lineAt = 0;

  const emit = (chunk: Buffer, start: number, end: number): void => {
    const line = ++result.lines;
    const at = lineAt;
    if (line <= handedOn) {
      pending = [];
      pendingBytes = 0;
      overlong = false;
      return;
    }
    if (overlong || pendingBytes + (end - start) > maxLine) {
      pending = [];
      pendingBytes = 0;
      problem({ line, reason: `line is longer than ${sizeText(maxLine)} and was skipped` });
      overlong = false;
      return;
    }
    let buf = chunk;
    if (pending.length > 0) {
      buf = Buffer.concat([...pending, chunk.subarray(start, end)]);
      start = 0;
      end = buf.length;
      pending = [];
      pendingBytes = 0;
    }
    if (end > start && buf[end - 1] === 13) end--;
    const begin = start;
    if (end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf)
      start += 3;
    if (end === start) return;
    const text = buf.toString("utf8", start, end);
    if (text.charCodeAt(0) <= 32 && text.trim().length === 0) return;
    // A plain view rather than a Buffer (`subarray`): an event keeps it, and a Buffer view costs
    // more to make, as it is a subclass that looks its constructor up on every slice.
    const bytes = new Uint8Array(buf.buffer, buf.byteOffset + start, end - start);
    // Decoding replaces invalid bytes with U+FFFD, but a line may also hold a real one: only when
    // the text has one are the bytes checked, so the common line costs nothing more.
    if (text.includes("\uFFFD") && !isUtf8(bytes)) {
      problem({
        line,
        reason: "line has bytes that are not valid UTF-8; they were replaced with U+FFFD",
      });
    }
    onLine(text, line, bytes, at + (start - begin));
  };

  const hold = (chunk: Buffer, start: number): void => {
    if (overlong || start >= chunk.length) return;
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxLine) {
      overlong = true;
      pending = [];
      pendingBytes = 0;
      return;
    }
    // A copy, because the stream may reuse the chunk's memory.
    pending.push(Buffer.from(chunk.subarray(start)));
  };

  let gzip: boolean;
  try {
    // Opening first makes a missing or unreadable file an error here, not an unhandled stream event.
    gzip = await isGzip(path);
    result.gzip = gzip;
  } catch (error) {
    problem({ line: 0, reason: `cannot read the file: ${(error as Error).message}` });
    result.stopped = true;
    return result;
  }

  /** Reads bytes [0, end) of the file through the line splitter; says what stopped it, if anything. */
  const pass = async (start: number, end: number | undefined, progress: boolean): Promise<PassEnd> => {
    chunkAt = start;
    lineAt = start;
    // An empty range: createReadStream would read from `start` to the end of the file instead.
    if (end !== undefined && end <= start) return { error: null, read: 0, unused: 0 };
    const raw = createReadStream(path, {
      highWaterMark: CHUNK_BYTES,
      start,
      ...(end === undefined ? {} : { end: end - 1 }),
    });
    let source: AsyncIterable<Buffer> = raw;
    const gunzip = gzip ? createGunzip({ chunkSize: CHUNK_BYTES }) : null;
    if (gunzip !== null) {
      // pipe() does not carry a read error over; without this the loop below would wait forever.
      raw.on("error", (error) => gunzip.destroy(error));
      source = raw.pipe(gunzip);
      const onChunk = options.onChunk;
      // A stream without an encoding gives Buffers.
      if (progress && onChunk !== undefined) raw.on("data", (chunk) => onChunk(chunk as Buffer));
    }
    let read = 0;
    try {
      for await (const chunk of source) {
        // Bytes from disk, which for gzip is less than the chunk: progress reports what was read.
        if (progress) options.onBytes?.(raw.bytesRead - read);
        read = raw.bytesRead;
        if (progress && gunzip === null) options.onChunk?.(chunk);
        let start = 0;
        for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
          emit(chunk, start, nl);
          start = nl + 1;
          lineAt = chunkAt + start;
        }
        hold(chunk, start);
        chunkAt += chunk.length;
      }
    } catch (error) {
      return { error: error as NodeJS.ErrnoException, read };
    }
    if (pendingBytes > 0 || overlong) emit(Buffer.alloc(0), 0, 0);
    // Gunzip stops quietly at zero bytes after a member; what it did not take is reported.
    return {
      error: null,
      read: raw.bytesRead,
      unused: gunzip === null ? 0 : raw.bytesRead - gunzip.bytesWritten,
    };
  };

  const first = gzip ? await pass(0, undefined, true) : await pass(options.start ?? 0, options.end, true);
  result.bytes = first.read;
  const error = first.error;
  if (error === null) {
    if (first.unused > 0) problem(trailing(result.lines, first.unused));
    return result;
  }
  result.stopped = true;
  if (!gzip || error.code?.startsWith("Z_") !== true) {
    problem({
      line: result.lines + 1,
      reason: `reading stopped after line ${result.lines}: ${error.message}`,
    });
    return result;
  }
  // Gunzip drops the output of the write that failed, which may hold whole members before the
  // bad bytes: the file is read again up to the end of its last complete member, handing on only
  // the lines the first pass did not.
  const size = (await stat(path)).size;
  const complete = await completeMembersEnd(path, size);
  handedOn = result.lines;
  result.lines = lineBase;
  pending = [];
  pendingBytes = 0;
  overlong = false;
  const second = complete > 0 ? await pass(0, complete, false) : { error: null, read: 0 };
  result.lines = Math.max(result.lines, handedOn);
  result.bytes = size;
  const stopped = second.error ?? error;
  if (second.error === null && (await startsMember(path, complete)) === false)
    problem(trailing(result.lines, size - complete));
  else
    problem({
      line: result.lines + 1,
      reason: `the gzip data is damaged or cut short after line ${result.lines}: ${stopped.message}`,
    });
  return result;
}

type PassEnd = { error: NodeJS.ErrnoException; read: number } | { error: null; read: number; unused: number };

/** The finding for bytes after the last complete gzip member that are not another member. */
function trailing(lines: number, bytes: number): { line: number; reason: string } {
  return {
    line: lines + 1,
    reason: `trailing bytes after gzip member: ${bytes} bytes after line ${lines} are not gzip data and were skipped`,
  };
}

/**
 * Where the last complete gzip member of the file ends, walking member by member: each header is
 * read here, its deflate data is inflated (output thrown away) to learn its length, and its
 * 8-byte trailer follows. The walk stops at the first member that is damaged or cut short, or at
 * bytes that are not a member.
 */
async function completeMembersEnd(path: string, size: number): Promise<number> {
  let offset = 0;
  while (offset < size) {
    const header = await headerLength(path, offset);
    if (header === null) return offset;
    const deflate = await deflateLength(path, offset + header);
    if (deflate === null || offset + header + deflate + 8 > size) return offset;
    offset += header + deflate + 8;
  }
  return offset;
}

/** Whether the bytes at `offset` begin with the gzip magic bytes; null at the end of the file. */
async function startsMember(path: string, offset: number): Promise<boolean | null> {
  const bytes = await readAt(path, offset, 2);
  if (bytes.length === 0) return null;
  return bytes.length === 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The length of the gzip member header at `offset` (RFC 1952, section 2.3), or null if there is none. */
async function headerLength(path: string, offset: number): Promise<number | null> {
  const bytes = await readAt(path, offset, 64 * 1024);
  if (bytes.length < 10 || bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) return null;
  const flags = bytes[3] ?? 0;
  let at = 10;
  if (flags & 4) at += 2 + (bytes[at] ?? 0) + ((bytes[at + 1] ?? 0) << 8);
  for (const flag of [8, 16]) {
    if (!(flags & flag)) continue;
    const zero = bytes.indexOf(0, at);
    if (zero === -1) return null;
    at = zero + 1;
  }
  if (flags & 2) at += 2;
  return at <= bytes.length ? at : null;
}

/** How many bytes the raw deflate stream starting at `offset` takes, or null if it is damaged or cut short. */
function deflateLength(path: string, offset: number): Promise<number | null> {
  return new Promise((resolve) => {
    const raw = createReadStream(path, { start: offset, highWaterMark: CHUNK_BYTES });
    const inflate = createInflateRaw({ chunkSize: CHUNK_BYTES });
    inflate.on("data", () => {});
    // The inflater ends as soon as its stream does, with the bytes it took as bytesWritten.
    inflate.on("end", () => {
      raw.destroy();
      resolve(inflate.bytesWritten);
    });
    inflate.on("error", () => {
      raw.destroy();
      resolve(null);
    });
    raw.on("error", () => {
      inflate.destroy();
      resolve(null);
    });
    raw.pipe(inflate);
  });
}

async function readAt(path: string, offset: number, length: number): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the file starts with the gzip magic bytes. */
export async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    return bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${bytes} bytes`;
}
