import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  batches,
  writeFileAtomic,
  writeLinesAtomic,
  writeTextAtomic,
  writeTextTo,
} from "../../src/ingest/write-output.ts";
import { tmpTree } from "../helpers/tmp.ts";

describe("writeFileAtomic", () => {
  it("makes missing folders, replaces an existing file and leaves no temporary file", async () => {
    const dir = tmpTree({ "out/report.json": "old" });
    await writeFileAtomic(path.join(dir, "out", "report.json"), "new\n");
    await writeFileAtomic(path.join(dir, "a", "b", "c.json"), "{}");
    expect(readFileSync(path.join(dir, "out", "report.json"), "utf8")).toBe("new\n");
    expect(readFileSync(path.join(dir, "a", "b", "c.json"), "utf8")).toBe("{}");
    expect(readdirSync(path.join(dir, "out"))).toEqual(["report.json"]);
  });
});

describe("writeLinesAtomic", () => {
  it("writes each line with a newline, from any iterable, and leaves no temporary file", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "nested", "events.ndjson");
    function* lines() {
      for (let i = 0; i < 3; i++) yield `{"n":${i}}`;
    }
    await writeLinesAtomic(target, lines());
    expect(readFileSync(target, "utf8")).toBe('{"n":0}\n{"n":1}\n{"n":2}\n');
    expect(readdirSync(path.dirname(target))).toEqual(["events.ndjson"]);
  });

  it("keeps the old file and removes its temporary file when the lines fail", async () => {
    const dir = tmpTree({ "events.ndjson": "old\n" });
    const target = path.join(dir, "events.ndjson");
    function* failing() {
      yield "one";
      throw new Error("no more lines");
    }
    await expect(writeLinesAtomic(target, failing())).rejects.toThrow("no more lines");
    expect(readFileSync(target, "utf8")).toBe("old\n");
    expect(readdirSync(dir)).toEqual(["events.ndjson"]);
  });

  it("writes many lines through back-pressure, all of them in order", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "big.ndjson");
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${"x".repeat(20)}`);
    await writeLinesAtomic(target, lines);
    expect(readFileSync(target, "utf8")).toBe(lines.map((l) => `${l}\n`).join(""));
  });
});

describe("batches", () => {
  it("joins pieces into batches of at least the size asked, the last one aside, keeping every character", () => {
    const pieces = Array.from({ length: 100 }, (_, i) => `${i};`);
    const joined = [...batches(pieces, 50)];
    expect(joined.join("")).toBe(pieces.join(""));
    expect(joined.slice(0, -1).every((b) => b.length >= 50 && b.length < 53)).toBe(true);
    expect(joined.length).toBeGreaterThan(1);
  });

  it("gives a piece longer than a batch as a batch of its own, and nothing for no text", () => {
    expect([...batches(["a", "b".repeat(10), "c"], 4)]).toEqual([`a${"b".repeat(10)}`, "c"]);
    expect([...batches([], 4)]).toEqual([]);
    expect([...batches(["", ""], 4)]).toEqual([]);
  });
});

describe("writeTextAtomic", () => {
  it("writes the pieces' text over many batches and leaves no temporary file", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "text.txt");
    const pieces = Array.from({ length: 5000 }, (_, i) => `é${i}\n`);
    await writeTextAtomic(target, pieces, 100);
    expect(readFileSync(target, "utf8")).toBe(pieces.join(""));
    expect(readdirSync(dir)).toEqual(["text.txt"]);
  });
});

describe("writeTextTo", () => {
  /** A stream that takes each write a turn later and asks to wait once 64 bytes are waiting. */
  function slowStream(fail = false): { out: Writable; chunks: string[] } {
    const chunks: string[] = [];
    const out = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString("utf8"));
        setImmediate(() => done(fail ? new Error("pipe closed") : null));
      },
    });
    return { out, chunks };
  }

  it("writes one batch at a time and has written everything when it settles", async () => {
    const { out, chunks } = slowStream();
    const pieces = Array.from({ length: 1000 }, (_, i) => `${i},`);
    await writeTextTo(out, pieces, 500);
    expect(chunks.join("")).toBe(pieces.join(""));
    expect(chunks.length).toBe([...batches(pieces, 500)].length);
  });

  it("fails with the stream's error instead of waiting for ever", async () => {
    const { out } = slowStream(true);
    await expect(writeTextTo(out, ["x".repeat(200), "y".repeat(200)], 100)).rejects.toThrow("pipe closed");
  });
});
