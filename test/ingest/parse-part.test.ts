import path from "node:path";
import { crc32, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FindingsTally } from "../../src/ingest/findings-tally.ts";
import { parsePart } from "../../src/ingest/parse-part.ts";
import { tmpTree } from "../helpers/tmp.ts";

describe("parsePart", () => {
  it("parses a byte range, numbering its lines after the lines before it", async () => {
    const first = '{"type":"a","agentId":"x","ts":1}\n';
    const content = `${first}{"type":"b","agentId":"x","ts":2}\n[1]\n{"type":"c","agentId":"x","ts":3}`;
    const dir = tmpTree({ "e.ndjson": content });
    const tally = new FindingsTally();
    const seen: Array<[string, number, number]> = [];
    const end = await parsePart(
      { absPath: path.join(dir, "e.ndjson"), file: "e.ndjson", start: first.length, lineBase: 1 },
      tally,
      (event, _needsTime, offset) => seen.push([event.type, event.line, offset]),
    );
    expect(seen).toEqual([
      ["b", 2, first.length],
      ["c", 4, content.lastIndexOf("{")],
    ]);
    expect(end).toEqual({
      lines: 3,
      bytes: content.length - first.length,
      stopped: false,
      crc: crc32(content.slice(first.length)),
    });
    expect(tally.state().listed).toEqual([[3, "expected a JSON object, found an array"]]);
  });

  it("takes the CRC-32 of the bytes it read: a range's own, a gzip file's compressed ones", async () => {
    const content = `${'{"type":"a","agentId":"x","ts":1}\n'.repeat(3)}`;
    const gz = gzipSync(content);
    const dir = tmpTree({ "e.ndjson": content, "e.ndjson.gz": gz });
    const part = (name: string, start: number, end?: number) =>
      parsePart(
        {
          absPath: path.join(dir, name),
          file: name,
          start,
          ...(end === undefined ? {} : { end }),
          lineBase: 0,
        },
        new FindingsTally(),
        () => {},
      );
    expect((await part("e.ndjson", 20, 40)).crc).toBe(crc32(content.slice(20, 40)));
    expect((await part("e.ndjson.gz", 0)).crc).toBe(crc32(gz));
  });

  it("takes no CRC when the job says nothing will keep it, and reads the same events", async () => {
    const content = `${'{"type":"a","agentId":"x","ts":1}\n'.repeat(3)}`;
    const dir = tmpTree({ "e.ndjson": content });
    const read = async (hash?: boolean) => {
      const types: string[] = [];
      const end = await parsePart(
        {
          absPath: path.join(dir, "e.ndjson"),
          file: "e.ndjson",
          start: 0,
          lineBase: 0,
          ...(hash === undefined ? {} : { hash }),
        },
        new FindingsTally(),
        (event) => types.push(event.type),
      );
      return { end, types };
    };
    const hashed = await read();
    const unhashed = await read(false);
    expect(hashed.end.crc).toBe(crc32(content));
    expect(unhashed.end).toEqual({ ...hashed.end, crc: 0 });
    expect(unhashed.types).toEqual(hashed.types);
  });

  it("says when the file cannot be read", async () => {
    const tally = new FindingsTally();
    const end = await parsePart(
      { absPath: "/nonexistent/e.ndjson", file: "e.ndjson", start: 0, lineBase: 0 },
      tally,
      () => {},
    );
    expect(end.stopped).toBe(true);
    expect(tally.state().listed[0]?.[1]).toMatch(/^cannot read the file/);
  });
});
