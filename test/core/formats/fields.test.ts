import { describe, expect, it } from "vitest";
import { describe as describeValue, isRecord, textField, textOf } from "../../../src/core/formats/fields.ts";

describe("textField", () => {
  it("gives text, and null for an absent, null or empty field, without a problem", () => {
    const problems: string[] = [];
    const obj = { a: "eden", b: "", c: null };
    expect(textField(obj, "a", problems)).toBe("eden");
    expect(textField(obj, "b", problems)).toBeNull();
    expect(textField(obj, "c", problems)).toBeNull();
    expect(textField(obj, "missing", problems)).toBeNull();
    expect(problems).toEqual([]);
  });

  it("gives null for a field that is not text, and says so", () => {
    const problems: string[] = [];
    expect(textField({ workSessionId: 42, taskId: ["t"] }, "workSessionId", problems)).toBeNull();
    expect(textField({ workSessionId: 42, taskId: ["t"] }, "taskId", problems)).toBeNull();
    expect(problems).toEqual([
      'field "workSessionId" should be text but is a number',
      'field "taskId" should be text but is an array',
    ]);
  });
});

describe("describe", () => {
  it("names a JSON value's type for a message", () => {
    expect([null, [], {}, 1, true, "x"].map(describeValue)).toEqual([
      "null",
      "an array",
      "an object",
      "a number",
      "a boolean",
      "a string",
    ]);
  });
});

describe("isRecord", () => {
  it("is true for plain objects only", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ type: "a2a.send" })).toBe(true);
    for (const value of [null, [], "x", 1, undefined]) expect(isRecord(value), String(value)).toBe(false);
  });
});

describe("textOf", () => {
  it("gives text as it is, empty text included, and undefined for any other value", () => {
    expect(textOf("Bash")).toBe("Bash");
    expect(textOf("")).toBe("");
    for (const value of [undefined, null, 7, true, ["Bash"], { name: "Bash" }])
      expect(textOf(value)).toBeUndefined();
  });
});
