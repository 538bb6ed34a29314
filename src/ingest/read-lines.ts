import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createGunzip } from "node:zlib";

/**
 * Receives each non-blank line: its text (no line ending, no BOM), its 1-based number, and its
 * bytes, as a view of the chunk read from disk (a view stays valid: chunks are never reused).
 */
export type LineSink = (text: string, line: number, bytes: Uint8Array) => void;

/** What reading a file came to, apart from the lines themselves. */
export interface ReadResult {
  /** Lines seen, blank lines included. */
  lines: number;
  /** Bytes read from disk (compressed bytes for gzip). */
  bytes: number;
  /** Problems with single lines or with the file, by 1-based line (0: the whole file). */
  problems: Array<{ line: number; reason: string }>;
}

export interface ReadOptions {
  /** Longer lines are skipped with a finding, so one runaway line cannot exhaust memory. */
  maxLineBytes?: number;
  /** Called with the number of bytes each time a chunk is read from disk, for progress. */
  onBytes?: (bytes: number) => void;
}

/** Lines up to this size are read whole, so that an event with a very long message (many MB) is still read. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * Streams a file line by line: plain or gzip (told by its magic bytes, not its name), with a UTF-8
 * BOM, CRLF endings, blank lines and a last line without a newline. Memory holds one chunk and the
 * line being assembled, never the whole file. Invalid UTF-8 is replaced and reported; the file
 * goes on.
 */
export async function readLines(
  path: string,
  onLine: LineSink,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const maxLine = options.maxLineBytes ?? MAX_LINE_BYTES;
  const result: ReadResult = { lines: 0, bytes: 0, problems: [] };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;

  const emit = (chunk: Buffer, start: number, end: number): void => {
    const line = ++result.lines;
    if (overlong || pendingBytes + (end - start) > maxLine) {
      pending = [];
      pendingBytes = 0;
      result.problems.push({ line, reason: `line is longer than ${sizeText(maxLine)} and was skipped` });
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
    if (
      line === 1 &&
      end - start >= 3 &&
      buf[start] === 0xef &&
      buf[start + 1] === 0xbb &&
      buf[start + 2] === 0xbf
    )
      start += 3;
    if (end === start) return;
    const text = buf.toString("utf8", start, end);
    if (text.charCodeAt(0) <= 32 && text.trim().length === 0) return;
    if (text.includes("\uFFFD") && !buf.subarray(start, end).includes(REPLACEMENT)) {
      result.problems.push({
        line,
        reason: "line has bytes that are not valid UTF-8; they were replaced with U+FFFD",
      });
    }
    onLine(text, line, buf.subarray(start, end));
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

  let source: AsyncIterable<Buffer>;
  let raw: ReturnType<typeof createReadStream>;
  try {
    // Opening first makes a missing or unreadable file an error here, not an unhandled stream event.
    const gzip = await isGzip(path);
    raw = createReadStream(path, { highWaterMark: CHUNK_BYTES });
    if (gzip) {
      const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
      // pipe() does not carry a read error over; without this the loop below would wait forever.
      raw.on("error", (error) => gunzip.destroy(error));
      source = raw.pipe(gunzip);
    } else {
      source = raw;
    }
  } catch (error) {
    result.problems.push({ line: 0, reason: `cannot read the file: ${(error as Error).message}` });
    return result;
  }

  try {
    for await (const chunk of source) {
      // Bytes from disk, which for gzip is less than the chunk: progress reports what was read.
      options.onBytes?.(raw.bytesRead - result.bytes);
      result.bytes = raw.bytesRead;
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
        emit(chunk, start, nl);
        start = nl + 1;
      }
      hold(chunk, start);
    }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code?.startsWith("Z_")
      ? `the gzip data is damaged or cut short after line ${result.lines}: ${(error as Error).message}`
      : `reading stopped after line ${result.lines}: ${(error as Error).message}`;
    result.problems.push({ line: result.lines + 1, reason });
    return result;
  }
  if (pendingBytes > 0 || overlong) emit(Buffer.alloc(0), 0, 0);
  return result;
}

async function isGzip(path: string): Promise<boolean> {
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
