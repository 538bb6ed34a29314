import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { JsonArrayScanner } from "./json-array-scanner.ts";
import { isGzip, type LineSink, type ReadOptions, type ReadResult } from "./read-lines.ts";

/** Elements up to this size are read whole, as lines are (see readLines). */
const MAX_ELEMENT_BYTES = 64 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Streams a file that holds one JSON array, element by element: plain or gzip (told by its magic
 * bytes), with or without a BOM. Each element is handed on like a line: its exact bytes as text,
 * the 1-based line it starts on, and its offset in the (decompressed) data. Memory holds one chunk
 * and the element being read, never the whole file. An array that breaks (cut short, a missing
 * comma, text after its end) is one problem where it broke; the elements before it are kept.
 * The whole file is always read: `start`, `end` and `lineBase` do not apply.
 */
export async function readArray(
  path: string,
  onElement: LineSink,
  options: Omit<ReadOptions, "start" | "end" | "lineBase"> = {},
): Promise<ReadResult> {
  const result: ReadResult = { lines: 0, bytes: 0, problems: [], stopped: false, gzip: false };
  const problem = options.onProblem ?? ((p: { line: number; reason: string }) => result.problems.push(p));
  const scanner = new JsonArrayScanner(
    (bytes, line, offset) => {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
      // As for lines: the bytes are checked only when the decoded text has a replacement character.
      if (text.includes("\uFFFD") && !isUtf8(bytes))
        problem({
          line,
          reason: "element has bytes that are not valid UTF-8; they were replaced with U+FFFD",
        });
      onElement(text, line, bytes, offset);
    },
    (line, reason) => problem({ line, reason }),
    options.maxLineBytes ?? MAX_ELEMENT_BYTES,
  );
  let gzip: boolean;
  try {
    gzip = await isGzip(path);
    result.gzip = gzip;
  } catch (error) {
    problem({ line: 0, reason: `cannot read the file: ${(error as Error).message}` });
    result.stopped = true;
    return result;
  }
  const raw = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  const gunzip = gzip ? createGunzip({ chunkSize: CHUNK_BYTES }) : null;
  let source: AsyncIterable<Buffer> = raw;
  if (gunzip !== null) {
    // pipe() does not carry a read error over; without this the loop below would wait forever.
    raw.on("error", (error) => gunzip.destroy(error));
    source = raw.pipe(gunzip);
    const onChunk = options.onChunk;
    if (onChunk !== undefined) raw.on("data", (chunk) => onChunk(chunk as Buffer));
  }
  let read = 0;
  try {
    for await (const chunk of source) {
      options.onBytes?.(raw.bytesRead - read);
      read = raw.bytesRead;
      if (gunzip === null) options.onChunk?.(chunk);
      scanner.push(chunk);
    }
  } catch (error) {
    result.stopped = true;
    raw.destroy();
    const why = gzip ? "the gzip data is damaged or cut short" : "reading stopped";
    problem({
      line: scanner.lines + 1,
      reason: `${why} after line ${scanner.lines}: ${(error as Error).message}`,
    });
    result.lines = scanner.lines;
    result.bytes = raw.bytesRead;
    return result;
  }
  scanner.end();
  result.lines = scanner.lines;
  result.bytes = raw.bytesRead;
  return result;
}
