import { TEXT_FIELDS, type EventColumns } from "./event-columns.ts";

/** How many rows a block of a part's key summary holds, unless its writer is told otherwise (tests). */
export const KEY_BLOCK_ROWS = 1 << 12;

/** The places in a row of the text column of the fields a filter's ids are looked for in. */
const KEY_FIELDS = (["workSessionId", "conversationId", "taskId"] as const).map((field) =>
  TEXT_FIELDS.indexOf(field),
);

/**
 * The work sessions, conversations and tasks each block of a part's rows names, as indexes of the
 * part's dictionary: written after the part's columns in its cache file, so that a rerun's
 * selection of the events of a few sessions reads only the blocks that name one of them (see
 * rowsThrough in select-from-part.ts) instead of every row of a log's part. The three fields'
 * indexes are kept together: a block that names a filter's id in another field is read, which
 * costs a read, never an event.
 */
export interface BlockKeys {
  /** How many rows each block holds; the last holds the rest. */
  blockRows: number;
  /** Where each block's keys start in `keys`, and, after the last block's, where they end. */
  starts: Int32Array;
  /** Each block's string indexes, in increasing order, each once. */
  keys: Int32Array;
}

/** The keys each block of `blockRows` rows of the columns names. */
export function blockKeysOf(columns: EventColumns, blockRows = KEY_BLOCK_ROWS): BlockKeys {
  const { count, text } = columns;
  const fields = TEXT_FIELDS.length;
  const blocks = Math.ceil(count / blockRows);
  const starts = new Int32Array(blocks + 1);
  let keys = new Int32Array(1024);
  let n = 0;
  // The block an index was last met in, plus one: each index is kept once per block without a
  // set, and only a block's distinct indexes are sorted.
  let seen = new Int32Array(1024);
  for (let block = 0; block < blocks; block++) {
    const from = block * blockRows;
    const to = Math.min(from + blockRows, count);
    for (let row = from; row < to; row++)
      for (const field of KEY_FIELDS) {
        const k = text[row * fields + field]!;
        if (k < 0) continue;
        if (k >= seen.length) seen = grown(seen, k + 1);
        if (seen[k] === block + 1) continue;
        seen[k] = block + 1;
        if (n === keys.length) keys = grown(keys, n + 1);
        keys[n++] = k;
      }
    keys.subarray(starts[block], n).sort();
    starts[block + 1] = n;
  }
  return { blockRows, starts, keys: keys.slice(0, n) };
}

/** A copy of `array` with room for at least `length` values. */
function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(length, 2 * array.length));
  bigger.set(array);
  return bigger;
}

/**
 * The keys as the bytes that follow a part's columns: the rows a block holds and how many blocks
 * there are (two 32-bit words), where each block's keys start, then the keys, each list padded to
 * 8 bytes.
 */
export function blockKeysToBytes(blockKeys: BlockKeys): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(blockKeys.blockRows, 0);
  head.writeUInt32LE(blockKeys.starts.length - 1, 4);
  return [head, padded(blockKeys.starts), padded(blockKeys.keys)];
}

/** The bytes of `values`, padded with zeros to a multiple of 8. */
function padded(values: Int32Array): Buffer {
  const bytes = Buffer.alloc(Math.ceil(values.byteLength / 8) * 8);
  bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  return bytes;
}

/**
 * The keys of the blocks of a part of `count` rows from the bytes blockKeysToBytes wrote, which
 * must be all of `bytes`; null when they are not keys of such a part (another number of blocks,
 * starts out of order or past the keys, bytes left over).
 */
export function blockKeysFromBytes(bytes: Uint8Array, count: number): BlockKeys | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const blockRows = view.getUint32(0, true);
  const blocks = view.getUint32(4, true);
  if (blockRows === 0 || blocks !== Math.ceil(count / blockRows)) return null;
  const startsEnd = 8 + Math.ceil(((blocks + 1) * 4) / 8) * 8;
  if (startsEnd > bytes.length) return null;
  const starts = int32s(bytes, 8, blocks + 1);
  if (starts[0] !== 0) return null;
  for (let b = 0; b < blocks; b++) if (!(starts[b]! <= starts[b + 1]!)) return null;
  const keyCount = starts[blocks]!;
  if (startsEnd + Math.ceil((keyCount * 4) / 8) * 8 !== bytes.length) return null;
  return { blockRows, starts, keys: int32s(bytes, startsEnd, keyCount) };
}

/** `length` 32-bit integers from `bytes` at `at`, copied (the bytes may be at any offset). */
function int32s(bytes: Uint8Array, at: number, length: number): Int32Array {
  const values = new Int32Array(length);
  new Uint8Array(values.buffer).set(bytes.subarray(at, at + length * 4));
  return values;
}

/**
 * Whether block `block` names a string whose flag is set (a gate's `flags`, at index plus two); an
 * index past the flags, which the gate's dictionary does not have, counts as named.
 */
export function namesFlagged(blockKeys: BlockKeys, block: number, flags: Uint8Array): boolean {
  const { starts, keys } = blockKeys;
  for (let i = starts[block]!; i < starts[block + 1]!; i++) if ((flags[keys[i]! + 2] ?? 1) !== 0) return true;
  return false;
}
