import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomic, writeLinesAtomic } from "../../src/ingest/write-output.ts";
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
