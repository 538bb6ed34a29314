import { describe, expect, it } from "vitest";
import { JsonArrayScanner } from "../../src/ingest/json-array-scanner.ts";

/** Scans `text` fed in chunks of `size` bytes; gives the elements and problems. */
function scan(text: string | Uint8Array, size = 1 << 20, max = 1 << 20) {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  const elements: Array<[string, number]> = [];
  const problems: Array<[number, string]> = [];
  const scanner = new JsonArrayScanner(
    (b, line) => elements.push([Buffer.from(b).toString("utf8"), line]),
    (line, reason) => problems.push([line, reason]),
    max,
  );
  for (let at = 0; at < bytes.length; at += size) scanner.push(bytes.subarray(at, at + size));
  scanner.end();
  return { elements, problems, lines: scanner.lines };
}

const payload = (i: number) => ({ hook_event_name: "PreToolUse", session_id: "s", tool_use_id: `t${i}` });

describe("JsonArrayScanner", () => {
  it("gives each element of a pretty-printed array with its exact bytes and first line", () => {
    const text = JSON.stringify([payload(0), payload(1)], null, 2);
    const { elements, problems, lines } = scan(text);
    expect(problems).toEqual([]);
    expect(elements.map(([, line]) => line)).toEqual([2, 7]);
    expect(elements[0]?.[0]).toBe(JSON.stringify(payload(0), null, 2).replace(/\n/g, "\n  "));
    expect(lines).toBe(text.split("\n").length);
  });

  it("gives the same elements whatever the chunks, even one byte at a time", () => {
    const text = JSON.stringify(
      Array.from({ length: 5 }, (_, i) => payload(i)),
      null,
      2,
    );
    expect(scan(text, 1)).toEqual(scan(text));
    expect(scan(text, 7)).toEqual(scan(text));
  });

  it("is not fooled by brackets, quotes and escapes inside strings", () => {
    const tricky = { a: 'x"]}[{', b: "\\", c: ["]", { d: '\\"}' }] };
    const { elements, problems } = scan(JSON.stringify([tricky, tricky], null, 1), 3);
    expect(problems).toEqual([]);
    expect(elements.map(([t]) => JSON.parse(t) as unknown)).toEqual([tricky, tricky]);
  });

  it("gives elements that are not objects as they are, for the parser to judge", () => {
    const { elements } = scan('[1, "a,]", null, [2, 3], true,-4e2]');
    expect(elements.map(([t]) => t)).toEqual(["1", '"a,]"', "null", "[2, 3]", "true", "-4e2"]);
  });

  it("takes an empty array and a BOM", () => {
    expect(scan("[]\n")).toEqual({ elements: [], problems: [], lines: 1 });
    expect(scan("\uFEFF[\n{}\n]").elements).toEqual([["{}", 2]]);
  });

  it("keeps the elements before a cut, with one problem on the line of the cut element", () => {
    const text = JSON.stringify([payload(0), payload(1)], null, 2).slice(0, -30);
    const { elements, problems } = scan(text);
    expect(elements).toHaveLength(1);
    expect(problems).toEqual([
      [7, expect.stringMatching(/^the JSON array is cut short/) as unknown as string],
    ]);
    expect(scan("[{}, ").problems).toEqual([
      [1, 'the JSON array is cut short: the data ends before its closing "]"'],
    ]);
  });

  it("says where the array breaks: a missing comma, text after its end", () => {
    expect(scan("[{}\n{}]").problems).toEqual([[2, 'expected "," or "]" after an element, found "{"']]);
    const after = scan("[{}]\nmore");
    expect(after.elements).toHaveLength(1);
    expect(after.problems).toEqual([[2, "text after the end of the JSON array was ignored"]]);
  });

  it("skips an element longer than the limit with one problem, and goes on", () => {
    const { elements, problems } = scan(`[{"a":"${"x".repeat(100)}"},\n{}]`, 16, 50);
    expect(elements).toEqual([["{}", 2]]);
    expect(problems).toEqual([[1, "array element is longer than 50 bytes and was skipped"]]);
  });
});
