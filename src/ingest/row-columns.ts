/**
 * Lists of flat rows as typed columns and one table of strings, and back: the form the analysis
 * snapshot keeps its long lists in. Parsing them as JSON made an object of every row and a string
 * of every id each time (about 150k objects on a month's log), which with the collections it set
 * off was the largest cost of a run that reuses the snapshot. Here a string is made once however
 * many rows name it, and numbers are read from typed arrays.
 */

/**
 * How a column holds its field: a string, or absent when optional (`?`); a number, or absent; true
 * or false; a list of strings; a list of numbers; a byte span (two numbers); a list of rows of a
 * nested table.
 */
export type ColumnKind =
  | "string"
  | "string?"
  | "number"
  | "number?"
  | "boolean"
  | "strings"
  | "numbers"
  | "span"
  | { rows: TableSpec };

/**
 * A table's columns: each field of its rows by name, in the order the rows' objects have them
 * (which decoding keeps, so that a row written out as JSON again reads the same).
 */
export type TableSpec = Readonly<Record<string, ColumnKind>>;

/** The typed arrays a writer made, in the order a reader takes them back. */
export type ColumnArray = Float64Array | Int32Array | Uint32Array | Uint8Array;

/** Each field's values, by name: a table taken column by column, without an object per row. */
export type Fields = Readonly<Record<string, readonly unknown[]>>;

/** Puts rows into columns, with the strings of every table in one table of their own. */
export class RowColumnsWriter {
  private readonly indexes = new Map<string, number>();
  private readonly strings: string[] = [];
  /** The columns, in the order they were made. */
  readonly arrays: ColumnArray[] = [];

  /**
   * Adds the columns of `rows`, each of which has the fields `spec` names. Gives the arrays made
   * for each field (not those of a nested table's fields), for a caller to fill in later.
   */
  table(rows: readonly object[], spec: TableSpec): Record<string, ColumnArray[]> {
    const made: Record<string, ColumnArray[]> = {};
    for (const [name, kind] of Object.entries(spec)) {
      const values = new Array<unknown>(rows.length);
      for (let i = 0; i < rows.length; i++) values[i] = (rows[i] as Record<string, unknown>)[name];
      const from = this.arrays.length;
      this.column(values, kind);
      made[name] = this.arrays.slice(from, from + (typeof kind === "object" ? 1 : this.arrays.length - from));
    }
    return made;
  }

  /** Adds a table given as its fields' values, as `table` adds rows of those fields. */
  fields(fields: Fields, spec: TableSpec): void {
    for (const [name, kind] of Object.entries(spec)) this.column(fields[name] ?? [], kind);
  }

  /** Every string the tables named, in the order of their indexes. */
  stringList(): readonly string[] {
    return this.strings;
  }

  private column(values: readonly unknown[], kind: ColumnKind): void {
    const n = values.length;
    if (typeof kind === "object") {
      const counts = new Uint32Array(n);
      const nested: object[] = [];
      for (let i = 0; i < n; i++) {
        const list = values[i] as object[];
        counts[i] = list.length;
        for (const row of list) nested.push(row);
      }
      this.arrays.push(counts);
      this.table(nested, kind.rows);
      return;
    }
    switch (kind) {
      case "string":
      case "string?": {
        const column = new Int32Array(n);
        for (let i = 0; i < n; i++) {
          const v = values[i];
          column[i] = v === undefined && kind === "string?" ? -1 : this.intern(v);
        }
        this.arrays.push(column);
        return;
      }
      case "number": {
        const column = new Float64Array(n);
        for (let i = 0; i < n; i++) column[i] = values[i] as number;
        this.arrays.push(column);
        return;
      }
      case "number?": {
        const present = new Uint8Array(n);
        const column = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const v = values[i];
          if (v !== undefined) [present[i], column[i]] = [1, v as number];
        }
        this.arrays.push(present, column);
        return;
      }
      case "boolean": {
        const column = new Uint8Array(n);
        for (let i = 0; i < n; i++) column[i] = values[i] === true ? 1 : 0;
        this.arrays.push(column);
        return;
      }
      case "strings":
      case "numbers": {
        // Each row's count, then every row's items one after the other: strings by their index.
        const counts = new Uint32Array(n);
        const flat: number[] = [];
        for (let i = 0; i < n; i++) {
          const list = values[i] as readonly unknown[];
          counts[i] = list.length;
          for (const v of list) flat.push(kind === "strings" ? this.intern(v) : (v as number));
        }
        this.arrays.push(counts, kind === "strings" ? Int32Array.from(flat) : Float64Array.from(flat));
        return;
      }
      case "span": {
        const column = new Float64Array(2 * n);
        for (let i = 0; i < n; i++) {
          const [at, length] = values[i] as [number, number];
          column[2 * i] = at;
          column[2 * i + 1] = length;
        }
        this.arrays.push(column);
        return;
      }
    }
  }

  private intern(value: unknown): number {
    if (typeof value !== "string") throw new TypeError(`a string column holds ${typeof value}`);
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.indexes.set(value, index);
      this.strings.push(value);
    }
    return index;
  }
}

/**
 * Takes rows back from the columns a writer made, handed over in the same order. A column of the
 * wrong type or length, or a string index past the table, throws: damaged bytes read as an error,
 * never as other rows.
 */
export class RowColumnsReader {
  private next = 0;
  private readonly arrays: readonly ColumnArray[];
  private readonly strings: readonly string[];

  constructor(arrays: readonly ColumnArray[], strings: readonly string[]) {
    this.arrays = arrays;
    this.strings = strings;
  }

  /** The `count` rows of the next table, of the fields `spec` names; an absent optional field is left out. */
  table<T>(count: number, spec: TableSpec): T[] {
    const rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < count; i++) rows.push({});
    for (const [name, kind] of Object.entries(spec)) {
      const values = this.column(count, kind);
      const optional = kind === "string?" || kind === "number?";
      for (let i = 0; i < count; i++) {
        const v = values[i];
        if (!optional || v !== undefined) (rows[i] as Record<string, unknown>)[name] = v;
      }
    }
    return rows as T[];
  }

  /** The next table's fields, each as its `count` values (undefined where an optional one is absent). */
  fields(count: number, spec: TableSpec): Record<string, unknown[]> {
    const fields: Record<string, unknown[]> = {};
    for (const [name, kind] of Object.entries(spec)) fields[name] = this.column(count, kind);
    return fields;
  }

  /** Whether every column was read. */
  done(): boolean {
    return this.next === this.arrays.length;
  }

  private column(n: number, kind: ColumnKind): unknown[] {
    const values = new Array<unknown>(n);
    if (typeof kind === "object") {
      const counts = this.take(Uint32Array, n);
      const nested = this.table<object>(sum(counts), kind.rows);
      for (let i = 0, at = 0; i < n; at += counts[i] as number, i++)
        values[i] = nested.slice(at, at + (counts[i] as number));
      return values;
    }
    switch (kind) {
      case "string":
      case "string?": {
        const column = this.take(Int32Array, n);
        for (let i = 0; i < n; i++) {
          const index = column[i] as number;
          values[i] = index === -1 && kind === "string?" ? undefined : this.string(index);
        }
        return values;
      }
      case "number": {
        const column = this.take(Float64Array, n);
        for (let i = 0; i < n; i++) values[i] = column[i];
        return values;
      }
      case "number?": {
        const present = this.take(Uint8Array, n);
        const column = this.take(Float64Array, n);
        for (let i = 0; i < n; i++) values[i] = present[i] === 1 ? column[i] : undefined;
        return values;
      }
      case "boolean": {
        const column = this.take(Uint8Array, n);
        for (let i = 0; i < n; i++) values[i] = column[i] === 1;
        return values;
      }
      case "strings": {
        const counts = this.take(Uint32Array, n);
        const flat = this.take(Int32Array, sum(counts));
        for (let i = 0, at = 0; i < n; i++) {
          const list: string[] = [];
          for (const end = at + (counts[i] as number); at < end; at++)
            list.push(this.string(flat[at] as number));
          values[i] = list;
        }
        return values;
      }
      case "numbers": {
        const counts = this.take(Uint32Array, n);
        const flat = this.take(Float64Array, sum(counts));
        for (let i = 0, at = 0; i < n; at += counts[i] as number, i++)
          values[i] = Array.from(flat.subarray(at, at + (counts[i] as number)));
        return values;
      }
      case "span": {
        const column = this.take(Float64Array, 2 * n);
        for (let i = 0; i < n; i++) values[i] = [column[2 * i], column[2 * i + 1]];
        return values;
      }
    }
  }

  private take<A extends ColumnArray>(type: { new (...args: never[]): A; name: string }, length: number): A {
    const array = this.arrays[this.next++];
    if (!(array instanceof type) || array.length !== length)
      throw new Error(`column ${this.next - 1} is not a ${type.name} of ${length}`);
    return array;
  }

  private string(index: number): string {
    const value = this.strings[index];
    if (value === undefined) throw new Error(`string ${index} is past the table`);
    return value;
  }
}

function sum(counts: Uint32Array): number {
  let total = 0;
  for (const c of counts) total += c;
  return total;
}

/** The kinds of typed array a column can be, by the code its bytes are listed with. */
const ARRAY_TYPES = {
  f64: Float64Array,
  i32: Int32Array,
  u32: Uint32Array,
  u8: Uint8Array,
} as const;

/** The code of an array's type. */
type ArrayCode = keyof typeof ARRAY_TYPES;

/** Each array's type and length, which a reader needs to take the arrays back from their bytes. */
export type ArrayLayout = Array<[ArrayCode, number]>;

/** The arrays' layout, and their bytes: each padded to 8, so that each can be read in place. */
export function arraysToBytes(arrays: readonly ColumnArray[]): { layout: ArrayLayout; bytes: Uint8Array[] } {
  const layout: ArrayLayout = [];
  const bytes: Uint8Array[] = [];
  for (const array of arrays) {
    const code = (Object.keys(ARRAY_TYPES) as ArrayCode[]).find((c) => array instanceof ARRAY_TYPES[c]);
    if (code === undefined) throw new TypeError("not a column array");
    layout.push([code, array.length]);
    bytes.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    const pad = align8(array.byteLength) - array.byteLength;
    if (pad > 0) bytes.push(new Uint8Array(pad));
  }
  return { layout, bytes };
}

/**
 * The arrays of `layout` from `bytes` at `offset` on, in place (`bytes` must be on an 8-byte
 * boundary in its buffer), and where they end. A layout past the bytes throws.
 */
export function arraysFromBytes(
  bytes: Uint8Array,
  offset: number,
  layout: ArrayLayout,
): { arrays: ColumnArray[]; end: number } {
  if ((bytes.byteOffset + offset) % 8 !== 0) throw new Error("columns are not aligned");
  const arrays: ColumnArray[] = [];
  let at = offset;
  for (const [code, length] of layout) {
    const type = Object.hasOwn(ARRAY_TYPES, code) ? ARRAY_TYPES[code] : undefined;
    if (type === undefined) throw new Error(`no column type ${code}`);
    const byteLength = length * type.BYTES_PER_ELEMENT;
    if (!Number.isSafeInteger(length) || length < 0 || at + byteLength > bytes.length)
      throw new Error("the columns are cut short");
    arrays.push(new type(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, length));
    at += align8(byteLength);
  }
  return { arrays, end: at };
}

/** `n` rounded up to a multiple of 8: where the next column starts. */
export function align8(n: number): number {
  return n + ((8 - (n % 8)) % 8);
}
