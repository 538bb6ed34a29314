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
  /** How many strings the table started with (see the constructor), and which of them a table named. */
  private readonly seeded: number;
  private readonly named: Uint8Array;
  /** The columns, in the order they were made. */
  readonly arrays: ColumnArray[] = [];
  /** Gives a string's index in the table, adding it when new; refuses what is not a string. */
  private readonly intern = (value: unknown): number => {
    if (typeof value !== "string") throw new TypeError(`a string column holds ${typeof value}`);
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.indexes.set(value, index);
      this.strings.push(value);
    } else if (index < this.seeded) this.named[index] = 1;
    return index;
  };

  /**
   * A writer whose table starts with `seed`, in its order, whether tables name its strings or not:
   * a snapshot written from one read keeps the strings it read at their places, so that their text
   * need not be made again (see `seedUse`). A seed that holds a string twice, which no writer
   * makes, is not used.
   */
  constructor(seed: readonly string[] = []) {
    for (const value of seed) {
      if (this.indexes.has(value)) {
        this.indexes.clear();
        this.strings.length = 0;
        break;
      }
      this.indexes.set(value, this.strings.length);
      this.strings.push(value);
    }
    this.seeded = this.strings.length;
    this.named = new Uint8Array(this.seeded);
  }

  /** How many strings the table was seeded with, and how many of those no table named. */
  seedUse(): { seeded: number; unnamed: number } {
    let unnamed = 0;
    for (let i = 0; i < this.seeded; i++) if (this.named[i] === 0) unnamed++;
    return { seeded: this.seeded, unnamed };
  }

  /**
   * Adds the columns of `rows`, each of which has the fields `spec` names. Gives the arrays made
   * for each field (not those of a nested table's fields), for a caller to fill in later.
   */
  table(rows: readonly object[], spec: TableSpec): Record<string, ColumnArray[]> {
    return codecOf(spec).encodeRows(rows, this.intern, this.arrays);
  }

  /** Adds a table given as its fields' values, as `table` adds rows of those fields. */
  fields(fields: Fields, spec: TableSpec): void {
    codecOf(spec).encodeFields(fields, this.intern, this.arrays);
  }

  /** Every string the tables named, in the order of their indexes. */
  stringList(): readonly string[] {
    return this.strings;
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
  /** Takes the next column, which must be of `code`'s type and `length` long. */
  private readonly take = (code: ArrayCode, length: number): ColumnArray => {
    const type = ARRAY_TYPES[code];
    const array = this.arrays[this.next++];
    if (!(array instanceof type) || array.length !== length)
      throw new Error(`column ${this.next - 1} is not a ${type.name} of ${length}`);
    return array;
  };

  constructor(arrays: readonly ColumnArray[], strings: readonly string[]) {
    this.arrays = arrays;
    this.strings = strings;
  }

  /** The `count` rows of the next table, of the fields `spec` names; an absent optional field is left out. */
  table<T>(count: number, spec: TableSpec): T[] {
    return codecOf(spec).decodeRows(this.take, this.strings, count) as T[];
  }

  /** The next table's fields, each as its `count` values (undefined where an optional one is absent). */
  fields(count: number, spec: TableSpec): Record<string, unknown[]> {
    return codecOf(spec).decodeFields(this.take, this.strings, count);
  }

  /** Whether every column was read. */
  done(): boolean {
    return this.next === this.arrays.length;
  }
}

/** Gives a string's index, adding it to the table when new. */
type Intern = (value: unknown) => number;

/** Takes the next column of a type and length. */
type Take = (code: ArrayCode, length: number) => ColumnArray;

/**
 * A table's rows to columns and back, as code written for its spec and compiled once. One loop for
 * every kind of field, reading and writing a field by a name held in a variable, and growing each
 * row's object a field at a time, took a rerun some 235 ms to read the bench's snapshot (about
 * 150k rows) and 125 ms to write it; code with each field's name written out, making a row in one
 * object literal, took 110 and 98 ms, for the same rows and the same bytes.
 */
interface TableCodec {
  /** Pushes the columns of `rows` to `out`, and gives each field's arrays (a nested table's: its counts). */
  encodeRows(rows: readonly object[], intern: Intern, out: ColumnArray[]): Record<string, ColumnArray[]>;
  /** Pushes the columns of a table given as its fields' values (the first field's length is the count). */
  encodeFields(fields: Fields, intern: Intern, out: ColumnArray[]): void;
  /** The `count` rows of the next columns. */
  decodeRows(take: Take, strings: readonly string[], count: number): object[];
  /** The next columns as each field's `count` values. */
  decodeFields(take: Take, strings: readonly string[], count: number): Record<string, unknown[]>;
}

/** The codec of each spec met, by the spec's object. */
const CODECS = new WeakMap<TableSpec, TableCodec>();

/** The codec of `spec`, made the first time it is asked for. */
function codecOf(spec: TableSpec): TableCodec {
  let codec = CODECS.get(spec);
  if (codec === undefined) {
    codec = makeCodec(spec);
    CODECS.set(spec, codec);
  }
  return codec;
}

/**
 * The codec of a spec: JavaScript written for its fields and compiled. Only the spec's field names
 * (quoted as JSON) and kinds go into the code; the values it moves never do.
 */
function makeCodec(spec: TableSpec): TableCodec {
  const fields = Object.entries(spec);
  const nested = fields.map(([, kind]) => (typeof kind === "object" ? codecOf(kind.rows) : null));
  const quoted = fields.map(([name]) => JSON.stringify(name));
  // The columns are made one field after the other, as the strings' indexes are given in the order
  // they are met.
  const encode = (valueAt: (k: number) => string): string =>
    [
      "const made = {};",
      ...fields.map(([, kind], k) => `made[${quoted[k]}] = ${encodeColumn(kind, k, valueAt(k))};`),
      "return made;",
    ].join("\n");
  // Each function's body, with its arguments: an encoder's rows (or fields), intern, out and the
  // nested tables' codecs; a decoder's take, the strings (S), the count (n), the nested tables'
  // codecs and HELPERS.
  const encoder = (input: string, body: string[]) =>
    new Function(input, "intern", "out", "nested", body.join("\n")) as (
      input: unknown,
      intern: Intern,
      out: ColumnArray[],
      nested: ReadonlyArray<TableCodec | null>,
    ) => Record<string, ColumnArray[]>;
  const decoder = <T>(body: string[]) =>
    new Function("take", "S", "n", "nested", "helpers", body.join("\n")) as (
      take: Take,
      strings: readonly string[],
      count: number,
      nested: ReadonlyArray<TableCodec | null>,
      helpers: typeof HELPERS,
    ) => T;
  const encodeRows = once(() =>
    encoder("rows", ["const n = rows.length;", encode((k) => `rows[i][${quoted[k]}]`)]),
  );
  const encodeFields = once(() =>
    encoder("fields", [
      ...quoted.map((name, k) => `const field${k} = fields[${name}] ?? [];`),
      `const n = ${fields.length === 0 ? "0" : "field0.length"};`,
      // Fields of other lengths would be cut or padded without a word; a table's fields are one per row.
      ...quoted.map(
        (name, k) =>
          `if (field${k}.length !== n) throw new Error("the field " + ${JSON.stringify(name)} + " is not one per row");`,
      ),
      encode((k) => `field${k}[i]`),
    ]),
  );
  const takeAll = fields.map(([, kind], k) => takeColumn(kind, k));
  const values = fields.map(([, kind], k) => valueOf(kind, k));
  // Written now, so that a spec the code cannot be written for throws when its codec is asked for.
  const row = rowStatement(fields, values);
  const decodeRows = once(() =>
    decoder<object[]>([
      ...takeAll,
      "const rows = new Array(n);",
      "for (let i = 0; i < n; i++) {",
      ...values.map((v, k) => `const v${k} = ${v.value};${v.advance}`),
      row,
      "}",
      "return rows;",
    ]),
  );
  const decodeFields = once(() =>
    decoder<Record<string, unknown[]>>([
      ...takeAll,
      ...fields.map((_, k) => `const out${k} = new Array(n);`),
      "for (let i = 0; i < n; i++) {",
      ...values.map((v, k) =>
        v.present === null
          ? `out${k}[i] = ${v.value};${v.advance}`
          : `out${k}[i] = ${v.present} ? ${v.value} : undefined;`,
      ),
      "}",
      `return {${quoted.map((name, k) => `${name}: out${k}`).join(", ")}};`,
    ]),
  );
  return {
    encodeRows: (rows, intern, out) => encodeRows()(rows, intern, out, nested),
    encodeFields: (f, intern, out) => void encodeFields()(f, intern, out, nested),
    decodeRows: (take, strings, count) => decodeRows()(take, strings, count, nested, HELPERS),
    decodeFields: (take, strings, count) => decodeFields()(take, strings, count, nested, HELPERS),
  };
}

/**
 * `make`'s value, made at the first call: a run uses one way of each table's four, and compiling
 * all four (eagerly, where the command compiles every function) took some 10 ms of a rerun.
 */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** What the decoding code calls: checks of string indexes, sums of counts, lists of strings. */
const HELPERS = {
  /** Throws unless every index is a string's (or -1 where the field may be absent). */
  // Indexed loops: a for-of over a typed array took seven times as long, run once in a process.
  checkIndexes(column: Int32Array, strings: number, optional: boolean): void {
    const lowest = optional ? -1 : 0;
    for (let i = 0; i < column.length; i++) {
      const index = column[i] as number;
      if (index < lowest || index >= strings) throw new Error(`string ${index} is past the table`);
    }
  },
  sum(counts: Uint32Array): number {
    let total = 0;
    for (let i = 0; i < counts.length; i++) total += counts[i] as number;
    return total;
  },
  strings(strings: readonly string[], flat: Int32Array, at: number, count: number): string[] {
    const list = new Array<string>(count);
    for (let j = 0; j < count; j++) list[j] = strings[flat[at + j] as number] as string;
    return list;
  },
};

/**
 * The statement that encodes field `k` of every row, its value at row `i` being `value`, pushing its
 * arrays to `out` and giving them (a nested table's: its counts only).
 */
function encodeColumn(kind: ColumnKind, k: number, value: string): string {
  const loop = (body: string): string => `for (let i = 0; i < n; i++) { ${body} }`;
  const arrays = (...names: string[]): string => `(out.push(${names.join(", ")}), [${names.join(", ")}])`;
  if (typeof kind === "object")
    return `(() => { const counts = new Uint32Array(n); const members = []; ${loop(
      `const list = ${value}; counts[i] = list.length; for (const row of list) members.push(row);`,
    )} out.push(counts); nested[${k}].encodeRows(members, intern, out); return [counts]; })()`;
  switch (kind) {
    case "string":
      return `(() => { const c = new Int32Array(n); ${loop(`c[i] = intern(${value});`)} return ${arrays("c")}; })()`;
    case "string?":
      return `(() => { const c = new Int32Array(n); ${loop(
        `const v = ${value}; c[i] = v === undefined ? -1 : intern(v);`,
      )} return ${arrays("c")}; })()`;
    case "number":
      return `(() => { const c = new Float64Array(n); ${loop(`c[i] = ${value};`)} return ${arrays("c")}; })()`;
    case "number?":
      return `(() => { const p = new Uint8Array(n); const c = new Float64Array(n); ${loop(
        `const v = ${value}; if (v !== undefined) { p[i] = 1; c[i] = v; }`,
      )} return ${arrays("p", "c")}; })()`;
    case "boolean":
      return `(() => { const c = new Uint8Array(n); ${loop(`c[i] = ${value} === true ? 1 : 0;`)} return ${arrays("c")}; })()`;
    case "strings":
    case "numbers": {
      // Each row's count, then every row's items one after the other: strings by their index.
      const item = kind === "strings" ? "intern(v)" : "v";
      const type = kind === "strings" ? "Int32Array" : "Float64Array";
      return `(() => { const counts = new Uint32Array(n); const flat = []; ${loop(
        `const list = ${value}; counts[i] = list.length; for (const v of list) flat.push(${item});`,
      )} const items = ${type}.from(flat); return ${arrays("counts", "items")}; })()`;
    }
    case "span":
      return `(() => { const c = new Float64Array(2 * n); ${loop(
        `const span = ${value}; c[2 * i] = span[0]; c[2 * i + 1] = span[1];`,
      )} return ${arrays("c")}; })()`;
  }
}

/** The statements that take field `k`'s columns, and check them, before the rows are made. */
function takeColumn(kind: ColumnKind, k: number): string {
  if (typeof kind === "object")
    return `const n${k} = take("u32", n); const r${k} = nested[${k}].decodeRows(take, S, helpers.sum(n${k})); let o${k} = 0;`;
  switch (kind) {
    case "string":
    case "string?":
      return `const c${k} = take("i32", n); helpers.checkIndexes(c${k}, S.length, ${kind === "string?"});`;
    case "number":
      return `const c${k} = take("f64", n);`;
    case "number?":
      return `const p${k} = take("u8", n); const c${k} = take("f64", n);`;
    case "boolean":
      return `const c${k} = take("u8", n);`;
    case "strings":
      return `const n${k} = take("u32", n); const f${k} = take("i32", helpers.sum(n${k})); helpers.checkIndexes(f${k}, S.length, false); let o${k} = 0;`;
    case "numbers":
      return `const n${k} = take("u32", n); const f${k} = take("f64", helpers.sum(n${k})); let o${k} = 0;`;
    case "span":
      return `const c${k} = take("f64", 2 * n);`;
  }
}

/**
 * Field `k`'s value at row `i` (an expression), the condition of its being there when it may be
 * absent, and the statement that moves past a row's items in a list column.
 */
function valueOf(kind: ColumnKind, k: number): { value: string; present: string | null; advance: string } {
  const list = (value: string): { value: string; present: null; advance: string } => ({
    value,
    present: null,
    advance: ` o${k} += n${k}[i];`,
  });
  if (typeof kind === "object") return list(`r${k}.slice(o${k}, o${k} + n${k}[i])`);
  switch (kind) {
    case "string":
      return { value: `S[c${k}[i]]`, present: null, advance: "" };
    case "string?":
      return { value: `S[c${k}[i]]`, present: `c${k}[i] !== -1`, advance: "" };
    case "number":
      return { value: `c${k}[i]`, present: null, advance: "" };
    case "number?":
      return { value: `c${k}[i]`, present: `p${k}[i] === 1`, advance: "" };
    case "boolean":
      return { value: `c${k}[i] === 1`, present: null, advance: "" };
    case "strings":
      return list(`helpers.strings(S, f${k}, o${k}, n${k}[i])`);
    case "numbers":
      return list(`Array.from(f${k}.subarray(o${k}, o${k} + n${k}[i]))`);
    case "span":
      return { value: `[c${k}[2 * i], c${k}[2 * i + 1]]`, present: null, advance: "" };
  }
}

/** The most optional fields a table may have: its rows are made by 2^n object literals. */
const MAX_OPTIONAL = 6;

/**
 * The statement that puts row `i`, its values in `v0`, `v1`, …, into `rows[i]` as one object
 * literal of its fields in the spec's order: one literal for each way its optional fields can be
 * there or not, so that every row is made whole, in order, without a field added later.
 */
function rowStatement(
  fields: ReadonlyArray<[string, ColumnKind]>,
  values: ReadonlyArray<{ present: string | null }>,
): string {
  const optional = values.flatMap((v, k) => (v.present === null ? [] : [k]));
  // One literal for each combination: a few optional fields are cheap, many would make too much code.
  if (optional.length > MAX_OPTIONAL)
    throw new Error(`a table with more than ${MAX_OPTIONAL} optional fields`);
  const literal = (mask: number): string =>
    `{${fields
      .flatMap(([name], k) => {
        const bit = optional.indexOf(k);
        return bit !== -1 && (mask & (1 << bit)) === 0 ? [] : [`${JSON.stringify(name)}: v${k}`];
      })
      .join(", ")}}`;
  if (optional.length === 0) return `rows[i] = ${literal(0)};`;
  const present = optional.map((k, bit) => `(${values[k]!.present} ? ${1 << bit} : 0)`).join(" | ");
  const cases = Array.from(
    { length: 1 << optional.length },
    (_, mask) => `case ${mask}: rows[i] = ${literal(mask)}; break;`,
  );
  return `switch (${present}) { ${cases.join(" ")} }`;
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
