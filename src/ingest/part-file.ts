import { close, closeSync, fstat, open, read, readSync } from "node:fs";
import { promisify } from "node:util";
import {
  COLUMN_TYPES,
  columnsFromBytes,
  columnsToBytes,
  columnsLayout,
  addFactCounts,
  FACT_COLUMNS,
  FACT_WORDS,
  MOSTLY_ZERO,
  ROW_WIDTHS,
  EMPTY_SPAN,
  joinedSpan,
  widenedSpan,
  type ColumnName,
  type ColumnPlace,
  type EventColumns,
  type TimeSpan,
} from "./event-columns.ts";
import {
  blockKeysFromBytes,
  blockKeysOf,
  blockKeysToBytes,
  KEY_BLOCK_ROWS,
  type BlockKeys,
} from "./block-keys.ts";
import { DictionaryIndex } from "./dictionary-index.ts";
import { crcOf } from "./file-bytes.ts";

/** A column's values, as the typed array of its kind. */
type Column<K extends ColumnName> = EventColumns[K];

/** How many rows a chunk of a column read at a time holds, unless a part is told otherwise (tests). */
const CHUNK_ROWS = 1 << 15;

/**
 * A part's file in the parse cache, checked whole against its length and CRC-32 but not held in
 * memory: a run that reuses the last analysis reads only the columns it looks at, a chunk of rows
 * at a time through the same few buffers, and copies out the rows it picks (see
 * select-from-part.ts). On these virtual machines the first touch of fresh memory costs some 8 ms
 * a megabyte: a part of 40 MB read whole and hashed took 0.31–0.36 s, the same bytes hashed through
 * a buffer of 1 MB 0.03 s. The file is held open from its check until `close`, so that a run
 * that keeps another parse meanwhile (and removes the files of the parts it merged) can still
 * read it; one never closed is closed once it is collected.
 */
export class PartFile {
  /** Its path. */
  readonly path: string;
  /** How many events it holds. */
  readonly count: number;
  private fd: number | null;
  private readonly places: Readonly<Record<ColumnName, ColumnPlace>>;
  private readonly chunkRows: number;
  /** Where its columns end, and the keys its blocks of rows name begin. */
  private readonly columnsEnd: number;
  /** The work sessions, conversations and tasks each block of its rows names. */
  readonly blockKeys: BlockKeys;
  private spans: TimeSpan[] | null = null;
  private span: TimeSpan | null = null;
  private strings: DictionaryIndex | null = null;
  private factsBefore: Float64Array | null = null;
  private columns: EventColumns | null = null;

  private constructor(
    path: string,
    fd: number,
    columns: { count: number; places: Record<ColumnName, ColumnPlace>; end: number },
    blockKeys: BlockKeys,
    chunkRows: number,
  ) {
    this.path = path;
    this.fd = fd;
    this.count = columns.count;
    this.places = columns.places;
    this.columnsEnd = columns.end;
    this.blockKeys = blockKeys;
    this.chunkRows = chunkRows;
    UNCLOSED.register(this, fd, this);
  }

  /**
   * The part in `path`, when the file has `bytes` bytes with CRC-32 `crc`, its columns' lengths
   * fit it as columnsFromBytes reads them and the keys of its blocks follow them to its end (see
   * partToBytes); else null. Raw line bytes kept in the part (a gzip file's) are not read from
   * here: such a part is read whole. `chunkRows` is how many rows a chunk of a column read at a
   * time holds.
   */
  static async open(
    path: string,
    bytes: number,
    crc: number,
    chunkRows = CHUNK_ROWS,
  ): Promise<PartFile | null> {
    const fd = await openFile(path, "r");
    let part: PartFile | null = null;
    try {
      const readAt = async (buffer: Buffer, at: number): Promise<number> =>
        (await readFile(fd, buffer, 0, buffer.length, at)).bytesRead;
      if ((await statFile(fd)).size !== bytes || (await crcOf(readAt)) >>> 0 !== crc) return null;
      let layout: ReturnType<typeof columnsLayout>;
      try {
        layout = columnsLayout((at) => wordAt(fd, at), 0, bytes);
      } catch {
        return null;
      }
      const { count, places, end } = layout;
      if (places.rawBytes.byteLength !== 0 || !fitsCount(places, count)) return null;
      const trailer = Buffer.alloc(bytes - end);
      if ((await readFile(fd, trailer, 0, trailer.length, end)).bytesRead !== trailer.length) return null;
      const blockKeys = blockKeysFromBytes(trailer, count);
      if (blockKeys === null) return null;
      part = new PartFile(path, fd, layout, blockKeys, chunkRows);
      return part;
    } finally {
      if (part === null) await closeFile(fd);
    }
  }

  /**
   * Closes the file; reading it afterwards throws. A close that fails (the file was only read) is
   * not the run's failure.
   */
  close(): void {
    if (this.fd === null) return;
    UNCLOSED.unregister(this);
    try {
      closeSync(this.fd);
    } catch {
      // Nothing was written through it: nothing is lost.
    }
    this.fd = null;
  }

  /** Runs `use` with a reader of the part's columns from the file checked. */
  reading<T>(use: (read: ColumnReader) => T): T {
    if (this.fd === null) throw new Error(`${this.path} was closed`);
    return use(new ColumnReader(this.fd, this.places, this.count, this.chunkRows));
  }

  /** The span of its events' times, read once. */
  timeSpan(): TimeSpan {
    this.span ??= this.blockSpans().reduce(joinedSpan, EMPTY_SPAN);
    return this.span;
  }

  /**
   * The span of the times of each block of rows (see blockKeys), read once: a selection looks at
   * no row of a block whose times or keys its filter rules out, and a log's blocks follow its
   * time, so a rerun's selections of the recent events skip most of a part.
   */
  blockSpans(): readonly TimeSpan[] {
    this.spans ??= this.reading((read) => {
      const spans: TimeSpan[] = [];
      const { blockRows } = this.blockKeys;
      for (let r = 0; r < this.count; r += blockRows)
        spans.push(widenedSpan(EMPTY_SPAN, read.rows("ts", r, Math.min(r + blockRows, this.count))));
      return spans;
    });
    return this.spans;
  }

  /**
   * How many facts of each kind (text, number, flag, JSON) come before each chunk of rows, and after
   * the last: chunk `c`'s at `4 * c`. Counted once from every row's mask, so that a selection counts
   * only the chunks its rows are in (a rerun's two counted every row of the part each). Masks that
   * ask for other counts of values than the facts columns hold throw.
   */
  factCountsBefore(): Float64Array {
    this.factsBefore ??= this.reading((read) => {
      const chunks = Math.ceil(this.count / read.chunkRows);
      const before = new Float64Array(4 * (chunks + 1));
      const sums = new Float64Array(4);
      for (let c = 0; c < chunks; c++) {
        const from = c * read.chunkRows;
        const to = Math.min(from + read.chunkRows, this.count);
        addFactCounts(read.rows("factMask", from * FACT_WORDS, to * FACT_WORDS), 0, to - from, sums);
        before.set(sums, 4 * (c + 1));
      }
      FACT_COLUMNS.forEach((name, kind) => {
        if (sums[kind] !== read.elements(name)) throw new Error("the facts columns do not match their masks");
      });
      return before;
    });
    return this.factsBefore;
  }

  /** Its dictionary, read once and left as bytes until a string is asked for (see DictionaryIndex). */
  dictionary(): DictionaryIndex {
    this.strings ??= new DictionaryIndex(this.reading((read) => read.whole("dictionary")));
    return this.strings;
  }

  /** All its columns, read into memory once: for a run that makes all its events, or joins the part to others. */
  all(): EventColumns {
    this.columns ??= this.reading((read) => {
      const bytes = Buffer.allocUnsafeSlow(this.columnsEnd);
      read.into(bytes, 0);
      const { columns, end } = columnsFromBytes(bytes, 0);
      if (end !== this.columnsEnd) throw new Error(`${this.path} does not hold its columns`);
      return columns;
    });
    return this.columns;
  }
}

/**
 * A part's file, as the cache writes it: the columns (see columnsToBytes; `withRaw` keeps the line
 * bytes), then the keys each block of `blockRows` rows names (see blockKeysToBytes).
 */
export function partToBytes(columns: EventColumns, withRaw: boolean, blockRows = KEY_BLOCK_ROWS): Buffer[] {
  return [...columnsToBytes(columns, withRaw), ...blockKeysToBytes(blockKeysOf(columns, blockRows))];
}

/**
 * The columns of a part's file read whole, when the keys of their blocks follow them to its end,
 * as partToBytes writes them; else null. `bytes` must start on a multiple of 8 in its ArrayBuffer.
 */
export function partFromBytes(bytes: Uint8Array): EventColumns | null {
  const { columns, end } = columnsFromBytes(bytes, 0);
  return blockKeysFromBytes(bytes.subarray(end), columns.count) === null ? null : columns;
}

const openFile = promisify(open);
const readFile = promisify(read);
const statFile = promisify(fstat);
const closeFile = promisify(close);

/** Closes the file of a part collected without being closed. */
const UNCLOSED = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed by the process's end.
  }
});

/** The 8 bytes of a file at `at`; throws when the file ends first. */
function wordAt(fd: number, at: number): DataView {
  const word = Buffer.alloc(8);
  if (readSync(fd, word, 0, 8, at) !== 8) throw new Error("the part is cut short");
  return new DataView(word.buffer, word.byteOffset, 8);
}

/**
 * Whether each column of values by row holds `count` rows of them; one of MOSTLY_ZERO, and where
 * each line starts (a plain file's, which starts where its offset says), may be written empty.
 */
function fitsCount(places: Readonly<Record<ColumnName, ColumnPlace>>, count: number): boolean {
  return ROW_WIDTHS.every(([name, width]) => {
    const values = places[name].byteLength / COLUMN_TYPES[name].BYTES_PER_ELEMENT;
    return values === count * width || (values === 0 && (MOSTLY_ZERO.includes(name) || name === "rawStart"));
  });
}

/** Reads a part's columns from its open file. */
export class ColumnReader {
  private readonly fd: number;
  private readonly places: Readonly<Record<ColumnName, ColumnPlace>>;
  /** How many rows the part has. */
  readonly count: number;
  /** How many rows a chunk of a column read at a time holds. */
  readonly chunkRows: number;

  constructor(
    fd: number,
    places: Readonly<Record<ColumnName, ColumnPlace>>,
    count: number,
    chunkRows: number,
  ) {
    this.fd = fd;
    this.places = places;
    this.count = count;
    this.chunkRows = chunkRows;
  }

  /**
   * Elements [from, to) of a column, in a buffer of the column's own that the next read of the same
   * column writes over: a caller copies out what it keeps. A column of MOSTLY_ZERO written empty
   * reads as zeros.
   */
  rows<K extends ColumnName>(name: K, from: number, to: number): Column<K> {
    const type = COLUMN_TYPES[name];
    const length = (to - from) * type.BYTES_PER_ELEMENT;
    const buffer = scratch(name, length);
    const place = this.places[name];
    if (place.byteLength === 0 && MOSTLY_ZERO.includes(name)) buffer.fill(0, 0, length);
    else {
      if (from < 0 || from * type.BYTES_PER_ELEMENT + length > place.byteLength)
        throw new Error(`rows ${from} to ${to} are past column ${name}`);
      this.into(buffer.subarray(0, length), place.at + from * type.BYTES_PER_ELEMENT);
    }
    return type.make(buffer.buffer as ArrayBuffer, buffer.byteOffset, to - from) as Column<K>;
  }

  /** How many elements a column holds (0 for one written empty). */
  elements(name: ColumnName): number {
    return this.places[name].byteLength / COLUMN_TYPES[name].BYTES_PER_ELEMENT;
  }

  /** A whole column, in memory of its own. */
  whole<K extends ColumnName>(name: K): Column<K> {
    const place = this.places[name];
    const bytes = Buffer.allocUnsafeSlow(place.byteLength);
    this.into(bytes, place.at);
    const type = COLUMN_TYPES[name];
    return type.make(bytes.buffer as ArrayBuffer, 0, place.byteLength / type.BYTES_PER_ELEMENT) as Column<K>;
  }

  /** Fills `bytes` from the file at `position`; throws when the file ends first. */
  into(bytes: Uint8Array, position: number): void {
    for (let done = 0; done < bytes.length;) {
      const read = readSync(this.fd, bytes, done, bytes.length - done, position + done);
      if (read === 0) throw new Error("a part's file ended early");
      done += read;
    }
  }
}

/**
 * One buffer per column, reused by every read of that column from any part (reads are synchronous,
 * and a caller copies out what it keeps before the next read): memory touched once, not at every
 * chunk. Each is made on an 8-byte boundary, so that any column's typed array fits it.
 */
const SCRATCH = new Map<ColumnName, Buffer>();

function scratch(name: ColumnName, length: number): Buffer {
  let buffer = SCRATCH.get(name);
  if (buffer === undefined || buffer.length < length) {
    buffer = Buffer.allocUnsafeSlow(Math.max(length, 2 * (buffer?.length ?? 0)));
    SCRATCH.set(name, buffer);
  }
  return buffer;
}
