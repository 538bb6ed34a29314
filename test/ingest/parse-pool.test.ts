import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { LoadedInput } from "../../src/core/input.ts";
import { loadInputs, type LoadOptions } from "../../src/ingest/load.ts";
import { completeLinesEnd, splitRanges } from "../../src/ingest/parse-pool.ts";
import { silentProgress } from "../../src/ingest/progress.ts";
import type { LoadStats } from "../../src/ingest/read-events-file.ts";
import { tmpTree } from "../helpers/tmp.ts";
import { lineBytes } from "../../src/core/stored-line.ts";
import { FileChangedError } from "../../src/ingest/file-bytes.ts";

const oc = (ts: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "a2a.send",
    agentId: "eden",
    ts,
    data: { fromAgent: "eden", toAgent: "seum", ...extra },
  });

/** A plain file with every case a cut between ranges could get wrong. */
const HARD = Buffer.concat([
  Buffer.from(`${oc(1)}\n\n   \n${oc(2, { message: "x".repeat(300) })}\r\n`),
  Buffer.from(`\uFEFF${oc(3)}\n`),
  Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
  Buffer.from(`${oc(4)}\n{"type":"a2a.send",\n["not an object"]\n`),
  Buffer.from(`${oc(5, { message: "y".repeat(900) })}\n`),
  Buffer.from(
    `{"workscope":"hook","v":1,"id":"hk-1","ts":"2026-01-01T00:00:00Z","payload":{"hook_event_name":"PreToolUse","session_id":"s"}}\n${oc(6)}\n`,
  ),
  Buffer.from(`${"z".repeat(2000)}\n`),
  Buffer.from(oc(7)),
]);

/** The LoadedInput with each event's line bytes as plain arrays, to compare by value. */
function comparable(input: LoadedInput) {
  return { ...input, events: input.events.map((e) => ({ ...e, raw: [...lineBytes(e.raw)] })) };
}

async function load(dir: string, options: LoadOptions): Promise<LoadedInput> {
  return loadInputs([dir], dir, () => silentProgress, { cacheDir: null, maxLineBytes: 1500, ...options });
}

describe("parsing on workers", () => {
  it.each([[1], [2], [3]])(
    "gives with %i workers and tiny ranges what the main thread gives",
    async (workers) => {
      const dir = tmpTree({
        "logs/a.ndjson": HARD,
        "logs/b.ndjson.gz": gzipSync(HARD),
        "logs/c.ndjson": "",
        "logs/d.ndjson": "\n\n\n",
        "logs/e.ndjson": `${"q".repeat(5000)}`,
        "logs/f.ndjson": Array.from({ length: 40 }, (_, i) => `{"bad":${i}}`).join("\n"),
      });
      const one = await load(dir, { workers: 0, findingsListed: 3 });
      for (const rangeBytes of [1, 64, 1000]) {
        const stats: LoadStats = { cachedBytes: 0, parsedBytes: 0 };
        const many = await load(dir, { workers, rangeBytes, findingsListed: 3, stats });
        expect(comparable(many)).toEqual(comparable(one));
        // The parts were merged from the workers, not all parsed again on the main thread.
        if (workers > 1) expect(stats.workerParts).toBeGreaterThan(3);
      }
      expect(one.files.find((f) => f.path.endsWith("a.ndjson"))).toMatchObject({ lines: 14, events: 8 });
      expect(one.findingsOmitted?.length).toBeGreaterThan(0);
    },
  );

  it("leaves a plain file's lines in the file when the run asks, and reads them back checked", async () => {
    const dir = tmpTree({ "logs/a.ndjson": HARD, "logs/b.ndjson.gz": gzipSync(HARD) });
    const one = await load(dir, { workers: 0, storeLines: true });
    const stats: LoadStats = { cachedBytes: 0, parsedBytes: 0 };
    const many = await load(dir, { workers: 2, rangeBytes: 64, storeLines: true, stats });
    expect(stats.workerParts).toBeGreaterThan(3);
    const inFile = (input: LoadedInput, name: string) => input.events.filter((e) => e.file.endsWith(name));
    // The workers' events of the plain file name their lines in it, as the main thread's do; the
    // gzip file's lines are held, as its bytes are not lines at offsets of the file.
    expect(inFile(many, "a.ndjson").every((e) => !(e.raw instanceof Uint8Array))).toBe(true);
    expect(inFile(many, "b.ndjson.gz").every((e) => e.raw instanceof Uint8Array)).toBe(true);
    expect(comparable(many)).toEqual(comparable(one));
    // A line read again after its bytes changed (same length, same place) says so.
    const again = await load(dir, { workers: 2, rangeBytes: 64, storeLines: true });
    const file = path.join(dir, "logs/a.ndjson");
    writeFileSync(file, Buffer.from(HARD.toString("latin1").replace('"eden"', '"EDEN"'), "latin1"));
    expect(() => lineBytes(inFile(again, "a.ndjson")[0]!.raw)).toThrow(FileChangedError);
  });

  it("reads a file in one pass when a later part has ids made from line numbers", async () => {
    // Raw hook payloads have no id: theirs is made from the line's text and number, which a
    // worker, counting from its part's start, does not know.
    const payload = '{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash"}';
    const dir = tmpTree({ "logs/a.ndjson": `${oc(1)}\n${`${payload}\n`.repeat(30)}` });
    const one = await load(dir, { workers: 0 });
    const many = await load(dir, { workers: 2, rangeBytes: 200 });
    expect(comparable(many)).toEqual(comparable(one));
    expect(new Set(one.events.map((e) => e.id)).size).toBe(31);
  });

  it("reads a file in one pass when the parts' findings cannot be merged exactly", async () => {
    // Every line has its own reason (JSON.parse quotes the line), past the limit of reasons.
    const lines = Array.from({ length: 60 }, (_, i) => `x${i}${"-".repeat(i % 7)}`);
    // The first line is an event, so that the file is read line by line.
    const dir = tmpTree({ "logs/a.ndjson": `${oc(1)}\n${lines.join("\n")}\n` });
    const one = await load(dir, { workers: 0, findingsListed: 2 });
    const many = await load(dir, { workers: 2, rangeBytes: 40, findingsListed: 2 });
    expect(comparable(many)).toEqual(comparable(one));
    expect(one.findingsOmitted?.some((o) => o.reason.startsWith("findings whose reasons"))).toBe(true);
  });

  it("merges a file that changes after it was planned as the main thread reads it", async () => {
    const dir = tmpTree({ "logs/a.ndjson": HARD });
    const file = path.join(dir, "logs/a.ndjson");
    const before = await load(dir, { workers: 2, rangeBytes: 50 });
    writeFileSync(file, Buffer.concat([HARD, Buffer.from(`\n${oc(8)}\n`)]));
    const after = await load(dir, { workers: 2, rangeBytes: 50 });
    expect(after.events).toHaveLength(before.events.length + 1);
    expect(comparable(after)).toEqual(comparable(await load(dir, { workers: 0 })));
  });
});

describe("splitRanges", () => {
  it("cuts after newlines only, a long line making its range longer", async () => {
    const content = `ab\n${"c".repeat(50)}\nd\n\ne`;
    const dir = tmpTree({ "f.ndjson": content });
    const file = path.join(dir, "f.ndjson");
    expect(await splitRanges(file, 0, content.length, 5)).toEqual([
      [0, 54],
      [54, 58],
    ]);
    expect(await splitRanges(file, 0, content.length, 1)).toEqual([
      [0, 3],
      [3, 54],
      [54, 56],
      [56, 57],
      [57, 58],
    ]);
    expect(await splitRanges(file, 3, 3, 5)).toEqual([]);
    expect(await splitRanges(file, 0, content.length, 1000)).toEqual([[0, content.length]]);
  });

  it("finds where the complete lines end", async () => {
    const dir = tmpTree({ "f.ndjson": "ab\ncd\nef", "g.ndjson": "abc" });
    expect(await completeLinesEnd(path.join(dir, "f.ndjson"), 0, 8)).toBe(6);
    expect(await completeLinesEnd(path.join(dir, "f.ndjson"), 6, 8)).toBe(6);
    expect(await completeLinesEnd(path.join(dir, "g.ndjson"), 0, 3)).toBe(0);
  });
});
