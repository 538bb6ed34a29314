import path from "node:path";
import { crc32, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readArray } from "../../src/ingest/read-array.ts";
import { tmpTree } from "../helpers/tmp.ts";

async function elements(content: string | Buffer, options: Parameters<typeof readArray>[2] = {}) {
  const dir = tmpTree({ "a.json": content });
  const seen: Array<{ text: string; line: number; offset: number }> = [];
  const result = await readArray(
    path.join(dir, "a.json"),
    (text, line, _bytes, offset) => seen.push({ text, line, offset }),
    options,
  );
  return { seen, result };
}

describe("readArray", () => {
  it("reads an element longer than a read chunk whole, at its offset", async () => {
    const big = { hook_event_name: "Stop", last_assistant_message: "x".repeat(1_500_000) };
    const text = `[\n${JSON.stringify({ a: 1 })},\n${JSON.stringify(big)}\n]\n`;
    const { seen, result } = await elements(text);
    expect(seen.map((e) => e.line)).toEqual([2, 3]);
    expect(JSON.parse(seen[1]!.text)).toEqual(big);
    expect(seen[1]!.offset).toBe(text.indexOf('{"hook'));
    expect(result).toEqual({
      lines: 4,
      bytes: Buffer.byteLength(text),
      problems: [],
      stopped: false,
      gzip: false,
    });
  });

  it("hands on the bytes read from disk for the cache's CRC: the compressed ones of gzip", async () => {
    const gz = gzipSync(Buffer.from('[{"a":1},\n{"b":2}]'));
    let crc = 0;
    const { seen, result } = await elements(gz, { onChunk: (chunk) => (crc = crc32(chunk, crc)) });
    expect(seen.map((e) => [e.text, e.line])).toEqual([
      ['{"a":1}', 1],
      ['{"b":2}', 2],
    ]);
    expect(crc).toBe(crc32(gz));
    expect(result.bytes).toBe(gz.length);
  });

  it("keeps the elements of gzip data cut short before the cut, with one problem", async () => {
    const gz = gzipSync(Buffer.from(`[${'{"a":1},'.repeat(1000)}{"a":2}]`));
    const { seen, result } = await elements(gz.subarray(0, gz.length - 12));
    expect(seen.length).toBeGreaterThan(0);
    expect(result.stopped).toBe(true);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.reason).toMatch(/^the gzip data is damaged or cut short after line 1: /);
  });

  it("reports invalid UTF-8 in an element on its line, and still hands it on", async () => {
    const bytes = Buffer.concat([Buffer.from('[\n{"m":"a'), Buffer.from([0xc3]), Buffer.from('"}]')]);
    const { seen, result } = await elements(bytes);
    expect(seen).toHaveLength(1);
    expect(result.problems).toEqual([
      { line: 2, reason: "element has bytes that are not valid UTF-8; they were replaced with U+FFFD" },
    ]);
  });

  it("says a missing file cannot be read", async () => {
    const dir = tmpTree();
    const result = await readArray(path.join(dir, "none.json"), () => {});
    expect(result.stopped).toBe(true);
    expect(result.problems[0]?.line).toBe(0);
  });
});
