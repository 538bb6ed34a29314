import type { BaseEvent } from "../core/event.ts";
import { meetsNoneBetween, type KeyFilter } from "../core/incremental/key-filter.ts";
import {
  COLUMN_TYPES,
  countAtOrAfter,
  FACT_WORDS,
  addFactCounts,
  FACT_COLUMNS,
  factsOfKind,
  gateOf,
  meetsGate,
  selectEvents,
  TEXT_FIELDS,
  withValues,
  type ColumnName,
  type EventColumns,
  type EventKeys,
  type Gate,
} from "./event-columns.ts";
import { room } from "./array-room.ts";
import { namesFlagged } from "./block-keys.ts";
import type { DictionaryIndex } from "./dictionary-index.ts";
import type { LineBytes } from "./file-bytes.ts";
import type { ColumnReader, PartFile } from "./part-file.ts";

/**
 * The events of a part's file that `pick` takes, as selectEvents gives those of columns in memory.
 * The rows `filter` lets through are found from the times and the text column, read a chunk at a
 * time; only those rows are then read of every column, and decoded. Without a filter every row is
 * a candidate, and the part is read whole.
 */
export function selectFromPart(
  part: PartFile,
  file: string,
  lineBase: number,
  raw: LineBytes,
  pick: (keys: EventKeys) => boolean,
  filter: KeyFilter | null,
): BaseEvent[] {
  if (filter === null) return selectEvents(part.all(), file, lineBase, raw, pick);
  const span = part.timeSpan();
  if (meetsNoneBetween(filter, span.min, span.max, span.untimed)) return [];
  const strings = part.dictionary();
  const gate = gateOf(filter, strings);
  const gathered = part.reading((read) => {
    const rows = rowsThrough(read, gate, part, filter);
    return rows.length === 0 ? null : gatheredRows(read, rows, part.factCountsBefore());
  });
  if (gathered === null) return [];
  return selectEvents(withValues(gathered, ownStrings(gathered, strings)), file, lineBase, raw, pick);
}

/** How many of a part's events have a time at or after `from`, as countFrom counts those of columns. */
export function countFromPart(part: PartFile, from: number): number {
  const span = part.timeSpan();
  if (!(span.max >= from)) return 0;
  if (span.min >= from && !span.untimed) return part.count;
  const spans = part.blockSpans();
  const { blockRows } = part.blockKeys;
  return part.reading((read) => {
    let n = 0;
    for (let r = 0, block = 0; r < read.count; r += blockRows, block++) {
      const { min, max, untimed } = spans[block]!;
      const to = Math.min(r + blockRows, read.count);
      if (min >= from && !untimed) n += to - r;
      else if (max >= from) n += countAtOrAfter(read.rows("ts", r, to), from);
    }
    return n;
  });
}

/**
 * The rows that pass the gate, in order, from their times and text fields, read a block of rows
 * at a time. A block whose times, or times and keys (the work sessions, conversations and tasks it
 * names), no event the filter lets through can have is not read.
 */
function rowsThrough(read: ColumnReader, gate: Gate, part: PartFile, filter: KeyFilter): Int32Array {
  const fields = TEXT_FIELDS.length;
  const spans = part.blockSpans();
  const { blockKeys } = part;
  let rows = new Int32Array(1024);
  let n = 0;
  for (let from = 0, block = 0; from < read.count; from += blockKeys.blockRows, block++) {
    const { min, max, untimed } = spans[block]!;
    if (meetsNoneBetween(filter, min, max, untimed, !namesFlagged(blockKeys, block, gate.flags))) continue;
    const to = Math.min(from + blockKeys.blockRows, read.count);
    const ts = read.rows("ts", from, to);
    const text = read.rows("text", from * fields, to * fields);
    for (let i = 0; i < to - from; i++) {
      if (!meetsGate(gate, text, i * fields, ts[i]!)) continue;
      rows = room(rows, n + 1);
      rows[n++] = from + i;
    }
  }
  return rows.subarray(0, n);
}

/**
 * Columns of `rows` of the part alone, as columnsFromBytes would give them were the part only
 * those rows: every fixed-width column's values of the rows, and of each facts column the values
 * the rows' masks ask for, in order. Their string indexes are the part's until ownStrings.
 */
function gatheredRows(read: ColumnReader, rows: Int32Array, factsBefore: Float64Array): EventColumns {
  const factMask = fixed(read, "factMask", rows, FACT_WORDS);
  const starts = factStarts(read, rows, factsBefore);
  const fileOffset = fixed(read, "fileOffset", rows, 1);
  return {
    count: rows.length,
    ts: fixed(read, "ts", rows, 1),
    line: fixed(read, "line", rows, 1),
    needsTime: fixed(read, "needsTime", rows, 1),
    source: fixed(read, "source", rows, 1),
    text: fixed(read, "text", rows, TEXT_FIELDS.length),
    twin: fixed(read, "twin", rows, 1),
    tsEstimated: fixed(read, "tsEstimated", rows, 1),
    factMask,
    factText: ranges(read, "factText", starts, factMask),
    factNumber: ranges(read, "factNumber", starts, factMask),
    factFlag: ranges(read, "factFlag", starts, factMask),
    factJson: ranges(read, "factJson", starts, factMask),
    // Its strings are given as values (see ownStrings).
    dictionary: new Uint8Array(0),
    // A plain file's part keeps no line bytes: each line starts where it does in the file.
    rawStart: read.elements("rawStart") === 0 ? fileOffset : fixed(read, "rawStart", rows, 1),
    rawLength: fixed(read, "rawLength", rows, 1),
    fileOffset,
    rawBytes: new Uint8Array(0),
  };
}

/** An index no dictionary reaches: one past the part's dictionary stays past the rows' own. */
const PAST = 0x7fffffff;

/**
 * Gives gathered rows a dictionary of their own, of only the strings they name, made from the
 * part's as they are met: their string indexes (text, text facts, JSON facts) are rewritten to
 * it, and its values are given as valuesByIndex gives them (absent and null first). Null (-1) and
 * absent (-2) stay; an index past the part's dictionary stays past this one, so the decode still
 * throws on it.
 */
function ownStrings(columns: EventColumns, strings: DictionaryIndex): Array<string | null | undefined> {
  const values: Array<string | null | undefined> = [undefined, null];
  const placed = new Map<number, number>();
  for (const column of [columns.text, columns.factText, columns.factJson])
    for (let i = 0; i < column.length; i++) {
      const k = column[i]!;
      if (k < 0) continue;
      let at = k < strings.size ? placed.get(k) : PAST;
      if (at === undefined) {
        at = values.length - 2;
        placed.set(k, at);
        values.push(strings.valueAt(k));
      }
      column[i] = at;
    }
  return values;
}

/** A new array of a column's kind, of `length` zeros. */
function made<K extends ColumnName>(name: K, length: number): EventColumns[K] {
  const type = COLUMN_TYPES[name];
  return type.make(new ArrayBuffer(length * type.BYTES_PER_ELEMENT), 0, length) as EventColumns[K];
}

/** The `width` values of each of `rows` in a column of `width` values a row. */
function fixed<K extends ColumnName>(
  read: ColumnReader,
  name: K,
  rows: Int32Array,
  width: number,
): EventColumns[K] {
  const out = made(name, rows.length * width);
  for (let k = 0; k < rows.length;) {
    const from = rows[k]!;
    const to = Math.min(from + read.chunkRows, read.count);
    const chunk = read.rows(name, from * width, to * width);
    for (; k < rows.length && rows[k]! < to; k++)
      for (let j = 0, at = (rows[k]! - from) * width; j < width; j++) out[k * width + j] = chunk[at + j]!;
  }
  return out;
}

/**
 * Where each of `rows`' facts of each kind start in the facts columns, at `4 * k + kind`: counted
 * over the masks of the rows before it in its chunk, from what the chunks before hold
 * (`factsBefore`, see PartFile.factCountsBefore, which checks the masks against the columns).
 * Chunks without a row are not read.
 */
function factStarts(read: ColumnReader, rows: Int32Array, factsBefore: Float64Array): Int32Array {
  const starts = new Int32Array(4 * rows.length);
  const sums = new Float64Array(4);
  for (let k = 0; k < rows.length;) {
    const chunk = Math.floor(rows[k]! / read.chunkRows);
    const from = chunk * read.chunkRows;
    const to = Math.min(from + read.chunkRows, read.count);
    const masks = read.rows("factMask", from * FACT_WORDS, to * FACT_WORDS);
    sums.set(factsBefore.subarray(4 * chunk, 4 * chunk + 4));
    let counted = from;
    for (; k < rows.length && rows[k]! < to; k++) {
      addFactCounts(masks, counted - from, rows[k]! - from, sums);
      counted = rows[k]!;
      starts.set(sums, 4 * k);
    }
  }
  return starts;
}

/** Of the facts column `name`, the values each gathered row's mask asks for, row after row. */
function ranges<K extends (typeof FACT_COLUMNS)[number]>(
  read: ColumnReader,
  name: K,
  starts: Int32Array,
  masks: Uint32Array,
): EventColumns[K] {
  const kind = FACT_COLUMNS.indexOf(name);
  const rows = starts.length / 4;
  const lengths = new Int32Array(rows);
  let total = 0;
  for (let k = 0; k < rows; k++) {
    for (let w = 0; w < FACT_WORDS; w++) lengths[k]! += factsOfKind(masks[k * FACT_WORDS + w]!, w, kind);
    total += lengths[k]!;
  }
  const out = made(name, total);
  const end = read.elements(name);
  let o = 0;
  for (let k = 0; k < rows;) {
    if (lengths[k] === 0) {
      k++;
      continue;
    }
    const from = starts[4 * k + kind]!;
    if (from + lengths[k]! > end) throw new Error(`the facts of row ${k} are past column ${name}`);
    const chunk = read.rows(name, from, Math.min(end, Math.max(from + read.chunkRows, from + lengths[k]!)));
    for (; k < rows; k++) {
      const at = starts[4 * k + kind]! - from;
      if (at + lengths[k]! > chunk.length) break;
      for (let j = 0; j < lengths[k]!; j++) out[o++] = chunk[at + j]!;
    }
  }
  return out;
}
