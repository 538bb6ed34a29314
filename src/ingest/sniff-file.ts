import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { isRecord } from "../core/formats/fields.ts";
import { clipKey, formatOf, keyNames } from "../core/formats/normalize-line.ts";
import { JsonArrayScanner } from "./json-array-scanner.ts";

/**
 * How an event file is to be read, told from its first bytes:
 * - `lines`: NDJSON, one value a line (also what a file says nothing against is read as);
 * - `array`: one JSON array, read element by element;
 * - `unknown`: none of its first values is an event of any format workscope reads; `what` says
 *   what it looks like instead, with key names only (values may hold secrets).
 */
export type FileShape = { kind: "lines" } | { kind: "array" } | { kind: "unknown"; what: string };

/** How many bytes of the (decompressed) start of a file are looked at. */
const SNIFF_BYTES = 1024 * 1024;
/** How many non-blank lines or array elements are looked at. */
const SNIFF_VALUES = 20;

/**
 * The shape of the file at `path` (gzip when `gzip`), from its first SNIFF_BYTES bytes. Reading
 * errors are left to the reader that follows, which reports them: the file is then `lines`.
 */
export async function sniffFile(path: string, gzip: boolean): Promise<FileShape> {
  const raw = createReadStream(path, { highWaterMark: 64 * 1024 });
  const gunzip = gzip ? createGunzip() : null;
  if (gunzip !== null) raw.on("error", (error) => gunzip.destroy(error));
  const source: AsyncIterable<Buffer> = gunzip === null ? raw : raw.pipe(gunzip);
  const chunks: Buffer[] = [];
  let length = 0;
  let atEnd = true;
  try {
    for await (const chunk of source) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) {
        atEnd = false;
        break;
      }
    }
  } catch {
    return { kind: "lines" };
  } finally {
    raw.destroy();
    gunzip?.destroy();
  }
  const bytes = Buffer.concat(chunks, length);
  return shapeOfStart(atEnd ? bytes : bytes.subarray(0, SNIFF_BYTES), atEnd);
}

/**
 * The shape of a file from its first bytes; `atEnd` says they are the whole file. A file is
 * `unknown` only when its start decides it: binary bytes, or SNIFF_VALUES values (or all of a
 * short file's) none of which is an event. Anything undecided is read as lines or an array, so
 * that each line or element gets its own finding.
 */
export function shapeOfStart(bytes: Uint8Array, atEnd: boolean): FileShape {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && isSpace(bytes[at]!)) at++;
  if (at === bytes.length) return { kind: "lines" };
  const shape =
    bytes[at] === 0x5b && !isArrayLine(bytes, at) ? arrayShape(bytes, atEnd) : linesShape(bytes, atEnd);
  // Binary bytes make a file unknown only when none of its first values is an event: a log with a
  // run of NUL bytes (a write cut by a crash) is still read, with a finding on that line.
  if (shape !== RECOGNIZED_LINES && shape !== RECOGNIZED_ARRAY && looksBinary(bytes))
    return { kind: "unknown", what: "binary data" };
  return shape;
}

/** The shapes of a start where an event was seen, told apart from the undecided ones. */
const RECOGNIZED_LINES: FileShape = { kind: "lines" };
const RECOGNIZED_ARRAY: FileShape = { kind: "array" };

/**
 * Whether a start with `[` is the first of several lines, an array a line, rather than one array
 * over the file: its first line is JSON by itself and more text follows it. A file that is one
 * array on one line is an array.
 */
function isArrayLine(bytes: Uint8Array, at: number): boolean {
  const newline = bytes.indexOf(0x0a, at);
  if (newline === -1) return false;
  const rest = bytes.subarray(newline + 1);
  if (rest.every(isSpace)) return false;
  return parseOr(Buffer.from(bytes.subarray(at, newline)).toString("utf8"), UNPARSED) !== UNPARSED;
}

/**
 * A NUL byte, or many control characters and bytes that are not UTF-8: one bad byte in a log of
 * text is a finding on its line, not a sign the file is binary.
 */
function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
  let odd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c)) odd++;
  }
  return odd > Math.max(8, text.length / 100);
}

function arrayShape(bytes: Uint8Array, atEnd: boolean): FileShape {
  const values: unknown[] = [];
  let broken = false;
  const scanner = new JsonArrayScanner(
    (element) => {
      if (values.length >= SNIFF_VALUES) return;
      values.push(parseOr(Buffer.from(element).toString("utf8"), UNPARSED));
    },
    () => {
      broken = true;
    },
    SNIFF_BYTES,
  );
  scanner.push(bytes);
  if (atEnd) scanner.end();
  if (values.some((v) => formatOf(v) !== null)) return RECOGNIZED_ARRAY;
  // An empty array, or one whose first element does not fit the window, says nothing against it.
  const decided = values.length >= SNIFF_VALUES || (atEnd && (scanner.closed || broken));
  if (values.length === 0 || !decided) return { kind: "array" };
  return { kind: "unknown", what: `a JSON array ${describeValues(values, "elements")}` };
}

function linesShape(bytes: Uint8Array, atEnd: boolean): FileShape {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
  const lines = text.split("\n");
  // The last line may be cut by the window's end.
  if (!atEnd) lines.pop();
  const values: unknown[] = [];
  for (const line of lines) {
    const trimmed = line.replace(/^\uFEFF/, "").trim();
    if (trimmed.length === 0) continue;
    values.push(parseOr(trimmed, UNPARSED));
    if (values.length >= SNIFF_VALUES) break;
  }
  if (values.some((v) => formatOf(v) !== null)) return RECOGNIZED_LINES;
  if (values.length === 0 || (values.length < SNIFF_VALUES && !atEnd)) return { kind: "lines" };
  if (values[0] === UNPARSED) {
    // A pretty-printed object spans lines: its first is not JSON alone, though some inside may be.
    const start = text.replace(/^\uFEFF/, "");
    const whole = atEnd ? parseOr(start, UNPARSED) : UNPARSED;
    if (isRecord(whole)) return { kind: "unknown", what: `a JSON object with keys ${keyNames(whole)}` };
    if (start.trimStart().startsWith("{"))
      return { kind: "unknown", what: "JSON text that is not one object a line" };
    if (values.every((v) => v === UNPARSED)) return { kind: "unknown", what: "text, not JSON" };
  }
  return { kind: "unknown", what: `JSON lines ${describeValues(values, "lines")}` };
}

/** Marks a value that is not JSON. */
const UNPARSED = Symbol("unparsed");

function parseOr(text: string, otherwise: typeof UNPARSED): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return otherwise;
  }
}

/** What a list of values is: objects by their keys (the union, in the order first seen), or their kinds. */
function describeValues(values: readonly unknown[], what: "elements" | "lines"): string {
  const objects = values.filter(isRecord);
  if (objects.length > 0) {
    const keys = new Set<string>();
    for (const o of objects) for (const key of Object.keys(o)) keys.add(key);
    const union = Object.fromEntries([...keys].map((k) => [k, true]));
    const noun = what === "elements" ? "whose elements are objects with keys" : "whose objects have keys";
    return `${noun} ${keyNames(union)}`;
  }
  const kinds = [...new Set(values.map(kindOf))].map(clipKey);
  return `of ${kinds.join(", ")}`;
}

function kindOf(value: unknown): string {
  if (value === UNPARSED) return "text that is not JSON";
  if (value === null) return "nulls";
  if (Array.isArray(value)) return "arrays";
  return `${typeof value}s`;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
