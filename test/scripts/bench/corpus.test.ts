import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appendix,
  copyLine,
  ensureCorpus,
  ensureState,
  sampleLines,
  STATE_LOG,
  writeCopies,
} from "../../../scripts/bench/corpus.ts";
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

describe("ensureState", () => {
  it("lays out a state directory: the sample's openclaw.json and the log under logs/", async () => {
    const dir = path.join(tmpTree(), "state");
    const state = await ensureState(dir, 10);
    expect(state.log).toBe(path.join(dir, "logs", "coordination-events.ndjson"));
    expect(readFileSync(path.join(dir, "openclaw.json"), "utf8")).toBe(
      readFileSync(path.resolve(import.meta.dirname, "../../../content/sample/openclaw.json"), "utf8"),
    );
    expect(state.copies).toBe(1);
    expect(state.bytes).toBe(statSync(state.log).size);
  });

  it("writes the same bytes every time, so two machines bench the same directory", async () => {
    const [a, b] = [path.join(tmpTree(), "a"), path.join(tmpTree(), "b")];
    const perCopy = SAMPLE.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    await ensureState(a, perCopy + 1);
    await ensureState(b, perCopy + 1);
    const log = readFileSync(path.join(a, STATE_LOG));
    expect(log.equals(readFileSync(path.join(b, STATE_LOG)))).toBe(true);
    expect(log.toString("utf8").split("\n")).toHaveLength(2 * SAMPLE.length + 1);
  });

  it("keeps the files of a directory that has them", async () => {
    const dir = tmpTree({ "openclaw.json": "{ mine: 1 }", [STATE_LOG]: "x".repeat(100) });
    const state = await ensureState(dir, 50);
    expect(state.bytes).toBe(100);
    expect(readFileSync(path.join(dir, "openclaw.json"), "utf8")).toBe("{ mine: 1 }");
  });
});

describe("appendix", () => {
  it("gives about the asked bytes of whole lines, as the asked copy of the sample's lines", () => {
    const text = appendix(SAMPLE, 5, 20_000);
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(20_000);
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.slice(0, -1).split("\n");
    expect(Buffer.byteLength(text) - Buffer.byteLength(lines.at(-1) ?? "") - 1).toBeLessThan(20_000);
    expect(lines[0]).toBe(copyLine(SAMPLE[0] ?? "", 5));
  });

  it("goes on as the next copy past the sample's end, so no line repeats", () => {
    const two = [LINE, LINE.replace('"hi"', '"bye"')];
    const lines = appendix(two, 3, 1).split("\n");
    expect(lines).toEqual([copyLine(LINE, 3), ""]);
    const more = appendix(two, 3, 5 * LINE.length)
      .trimEnd()
      .split("\n");
    expect(more[2]).toBe(copyLine(LINE, 4));
    expect(new Set(more).size).toBe(more.length);
  });
});
