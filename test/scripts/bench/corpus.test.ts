import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyLine, ensureCorpus, sampleLines, writeCopies } from "../../../scripts/bench/corpus.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const WEEK = 7 * 86_400_000;
/** The sample is built once for the whole file: building it takes a tenth of a second. */
const SAMPLE = sampleLines();
const LINE = JSON.stringify({
  type: "a2a.send",
  agentId: "eden",
  ts: 1000,
  data: { conversationId: "c1", workSessionId: "ws_1", taskId: "t1", message: "hi", turn: 2 },
});

describe("copyLine", () => {
  it("keeps the first copy as it is", () => {
    expect(copyLine(LINE, 0)).toBe(LINE);
  });

  it("moves a later copy seven weeks per copy and suffixes its ids, and nothing else", () => {
    expect(JSON.parse(copyLine(LINE, 2))).toEqual({
      type: "a2a.send",
      agentId: "eden",
      ts: 1000 + 2 * WEEK,
      data: { conversationId: "c1-2", workSessionId: "ws_1-2", taskId: "t1-2", message: "hi", turn: 2 },
    });
  });
});

describe("sampleLines", () => {
  it("gives the sample's OpenClaw log lines, each one JSON event", () => {
    const lines = SAMPLE;
    expect(lines.length).toBeGreaterThan(1000);
    for (const line of lines.slice(0, 200)) {
      const event = JSON.parse(line) as { type?: unknown; ts?: unknown };
      expect(typeof event.type).toBe("string");
      expect(typeof event.ts).toBe("number");
    }
  });
});

describe("writeCopies", () => {
  it("writes the lines once per copy, each copy shifted, one line each", async () => {
    const file = path.join(tmpTree(), "deep", "corpus.ndjson");
    await writeCopies(file, [LINE, LINE.replace('"hi"', '"bye"')], 3);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(LINE);
    expect(lines[4]).toBe(copyLine(LINE, 2));
  });
});

describe("ensureCorpus", () => {
  it("reuses a file that is already large enough", async () => {
    const dir = tmpTree({ "corpus.ndjson": "x".repeat(2000) });
    const file = path.join(dir, "corpus.ndjson");
    const result = await ensureCorpus(file, 1000);
    expect(result.bytes).toBe(2000);
    expect(readFileSync(file, "utf8")).toBe("x".repeat(2000));
  });

  it("writes at least the asked bytes of copied sample lines", async () => {
    const dir = tmpTree();
    const file = path.join(dir, "corpus.ndjson");
    writeFileSync(file, "too small");
    const result = await ensureCorpus(file, 10);
    expect(result.bytes).toBe(statSync(file).size);
    expect(result.bytes).toBeGreaterThanOrEqual(10);
    expect(result.lines).toBe(SAMPLE.length);
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe(SAMPLE[0]);
  });
});
