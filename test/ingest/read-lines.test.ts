import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readLines } from "../../src/ingest/read-lines.ts";
import { tmpTree } from "../helpers/tmp.ts";

async function lines(content: string | Buffer, options: Parameters<typeof readLines>[2] = {}) {
  const dir = tmpTree({ "f.ndjson": content });
  const seen: Array<[number, string]> = [];
  const result = await readLines(
    path.join(dir, "f.ndjson"),
    (text, line) => seen.push([line, text]),
    options,
  );
  return { seen, ...result };
}

describe("readLines", () => {
  it("numbers lines from 1, skips blank ones and reads a last line without a newline", async () => {
    const { seen, lines: count } = await lines("a\n\n   \nb\nc");
    expect(seen).toEqual([
      [1, "a"],
      [4, "b"],
      [5, "c"],
    ]);
    expect(count).toBe(5);
  });

  it("strips a UTF-8 BOM and CRLF endings", async () => {
    const { seen } = await lines('\uFEFF{"a":1}\r\n{"b":2}\r\n');
    expect(seen).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
  });

  it("reads gzip by its magic bytes, whatever the name, and says it did", async () => {
    const { seen, bytes, gzip } = await lines(gzipSync("x\ny\n"));
    expect(seen).toEqual([
      [1, "x"],
      [2, "y"],
    ]);
    expect(bytes).toBeGreaterThan(0);
    expect(gzip).toBe(true);
    expect((await lines("x\n")).gzip).toBe(false);
  });

  it("reassembles lines split across read chunks, including a CR at a chunk's end", async () => {
    const long = "é".repeat(700_000); // 1.4 MB of two-byte characters: crosses the 1 MiB chunk
    const { seen } = await lines(`${long}\r\nnext\n`);
    expect(seen.map(([n, t]) => [n, t.length])).toEqual([
      [1, long.length],
      [2, 4],
    ]);
    expect(seen[0]?.[1]).toBe(long);
  });

  it("reads a 17 MB line whole", async () => {
    const big = `{"m":"${"x".repeat(17 * 1024 * 1024)}"}`;
    const { seen, problems } = await lines(`${big}\n{"after":1}\n`);
    expect(problems).toEqual([]);
    expect(seen.map(([n, t]) => [n, t.length])).toEqual([
      [1, big.length],
      [2, 11],
    ]);
  });

  it("skips a line over the limit with a finding on that line, and goes on", async () => {
    const { seen, problems } = await lines(`ok\n${"y".repeat(5000)}\nafter`, { maxLineBytes: 1024 });
    expect(seen).toEqual([
      [1, "ok"],
      [3, "after"],
    ]);
    expect(problems).toEqual([
      { line: 2, reason: expect.stringMatching(/longer than .* and was skipped/) as unknown as string },
    ]);
  });

  it("replaces invalid UTF-8, reports the line, and keeps reading", async () => {
    const bad = Buffer.concat([
      Buffer.from('{"m":"a'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('b"}\nnext\n'),
    ]);
    const { seen, problems } = await lines(bad);
    expect(seen[0]?.[1]).toBe('{"m":"a\uFFFD\uFFFDb"}');
    expect(seen[1]).toEqual([2, "next"]);
    expect(problems).toEqual([
      { line: 1, reason: "line has bytes that are not valid UTF-8; they were replaced with U+FFFD" },
    ]);
  });

  it("does not report a real U+FFFD as invalid", async () => {
    expect((await lines("a\uFFFDb\n")).problems).toEqual([]);
  });

  it("keeps what it read from damaged gzip and says where it stopped", async () => {
    const whole = gzipSync(Array.from({ length: 2000 }, (_, i) => `line ${i} ${"z".repeat(50)}`).join("\n"));
    const { seen, problems } = await lines(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(2000);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.reason).toMatch(/gzip data is damaged or cut short after line \d+/);
    expect(problems[0]?.line).toBe(seen.length + 1);
  });

  it("reports a file it cannot read as a finding on line 0", async () => {
    const dir = tmpTree();
    const result = await readLines(path.join(dir, "missing.ndjson"), () => {});
    expect(result.problems[0]).toMatchObject({
      line: 0,
      reason: expect.stringMatching(/^cannot read the file: ENOENT/) as unknown as string,
    });
  });

  it("reads 3 MB of short lines across chunk boundaries, each once, in order", async () => {
    const all = Array.from({ length: 60_000 }, (_, i) => `{"n":${i},"s":"${"가".repeat(i % 17)}"}`);
    const { seen, problems } = await lines(`${all.join("\n")}\n`);
    expect(problems).toEqual([]);
    expect(seen.length).toBe(all.length);
    expect(seen.every(([n, text], i) => n === i + 1 && text === all[i])).toBe(true);
  });

  it("reports invalid UTF-8 on the right line in the middle of a chunk, and not a real U+FFFD beside it", async () => {
    const bad = Buffer.concat([
      Buffer.from("a\nb\uFFFDb\nc"),
      Buffer.from([0xe0, 0x80]),
      Buffer.from("c\nd\uFFFDd\n"),
    ]);
    const { seen, problems } = await lines(bad);
    expect(seen.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    expect(problems).toEqual([
      { line: 3, reason: "line has bytes that are not valid UTF-8; they were replaced with U+FFFD" },
    ]);
  });

  it("reads every member of concatenated gzip (cat a.gz b.gz)", async () => {
    const { seen, problems } = await lines(Buffer.concat([gzipSync("a\nb\n"), gzipSync("c\nd")]));
    expect(seen).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
      [4, "d"],
    ]);
    expect(problems).toEqual([]);
  });

  it("keeps every line of the complete members before trailing bytes, and reports the rest once", async () => {
    const members = Buffer.concat([gzipSync("a\nb\n"), gzipSync("c\n")]);
    const { seen, problems, lines: count } = await lines(Buffer.concat([members, Buffer.from("garbage\n")]));
    expect(seen.map(([n, t]) => [n, t])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(count).toBe(3);
    expect(problems).toEqual([
      {
        line: 4,
        reason: "trailing bytes after gzip member: 8 bytes after line 3 are not gzip data and were skipped",
      },
    ]);
  });

  it("keeps the lines of a large member before trailing bytes, each once", async () => {
    const all = Array.from({ length: 200_000 }, (_, i) => `{"n":${i},"r":${(i * 7919) % 104729}}`);
    const gz = gzipSync(`${all.join("\n")}\n`);
    const { seen, problems } = await lines(Buffer.concat([gz, Buffer.from("XYZ")]));
    expect(seen.length).toBe(all.length);
    expect(seen.every(([n, text], i) => n === i + 1 && text === all[i])).toBe(true);
    expect(problems).toEqual([
      {
        line: all.length + 1,
        reason: `trailing bytes after gzip member: 3 bytes after line ${all.length} are not gzip data and were skipped`,
      },
    ]);
  });

  it("reports zero bytes after a member, which gunzip skips quietly", async () => {
    const { seen, problems } = await lines(Buffer.concat([gzipSync("a\n"), Buffer.alloc(4)]));
    expect(seen).toEqual([[1, "a"]]);
    expect(problems).toEqual([
      {
        line: 2,
        reason: "trailing bytes after gzip member: 4 bytes after line 1 are not gzip data and were skipped",
      },
    ]);
  });

  it("keeps the complete members before a member cut short, and says where it stopped", async () => {
    const cut = gzipSync("c\nd\n").subarray(0, 12);
    const { seen, problems } = await lines(Buffer.concat([gzipSync("a\nb\n"), cut]));
    expect(seen).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(3);
    expect(problems[0]?.reason).toMatch(/^the gzip data is damaged or cut short after line 2: /);
  });

  it("drops a UTF-8 BOM at the start of a middle line (two files joined with cat)", async () => {
    const { seen, problems } = await lines('\uFEFF{"a":1}\n\uFEFF{"b":2}\n');
    expect(seen).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
    expect(problems).toEqual([]);
  });

  it("reports invalid bytes on a line that also holds a real U+FFFD", async () => {
    const bad = Buffer.concat([Buffer.from("x\uFFFDy"), Buffer.from([0xff]), Buffer.from("z\n")]);
    const { seen, problems } = await lines(bad);
    expect(seen).toEqual([[1, "x\uFFFDy\uFFFDz"]]);
    expect(problems).toEqual([
      { line: 1, reason: "line has bytes that are not valid UTF-8; they were replaced with U+FFFD" },
    ]);
  });

  it("reads a byte range, numbering lines after lineBase, and gives each line's offset in the file", async () => {
    const content = "a\r\n\uFEFFbb\n\nccc\nd";
    const dir = tmpTree({ "f.ndjson": content });
    const seen: Array<[number, string, number]> = [];
    const result = await readLines(
      path.join(dir, "f.ndjson"),
      (text, line, _bytes, offset) => seen.push([line, text, offset]),
      {
        start: 3,
        end: Buffer.byteLength(content) - 1,
        lineBase: 1,
      },
    );
    expect(seen).toEqual([
      [2, "bb", 6],
      [4, "ccc", 10],
    ]);
    expect(result).toMatchObject({ lines: 4, stopped: false });
    const empty = await readLines(path.join(dir, "f.ndjson"), () => seen.push([0, "", 0]), {
      start: 5,
      end: 5,
    });
    expect(empty).toMatchObject({ lines: 0, bytes: 0 });
  });
});
