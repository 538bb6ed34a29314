import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalEnd,
  canonicalJson,
  canonicalText,
  isCanonicalJson,
  MAX_CANONICAL_DEPTH,
  topLevelMembers,
  valueEnd,
} from "../../src/core/canonical-json.ts";

/** What the slow path writes for a JSON text. */
const rewritten = (text: string): string => JSON.stringify(JSON.parse(text));

/** A key JSON.stringify writes in place: neither an array index (nor like one) nor `__proto__`. */
const plainKey = fc.string({ maxLength: 8 }).filter((key) => !/^[0-9]/.test(key) && key !== "__proto__");

/** JSON values whose objects have only plain keys, nested a few levels. */
const plainValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ unit: "binary" }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(plainKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** The forms a producer may write a number in, canonical or not. */
const NUMBER_TEXTS = [
  "0",
  "-0",
  "1.0",
  "1e21",
  "1E2",
  "1e+2",
  "1.5",
  "-12",
  "100",
  "1e-7",
  "0.1",
  "123456789012345678",
  "5e-324",
];

/** JSON texts in many forms: whitespace, escapes JSON.stringify does not write, repeated keys, index keys. */
const jsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  text: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("null", "true", "false", ...NUMBER_TEXTS),
    fc.string({ unit: "binary", maxLength: 6 }).map((s) => JSON.stringify(s)),
    fc.constantFrom(
      '"a\\/b"',
      '"\\u0041"',
      '"\\u001f"',
      '"\\u001F"',
      '"\\u0008"',
      '"\\b"',
      '"\\ud800"',
      '"\u2028"',
      '"\\u2028"',
    ),
    fc
      .tuple(fc.array(tie("text"), { maxLength: 3 }), fc.constantFrom("", " ", "\n"))
      .map(([items, space]) => `[${space}${items.join(`,${space}`)}]`),
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "0", "1a", "__proto__", "d\\u0061ta", ""), tie("text")), {
          maxLength: 3,
        }),
        fc.constantFrom("", " "),
      )
      .map(([members, space]) => `{${members.map(([k, v]) => `"${k}":${space}${v}`).join(",")}}`),
  ),
})).text;

describe("canonicalEnd", () => {
  it("accepts only text that JSON.stringify writes again unchanged", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        if (isCanonicalJson(text)) expect(rewritten(text)).toBe(text);
        const copy = canonicalText(text);
        if (copy !== null) expect(copy).toBe(rewritten(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts what JSON.stringify writes for values with plain keys, and that text spread out by whitespace", () => {
    fc.assert(
      fc.property(plainValue, fc.constantFrom(0, 1, "\t"), (value, indent) => {
        const text = JSON.stringify(value);
        // A lone surrogate is escaped, which the scanner leaves to the slow path.
        if (text.includes("\\ud")) return;
        expect(canonicalEnd(text, 0)).toBe(text.length);
        expect(canonicalText(` ${JSON.stringify(value, null, indent)}\n`)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("turns away the forms JSON.stringify writes otherwise", () => {
    for (const text of ["1.0", "-0", "1e21", "1E2", "01", '{"a":1,"a":2}', '{"1":1}', '{"__proto__":{}}']) {
      expect(canonicalEnd(text, 0), text).toBe(-1);
    }
    for (const text of [
      '"\\/"',
      '"\\u0041"',
      '"\\u001F"',
      '"\\u0008"',
      '"\\u2028"',
      '"\\ud800"',
      "{ ]",
      '{"a" 1}',
      "[1 }",
    ]) {
      expect(canonicalEnd(text, 0), text).toBe(-1);
    }
    for (const [text, copy] of [
      ["{ }", "{}"],
      ['{"a" :\t1 , "b": [ 2 ,3 ]}', '{"a":1,"b":[2,3]}'],
      ['\n[ "x y" ]\r\n', '["x y"]'],
    ]) {
      expect(canonicalText(text!), text).toBe(copy);
      expect(isCanonicalJson(text!), text).toBe(false);
    }
    expect(canonicalText('{"a": 1.0}')).toBeNull();
    for (const text of [
      '"\\u001f"',
      '"\u2028"',
      '"\\"\\\\\\b\\f\\n\\r\\t"',
      "1e+21",
      "-1.5",
      "5e-324",
      '{"a":[{},[]]}',
    ]) {
      expect(canonicalEnd(text, 0), text).toBe(text.length);
    }
  });

  it("leaves values nested deeper than its limit to the slow path", () => {
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(canonicalEnd(nested(MAX_CANONICAL_DEPTH), 0)).toBe(2 * MAX_CANONICAL_DEPTH);
    expect(canonicalEnd(nested(MAX_CANONICAL_DEPTH + 1), 0)).toBe(-1);
    expect(valueEnd(nested(MAX_CANONICAL_DEPTH + 1), 0)).toBe(-1);
  });

  it("finds a repeated key among many and beside nested objects, and lets nested objects repeat their parent's keys", () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    const object = (names: string[]) => `{${names.map((k) => `"${k}":{"${k}":1,"z":2}`).join(",")}}`;
    expect(isCanonicalJson(object(keys))).toBe(true);
    expect(isCanonicalJson(object([...keys, "k3"]))).toBe(false);
    expect(isCanonicalJson(object([...keys.slice(0, 5), "k3"]))).toBe(false);
    expect(isCanonicalJson('{"a":{"a":1,"b":{"a":2}},"b":{"a":3}}')).toBe(true);
    expect(isCanonicalJson('{"a":{"b":1},"c":2,"a":3}')).toBe(false);
  });

  it("finds where a value ends in a longer text", () => {
    expect(canonicalEnd('{"a":"x\\"y"},"b":2', 0)).toBe(12);
  });
});

describe("valueEnd", () => {
  it("finds the end of any JSON value, whatever its form", () => {
    fc.assert(
      fc.property(jsonText, fc.constantFrom("", " ", ",1"), (text, after) => {
        expect(valueEnd(text + after, 0)).toBe(text.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("topLevelMembers", () => {
  it("gives the last value of each name asked for, as JSON.parse keeps it", () => {
    const text = '{ "data" : {"a":1}, "x":[1, 2], "data":{"b": 2.0} }';
    const data = topLevelMembers(text, ["data"])?.get("data");
    expect(data && text.slice(data.start, data.end)).toBe('{"b": 2.0}');
    expect(data?.copy).toBeNull();
    const spaced = topLevelMembers('{"data": {"b": 2}}', ["data"])?.get("data");
    expect(spaced?.copy).toBe('{"b":2}');
    const plain = '{"type":"t","data":{"b":2}}';
    const span = topLevelMembers(plain, ["data", "payload"]);
    expect(span?.get("data")).toEqual({ start: 19, end: 26, copy: '{"b":2}' });
    expect(span?.has("payload")).toBe(false);
  });

  it("gives up on a key with an escape, and on text that is not one object", () => {
    expect(topLevelMembers('{"d\\u0061ta":{}}', ["data"])).toBeNull();
    expect(topLevelMembers("[1]", ["data"])).toBeNull();
    expect(topLevelMembers('{"a":1} x', ["data"])).toBeNull();
    expect(topLevelMembers("{}", ["data"])?.size).toBe(0);
  });
});

describe("canonicalJson", () => {
  it("gives JSON.stringify's text of the value, copied or written, and text that is no JSON as itself", () => {
    expect(canonicalJson('{ "b": 1,\n  "a": [1.0, "x"] }')).toBe('{"b":1,"a":[1,"x"]}');
    expect(canonicalJson('{"a":1}')).toBe('{"a":1}');
    expect(canonicalJson('{ "a": 1.50 }', { a: 1.5 })).toBe('{"a":1.5}');
    expect(canonicalJson("{not json")).toBe("{not json");
  });
});
