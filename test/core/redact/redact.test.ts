import { describe, expect, it } from "vitest";
import {
  describeCounts,
  mapStrings,
  Redactor,
  redactText,
  redactionMarker,
} from "../../../src/core/redact/redact.ts";

/** Fake values, put together from parts so that no file here looks like it holds a secret. */
const GITHUB = ["gh", "p_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");
const AWS = ["AK", "IA", "IOSFODNN7EXAMPLE"].join("");

describe("redactionMarker", () => {
  it("names the kind", () => {
    expect(redactionMarker("github token")).toBe("[redacted: github token]");
  });
});

describe("redactText", () => {
  it("replaces every secret of a text and counts each", () => {
    const result = redactText(`${GITHUB} and ${GITHUB} and ${AWS}`);
    expect(result.text).toBe(
      "[redacted: github token] and [redacted: github token] and [redacted: aws access key]",
    );
    expect(Object.fromEntries(result.counts)).toEqual({ "github token": 2, "aws access key": 1 });
  });

  it("leaves a text without secrets as it is", () => {
    const text = "배포를 진행해도 될까요? http://localhost:3000/";
    expect(redactText(text)).toEqual({ text, counts: new Map() });
  });
});

describe("Redactor", () => {
  it("counts a distinct text once however often it is shown, in the rule table's order", () => {
    const redactor = new Redactor();
    expect(redactor.redact(`t ${GITHUB}`)).toBe("t [redacted: github token]");
    expect(redactor.redact(`t ${GITHUB}`)).toBe("t [redacted: github token]");
    expect(redactor.redact(`u ${AWS} ${GITHUB}`)).toBe(
      "u [redacted: aws access key] [redacted: github token]",
    );
    expect(redactor.redact("nothing here")).toBe("nothing here");
    expect(redactor.counts()).toEqual([
      { kind: "github token", count: 2 },
      { kind: "aws access key", count: 1 },
    ]);
  });

  it("has no counts when nothing was found", () => {
    expect(new Redactor().counts()).toEqual([]);
  });
});

describe("describeCounts", () => {
  it("says each kind with its count", () => {
    expect(
      describeCounts([
        { kind: "jwt", count: 2 },
        { kind: "url password", count: 1 },
      ]),
    ).toBe("jwt 2, url password 1");
  });
});

describe("mapStrings", () => {
  it("copies the value, passing each string with its field's name (an array's items with the array's)", () => {
    const seen: [string, string | null][] = [];
    const value = { a: "x", list: ["y", { b: "z" }], n: 1, none: null, flag: true };
    const copy = mapStrings(value, (text, field) => {
      seen.push([text, field]);
      return text.toUpperCase();
    });
    expect(copy).toEqual({ a: "X", list: ["Y", { b: "Z" }], n: 1, none: null, flag: true });
    expect(value.a).toBe("x");
    expect(seen.sort()).toEqual([
      ["x", "a"],
      ["y", "list"],
      ["z", "b"],
    ]);
  });

  it("keeps the order of fields", () => {
    expect(Object.keys(mapStrings({ z: "1", a: "2", m: { y: "3" } }, (t) => t))).toEqual(["z", "a", "m"]);
  });

  it("keeps a __proto__ field from a log as a field, not as the copy's prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "c"}') as object;
    const copy = mapStrings(value, (t) => `${t}!`);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":"yes!"},"constructor":"c!"}');
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("walks JSON nested 20,000 deep without overflowing the stack", () => {
    const depth = 20_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}"${GITHUB}"${"}".repeat(depth)}`) as unknown;
    let node = mapStrings(deep, (t) => redactText(t).text) as Record<string, unknown>;
    for (let i = 0; i < depth - 1; i++) node = node["a"] as Record<string, unknown>;
    expect(node["a"]).toBe("[redacted: github token]");
  });

  it("hands back a part none of whose strings changed itself, and copies only the parts above a change", () => {
    const kept = { b: "same", list: ["x", { c: "y" }] };
    const changed = { d: "old", e: { f: "same" } };
    const value = { kept, changed, again: kept };
    const copy = mapStrings(value, (t) => (t === "old" ? "new" : t));
    expect(copy.kept).toBe(kept);
    expect(copy.again).toBe(kept);
    expect(copy.changed).not.toBe(changed);
    expect(copy.changed.e).toBe(changed.e);
    expect(changed.d).toBe("old");
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value).replace('"old"', '"new"'));
    expect(mapStrings(value, (t) => t)).toBe(value);
  });

  it("keeps values that are not plain objects, arrays or strings as they are", () => {
    const bytes = new Uint8Array([1, 2]);
    const copy = mapStrings({ bytes, when: 5 }, (t) => t);
    expect(copy.bytes).toBe(bytes);
  });
});
