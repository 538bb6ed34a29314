import { describe, expect, it } from "vitest";
import {
  arraysFromBytes,
  arraysToBytes,
  RowColumnsReader,
  RowColumnsWriter,
  type ColumnArray,
  type ColumnKind,
  type TableSpec,
} from "../../src/ingest/row-columns.ts";

/** Rows through a writer and a reader, the columns also through their bytes. */
function roundTrip<T extends object>(rows: readonly T[], spec: TableSpec): T[] {
  const writer = new RowColumnsWriter();
  writer.table(rows, spec);
  const { layout, bytes } = arraysToBytes(writer.arrays);
  const joined = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  bytes.reduce((at, b) => (joined.set(b, at), at + b.length), 0);
  const { arrays, end } = arraysFromBytes(joined, 0, layout);
  expect(end).toBe(joined.length);
  const reader = new RowColumnsReader(arrays, [...writer.stringList()]);
  const back = reader.table<T>(rows.length, spec);
  expect(reader.done()).toBe(true);
  return back;
}

describe("RowColumnsWriter and RowColumnsReader", () => {
  // One row per kind: the rows given, and (as JSON, which shows absent fields and key order) what comes back.
  const kinds: Array<[ColumnKind, unknown[]]> = [
    ["string", ["a", "", "세움 \ud800", "a"]],
    ["string?", ["a", undefined, ""]],
    ["number", [0, -1.5, 1e300, Number.MAX_SAFE_INTEGER]],
    ["number?", [undefined, 0, 7]],
    ["boolean", [true, false]],
    ["strings", [[], ["x", "y", "x"], ["한"]]],
    ["numbers", [[], [1, 2.5], [-3]]],
    [
      "span",
      [
        [0, 0],
        [12, 345],
      ],
    ],
    [
      { rows: { ts: "number", state: "string" } },
      [
        [],
        [
          { ts: 1, state: "idle" },
          { ts: 2, state: "working" },
        ],
      ],
    ],
  ];
  it.each(kinds)("keeps a column of %j", (kind, values) => {
    const rows = values.map((v) =>
      v === undefined ? { before: 1, after: 2 } : { before: 1, field: v, after: 2 },
    );
    const back = roundTrip(rows, { before: "number", field: kind, after: "number" });
    expect(JSON.stringify(back)).toBe(JSON.stringify(rows));
    for (const [i, row] of back.entries()) expect("field" in row).toBe(values[i] !== undefined);
  });

  it("takes a table as its fields, the columns rows of those fields make", () => {
    const spec: TableSpec = { a: "string", b: "number?", c: "strings" };
    const rows = [
      { a: "x", b: 1, c: ["y"] },
      { a: "y", c: [] },
    ];
    const byRows = new RowColumnsWriter();
    byRows.table(rows, spec);
    const byFields = new RowColumnsWriter();
    byFields.fields({ a: ["x", "y"], b: [1, undefined], c: [["y"], []] }, spec);
    expect(byFields.arrays).toEqual(byRows.arrays);
    expect(byFields.stringList()).toEqual(byRows.stringList());
    const reader = new RowColumnsReader(byFields.arrays, byFields.stringList());
    expect(reader.fields(2, spec)).toEqual({ a: ["x", "y"], b: [1, undefined], c: [["y"], []] });
    expect(reader.done()).toBe(true);
  });

  it("keeps the order and the absence of several optional fields, in every combination", () => {
    const spec: TableSpec = { a: "string?", b: "number", c: "number?", d: "string?", e: "boolean" };
    const rows: object[] = [];
    for (let mask = 0; mask < 8; mask++)
      rows.push({
        ...(mask & 1 ? { a: `a${mask}` } : {}),
        b: mask,
        ...(mask & 2 ? { c: mask / 2 } : {}),
        ...(mask & 4 ? { d: "" } : {}),
        e: mask % 3 === 0,
      });
    const back = roundTrip(rows, spec);
    expect(back.map((row) => JSON.stringify(row))).toEqual(rows.map((row) => JSON.stringify(row)));
    expect(back.map((row) => Object.keys(row))).toEqual(rows.map((row) => Object.keys(row)));
  });

  it("takes fields whose names are not identifiers, and no field at all", () => {
    const spec: TableSpec = { 'a"b\\c': "string", "0 x-y": "number", "x.y": "strings" };
    const rows = [{ 'a"b\\c': "x", "0 x-y": 1, "x.y": ["y"] }];
    expect(roundTrip(rows, spec)).toEqual(rows);
    expect(roundTrip([{}, {}], {})).toEqual([{}, {}]);
  });

  it("refuses fields that are not one per row, and tables of too many optional fields", () => {
    expect(() =>
      new RowColumnsWriter().fields({ a: ["x", "y"], b: [1] }, { a: "string", b: "number" }),
    ).toThrow(/field "?b"? is not one per row/);
    const many = Object.fromEntries(Array.from({ length: 7 }, (_, k) => [`f${k}`, "number?"])) as TableSpec;
    expect(() => new RowColumnsWriter().table([{}], many)).toThrow(/more than 6 optional fields/);
  });

  it("keeps NaN and infinities, which JSON would make null", () => {
    const rows = [{ n: Number.NaN }, { n: Infinity }, { n: -Infinity }];
    expect(roundTrip(rows, { n: "number" })).toEqual(rows);
  });

  it("keeps each string once, however many rows and tables name it", () => {
    const writer = new RowColumnsWriter();
    writer.table(
      [
        { a: "x", b: ["x", "y"] },
        { a: "y", b: [] },
      ],
      { a: "string", b: "strings" },
    );
    writer.table([{ c: "x" }], { c: "string" });
    expect(writer.stringList()).toEqual(["x", "y"]);
  });

  it("starts the table with a seed in its order, and not with a seed that holds a string twice", () => {
    const seeded = new RowColumnsWriter(["z", "x", "w"]);
    seeded.table([{ a: "x" }, { a: "y" }], { a: "string" });
    expect(seeded.stringList()).toEqual(["z", "x", "w", "y"]);
    expect(seeded.seedUse()).toEqual({ seeded: 3, unnamed: 2 });
    const twice = new RowColumnsWriter(["x", "z", "x"]);
    twice.table([{ a: "x" }, { a: "y" }], { a: "string" });
    expect(twice.stringList()).toEqual(["x", "y"]);
    expect(twice.seedUse()).toEqual({ seeded: 0, unnamed: 0 });
  });

  it("refuses a string column that holds something else", () => {
    expect(() => new RowColumnsWriter().table([{ a: 1 }], { a: "string" })).toThrow(/holds number/);
    expect(() => new RowColumnsWriter().table([{}], { a: "string" })).toThrow(/holds undefined/);
  });

  it("throws for a column of another type or length, or a string past the table", () => {
    const spec: TableSpec = { a: "string" };
    expect(() => new RowColumnsReader([new Float64Array(1)], ["x"]).table(1, spec)).toThrow(
      /not a Int32Array/,
    );
    expect(() => new RowColumnsReader([new Int32Array(2)], ["x"]).table(1, spec)).toThrow(/of 1/);
    expect(() => new RowColumnsReader([new Int32Array([1])], ["x"]).table(1, spec)).toThrow(/past the table/);
    expect(() => new RowColumnsReader([new Int32Array([-1])], ["x"]).table(1, spec)).toThrow(
      /past the table/,
    );
    expect(() => new RowColumnsReader([], []).table(1, spec)).toThrow(/column 0/);
  });

  it("says whether every column was read", () => {
    const reader = new RowColumnsReader([new Int32Array([0]), new Int32Array([0])], ["x"]);
    reader.table(1, { a: "string" });
    expect(reader.done()).toBe(false);
    reader.table(1, { b: "string" });
    expect(reader.done()).toBe(true);
  });
});

describe("arraysToBytes and arraysFromBytes", () => {
  const arrays: ColumnArray[] = [
    new Uint8Array([1, 2, 3]),
    new Float64Array([1.5, -2]),
    new Int32Array([-7]),
    new Uint32Array([4_000_000_000]),
  ];

  it("pad each array to 8 bytes and read them back in place", () => {
    const { layout, bytes } = arraysToBytes(arrays);
    expect(layout).toEqual([
      ["u8", 3],
      ["f64", 2],
      ["i32", 1],
      ["u32", 1],
    ]);
    const joined = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
    bytes.reduce((at, b) => (joined.set(b, at), at + b.length), 0);
    expect(joined.length).toBe(8 + 16 + 8 + 8);
    const back = arraysFromBytes(joined, 0, layout);
    expect(back.arrays).toEqual(arrays);
    expect(back.arrays[1]!.buffer).toBe(joined.buffer);
  });

  it("throw for a layout past the bytes, an unknown type, or bytes off an 8-byte boundary", () => {
    expect(() => arraysFromBytes(new Uint8Array(8), 0, [["f64", 2]])).toThrow(/cut short/);
    expect(() => arraysFromBytes(new Uint8Array(8), 0, [["u8", -1]])).toThrow(/cut short/);
    expect(() => arraysFromBytes(new Uint8Array(8), 0, [["x" as "u8", 1]])).toThrow(/no column type/);
    expect(() => arraysFromBytes(new Uint8Array(16), 4, [["u8", 1]])).toThrow(/aligned/);
  });
});
