import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPieces, RUN_CHARS, writeJsonAtomic, writeJsonTo } from "../../src/ingest/write-json.ts";
import { tmpTree } from "../helpers/tmp.ts";

const COMPACT = { pretty: false };
const PRETTY = { pretty: true };

/** The pieces joined, compact and pretty, beside what JSON.stringify writes for the same value. */
function both(value: unknown, depth?: number) {
  return {
    compact: [...jsonPieces(value, COMPACT, depth)].join(""),
    pretty: [...jsonPieces(value, PRETTY, depth)].join(""),
    expected: { compact: JSON.stringify(value), pretty: JSON.stringify(value, null, 2) },
  };
}

function expectStringifyText(value: unknown, depth?: number): void {
  const { compact, pretty, expected } = both(value, depth);
  expect(compact).toBe(expected.compact);
  expect(pretty).toBe(expected.pretty);
}

/** A stream like stdout that keeps what it is given, and asks to wait once its small buffer is full. */
function slowStream(): { out: Writable; text: () => string; writes: () => number } {
  const chunks: string[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"));
      setImmediate(done);
    },
  });
  return { out, text: () => chunks.join(""), writes: () => chunks.length };
}

describe("jsonPieces", () => {
  it("joins to what JSON.stringify writes, compact and with an indent of 2, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 5 }), (value, depth) =>
        expectStringifyText(value, depth),
      ),
    );
  });

  it("joins to what JSON.stringify writes for values JSON cannot hold as they are", () => {
    const anything = fc.anything({
      maxDepth: 4,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    });
    fc.assert(
      fc.property(anything, fc.integer({ min: 1, max: 5 }), (value, depth) => {
        // JSON.stringify gives no text at all for a lone undefined; the walk's own answer is below.
        fc.pre(JSON.stringify(value) !== undefined);
        expectStringifyText(value, depth);
      }),
    );
  });

  it("leaves out members JSON.stringify leaves out, writes them as null in a list, and empty containers whole", () => {
    const value = {
      a: undefined,
      b: [undefined, () => 1, Symbol("s"), { c: undefined }],
      d: [],
      e: {},
      f: { g: [[], [{}], "line\nbreak"], h: { i: {}, j: [] }, only: { gone: undefined } },
      k: () => 2,
      [Symbol("key")]: 3,
      l: [[[[1, [2, { m: [] }]]]]],
    };
    for (const depth of [0, 1, 2, 3, 4, 10]) expectStringifyText(value, depth);
    expectStringifyText([]);
    expectStringifyText({});
    expectStringifyText({ gone: undefined });
    expectStringifyText([undefined]);
  });

  it("writes a value JSON.stringify gives nothing for as null", () => {
    expect([...jsonPieces(undefined, COMPACT)].join("")).toBe("null");
    expect([...jsonPieces(() => 1, PRETTY)].join("")).toBe("null");
  });

  it("writes numbers, booleans, null and boxed values as JSON.stringify does", () => {
    const value = {
      n: [0, -0, 1.5e300, -1e-7, NaN, Infinity, -Infinity],
      b: [true, false, null],
      boxed: [Object(1), Object("text"), Object(false)],
    };
    expectStringifyText(value);
    expectStringifyText(7);
    expectStringifyText("top");
    expectStringifyText(null);
  });

  it("calls toJSON once, with the member's key or index, as JSON.stringify does", () => {
    const keyed = { toJSON: (key: string) => `key:${key}` };
    // A toJSON that gives back another object with a toJSON: JSON.stringify does not call the second.
    const twice = { toJSON: () => ({ toJSON: () => "second", kept: [keyed] }) };
    const value = {
      a: keyed,
      list: [keyed, keyed, { inner: keyed }],
      date: new Date(Date.UTC(2026, 2, 9)),
      invalid: new Date(Number.NaN),
      twice,
      gone: { toJSON: () => undefined },
      opened: { toJSON: () => ({ x: [1, keyed], y: undefined }) },
    };
    for (const depth of [0, 1, 2, 3, 4]) expectStringifyText(value, depth);
    expectStringifyText(keyed);
    expectStringifyText(twice);
  });

  it("writes every escape of a string as JSON.stringify does", () => {
    const controls = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join("");
    const strings = [
      controls,
      '"quoted" \\ back\\slash /',
      "\u007f\u0080\u00ff",
      "\u2028\u2029",
      "lone \ud800 and \udfff surrogates, a pair \ud83d\ude00",
      "한국어 text",
      "",
    ];
    expectStringifyText(strings);
    expectStringifyText(Object.fromEntries(strings.map((s, i) => [s, i])));
    expectStringifyText({ nested: { [controls]: { [controls]: controls } } });
  });

  it("writes a list's members in runs, each run one piece after its bracket or comma", () => {
    const report = {
      input: { errors: [{ line: 1 }, { line: 2 }] },
      workSessions: [{ id: "a" }, { id: "b" }],
    };
    expect([...jsonPieces(report, PRETTY)]).toEqual([
      '{\n  "input": ',
      '{\n    "errors": ',
      "[",
      '\n      {\n        "line": 1\n      },\n      {\n        "line": 2\n      }',
      "\n    ]",
      "\n  }",
      ',\n  "workSessions": ',
      "[",
      '\n    {\n      "id": "a"\n    },\n    {\n      "id": "b"\n    }',
      "\n  ]",
      "\n}",
    ]);
    expect([...jsonPieces({ list: [1, 2] }, COMPACT)]).toEqual(['{"list":', "[", "1,2", "]", "}"]);
  });

  it("keeps a piece of a long list near RUN_CHARS characters, so that no piece holds the whole list", () => {
    const long = { list: Array.from({ length: 10_000 }, (_, i) => ({ i, text: "x".repeat(100) })) };
    for (const layout of [COMPACT, PRETTY]) {
      const pieces = [...jsonPieces(long, layout)];
      expect(pieces.length).toBeGreaterThan(20);
      expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(2 * RUN_CHARS);
      expect(pieces.join("")).toBe(layout.pretty ? JSON.stringify(long, null, 2) : JSON.stringify(long));
    }
  });

  it("writes a member with a toJSON alone, with its own index, between runs of the others", () => {
    const indexed = { toJSON: (key: string) => ({ index: key }) };
    const list = Array.from({ length: 3000 }, (_, i) =>
      i % 997 === 5 ? indexed : i % 13 === 0 ? undefined : { i, nested: [indexed, `é${i}`] },
    );
    // A hole reads as undefined, which a list writes as null.
    delete list[17];
    for (const depth of [1, 2, 3, 4]) {
      expectStringifyText(list, depth);
      expectStringifyText({ a: { b: { c: list } } }, depth);
    }
  });

  it("indents a run as deep as its list sits, at any depth", () => {
    let value: unknown = Array.from({ length: 40 }, (_, i) => ({ i, inner: [i, { deep: "x\ny" }] }));
    for (let level = 0; level < 6; level++) {
      expectStringifyText(value, 10);
      value = level % 2 === 0 ? [value, 1] : { key: value, other: [] };
    }
  });

  it("throws as JSON.stringify does on a value JSON cannot write", () => {
    expect(() => [...jsonPieces({ big: [1n] }, COMPACT)]).toThrow(TypeError);
    const loop: Record<string, unknown> = {};
    loop.self = { again: loop };
    expect(() => [...jsonPieces({ loop }, PRETTY)]).toThrow(TypeError);
  });
});

describe("writeJsonAtomic", () => {
  /** A value of several megabytes, so that it is written in several batches. */
  const big = {
    schemaVersion: 1,
    input: { files: [{ path: "logs/a.ndjson" }], errors: [] },
    unattributed: Array.from({ length: 40_000 }, (_, i) => ({
      id: `e-${i}`,
      text: `line ${i}\n"quoted" \u2028 ${"é".repeat(i % 50)}`,
      facts: { n: i, flags: [i % 2 === 0, null] },
    })),
  };

  it("writes JSON.stringify's text and a newline, compact by default and indented when pretty, over many batches", async () => {
    const dir = tmpTree();
    const compact = path.join(dir, "out", "compact.json");
    const pretty = path.join(dir, "out", "pretty.json");
    await writeJsonAtomic(compact, big, COMPACT);
    await writeJsonAtomic(pretty, big, PRETTY);
    const compactText = readFileSync(compact, "utf8");
    expect(compactText.length).toBeGreaterThan(3 * (1 << 20));
    expect(compactText).toBe(`${JSON.stringify(big)}\n`);
    expect(readFileSync(pretty, "utf8")).toBe(`${JSON.stringify(big, null, 2)}\n`);
    expect(readdirSync(path.join(dir, "out")).sort()).toEqual(["compact.json", "pretty.json"]);
  });

  it("keeps the old file and leaves no temporary file when the value fails after a batch was written", async () => {
    const dir = tmpTree({ "report.json": "old\n" });
    const target = path.join(dir, "report.json");
    // The member that fails comes after megabytes of the list, some of them already written.
    const failing = {
      ...big,
      last: {
        toJSON: () => {
          throw new Error("cannot write this");
        },
      },
    };
    await expect(writeJsonAtomic(target, failing, COMPACT)).rejects.toThrow("cannot write this");
    expect(readFileSync(target, "utf8")).toBe("old\n");
    expect(readdirSync(dir)).toEqual(["report.json"]);
  });
});

describe("writeJsonTo", () => {
  it("writes the same bytes to a stream as to a file, in batches, waiting when the stream asks", async () => {
    const value = { list: Array.from({ length: 30_000 }, (_, i) => ({ i, text: `é${"x".repeat(60)}` })) };
    for (const layout of [COMPACT, PRETTY]) {
      const stream = slowStream();
      await writeJsonTo(stream.out, value, layout);
      const dir = tmpTree();
      await writeJsonAtomic(path.join(dir, "r.json"), value, layout);
      expect(stream.text()).toBe(readFileSync(path.join(dir, "r.json"), "utf8"));
      // Several batches of about a megabyte each, not one write per member.
      expect(stream.writes()).toBeGreaterThan(1);
      expect(stream.writes()).toBeLessThan(10);
    }
  });
});
