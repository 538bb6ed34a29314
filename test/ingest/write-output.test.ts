import { execFileSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  writeFileAtomic,
  writeLinesAtomic,
  writeTextAtomic,
  writeTextFile,
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

describe("writeTextFile", () => {
  it("writes the pieces' text over many writes, replacing the file, or after it when appending", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "index.json");
    writeFileSync(target, "old text that is longer than the new one");
    const pieces = Array.from({ length: 100 }, (_, i) => `${i};`);
    await writeTextFile(target, pieces, "w", 50);
    expect(readFileSync(target, "utf8")).toBe(pieces.join(""));
    await writeTextFile(target, ["more"], "a");
    expect(readFileSync(target, "utf8")).toBe(`${pieces.join("")}more`);
    await writeTextFile(target, []);
    expect(readFileSync(target, "utf8")).toBe("");
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

describe("writeTextAtomic's encoding", () => {
  /** Any UTF-16 code unit, lone surrogate halves included. */
  const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

  it("writes the bytes of the pieces' text joined, for any pieces and any size of write", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "text.txt");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit }), fc.string({ unit: "binary" })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 64 }),
        async (pieces, batchBytes) => {
          await writeTextAtomic(target, pieces, batchBytes);
          expect(readFileSync(target).equals(Buffer.from(pieces.join("")))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("joins a surrogate pair split between two pieces, and cuts a long piece between characters", async () => {
    const dir = tmpTree();
    const target = path.join(dir, "text.txt");
    await writeTextAtomic(target, ["a\ud83d", "\ude00b"], 16);
    expect(readFileSync(target, "utf8")).toBe("a\u{1f600}b");
    // Each cut of a 16-byte write falls on a pair's first half, unless it steps back.
    const long = `x${"\u{1f600}".repeat(100)}`;
    await writeTextAtomic(target, [long, "\ud800"], 16);
    expect(readFileSync(target).equals(Buffer.from(`${long}\ud800`))).toBe(true);
  });

  it.skipIf(!existsSync("/dev/full"))(
    "fails with the write's error, also when the failing write is the one in flight",
    async () => {
      const pieces = Array.from({ length: 1000 }, (_, i) => `${i}\n`);
      await expect(writeTextAtomic("/dev/full", pieces, 64)).rejects.toThrow(/ENOSPC/);
      await expect(writeFileAtomic("/dev/full", "short\n")).rejects.toThrow(/ENOSPC/);
    },
  );
});

describe("writing to a target that is no regular file", () => {
  it("writes a named pipe directly, leaving it a pipe, as a rename would replace it with a file", async () => {
    const dir = tmpTree();
    const fifo = path.join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const pieces = Array.from({ length: 3000 }, (_, i) => `${i}\n`);
    // The reader opens the pipe while the writer does; each waits for the other.
    const [read] = await Promise.all([readFile(fifo, "utf8"), writeTextAtomic(fifo, pieces, 100)]);
    expect(read).toBe(pieces.join(""));
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(["pipe"]);
  });

  it("writes a pipe behind a symbolic link directly, and keeps the link", async () => {
    const dir = tmpTree();
    execFileSync("mkfifo", [path.join(dir, "pipe")]);
    symlinkSync("pipe", path.join(dir, "link"));
    const [read] = await Promise.all([
      readFile(path.join(dir, "pipe"), "utf8"),
      writeFileAtomic(path.join(dir, "link"), "through\n"),
    ]);
    expect(read).toBe("through\n");
    expect(readlinkSync(path.join(dir, "link"))).toBe("pipe");
    expect(lstatSync(path.join(dir, "pipe")).isFIFO()).toBe(true);
  });

  it("replaces the file a symbolic link points to, through a rename beside it, and keeps the link", async () => {
    const dir = tmpTree({ "real/report.json": "old\n" });
    mkdirSync(path.join(dir, "links"));
    symlinkSync("../real/report.json", path.join(dir, "links", "report.json"));
    await writeLinesAtomic(path.join(dir, "links", "report.json"), ["new"]);
    expect(lstatSync(path.join(dir, "links", "report.json")).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, "real", "report.json"), "utf8")).toBe("new\n");
    expect(readdirSync(path.join(dir, "real"))).toEqual(["report.json"]);
    expect(readdirSync(path.join(dir, "links"))).toEqual(["report.json"]);
  });

  it("takes a symbolic link that points nowhere for a missing file and writes a file in its place", async () => {
    const dir = tmpTree();
    symlinkSync("nowhere", path.join(dir, "report.json"));
    await writeFileAtomic(path.join(dir, "report.json"), "{}\n");
    expect(lstatSync(path.join(dir, "report.json")).isFile()).toBe(true);
    expect(readFileSync(path.join(dir, "report.json"), "utf8")).toBe("{}\n");
  });

  it.skipIf(!existsSync("/proc/self/fd"))(
    "appends to a file held open behind /dev/fd, as a shell's `>>` to /dev/stdout would keep it",
    async () => {
      const dir = tmpTree({ "log.txt": "before\n" });
      const log = path.join(dir, "log.txt");
      const fd = openSync(log, "a");
      try {
        const inode = statSync(log).ino;
        await writeFileAtomic(`/dev/fd/${fd}`, "after\n");
        expect(readFileSync(log, "utf8")).toBe("before\nafter\n");
        expect(statSync(log).ino).toBe(inode);
        expect(readdirSync(dir)).toEqual(["log.txt"]);
      } finally {
        closeSync(fd);
      }
    },
  );

  it("fails on a folder and removes its temporary file", async () => {
    const dir = tmpTree({ "report.json/inside": "kept" });
    await expect(writeFileAtomic(path.join(dir, "report.json"), "{}")).rejects.toThrow(
      /EISDIR|ENOTEMPTY|EEXIST/,
    );
    expect(readdirSync(dir)).toEqual(["report.json"]);
    expect(readFileSync(path.join(dir, "report.json", "inside"), "utf8")).toBe("kept");
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
    // Writes of at most 500 bytes, each filled while a piece of 4 characters still surely fits.
    expect(chunks.length).toBe(8);
  });

  it("gives the stream a buffer of its own for each batch, as a stream may keep what it is given", async () => {
    const kept: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        kept.push(chunk);
        done();
      },
    });
    const pieces = Array.from({ length: 1000 }, (_, i) => `${i},é;`);
    await writeTextTo(out, pieces, 100);
    expect(kept.length).toBeGreaterThan(10);
    expect(Buffer.concat(kept).toString("utf8")).toBe(pieces.join(""));
  });

  it("fails with the stream's error instead of waiting for ever", async () => {
    const { out } = slowStream(true);
    await expect(writeTextTo(out, ["x".repeat(200), "y".repeat(200)], 100)).rejects.toThrow("pipe closed");
  });
});
