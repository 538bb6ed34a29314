import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../src/ingest/progress.ts";
import { readEventsFile } from "../../src/ingest/read-events-file.ts";
import { shapeOfStart } from "../../src/ingest/sniff-file.ts";
import { tmpTree } from "../helpers/tmp.ts";
import { lineBytes } from "../../src/core/stored-line.ts";

const payload = (i: number) => ({
  session_id: "s1",
  transcript_path: "/home/a/.claude/projects/-w/s1.jsonl",
  cwd: "/w",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: `echo "[${i}]" \\` },
  tool_use_id: `toolu_${i}`,
});

async function read(content: string | Buffer, name = "logs/pre_tool_use.json") {
  const dir = tmpTree({ [name]: content });
  return readEventsFile(
    { absPath: path.join(dir, name), path: name, kind: "events", agentId: null },
    silentProgress,
  );
}

describe("reading a JSON array of hook payloads", () => {
  it("gives one event per payload of a pretty-printed array of 170, each on the line it starts", async () => {
    const payloads = Array.from({ length: 170 }, (_, i) => payload(i));
    const text = JSON.stringify(payloads, null, 2);
    const { events, findings, file } = await read(text);
    expect(findings).toEqual([]);
    expect(events).toHaveLength(170);
    const starts = text.split("\n").flatMap((l, i) => (l === "  {" ? [i + 1] : []));
    expect(events.map((e) => e.line)).toEqual(starts);
    expect(file).toMatchObject({ lines: text.split("\n").length, events: 170, errors: 0 });
    expect(JSON.parse(Buffer.from(lineBytes(events[5]!.raw)).toString("utf8"))).toEqual(payloads[5]);
    // Equal payloads at different lines are different firings.
    expect(new Set(events.map((e) => e.id)).size).toBe(170);
  });

  it("reads a gzip of an array and a BOM before it alike", async () => {
    const text = JSON.stringify([payload(1), payload(2)], null, 2);
    const plain = await read(text);
    const gz = await read(gzipSync(Buffer.from(text)), "logs/p.json.gz");
    const bom = await read(`\uFEFF${text}`);
    expect(gz.events.map((e) => [e.id, e.line])).toEqual(plain.events.map((e) => [e.id, e.line]));
    expect(bom.events.map((e) => e.line)).toEqual(plain.events.map((e) => e.line));
  });

  it("keeps the payloads before the place a rewritten array was cut, with one finding there", async () => {
    const text = JSON.stringify([payload(1), payload(2), payload(3)], null, 2);
    const { events, findings } = await read(text.slice(0, text.lastIndexOf("toolu_3")));
    expect(events).toHaveLength(2);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.reason).toMatch(/^the JSON array is cut short/);
  });

  it("reads an empty array as no events and no finding", async () => {
    expect(await read("[]\n")).toMatchObject({ events: [], findings: [] });
  });
});

describe("files of no known format", () => {
  const cases: Array<[string, string | Buffer, string]> = [
    ["YAML", "model: x\nkeys:\n  - a\n  - b\n", "text, not JSON"],
    ["binary data", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256)), "binary data"],
    [
      "a JSON config",
      JSON.stringify({ apiKey: "sk-secret-value", model: "m", nested: { a: 1 } }, null, 2),
      "a JSON object with keys apiKey, model, nested",
    ],
    [
      "JSONL of another tool",
      Array.from({ length: 40 }, (_, i) => JSON.stringify({ type: "step", ts: i, level: "info" })).join("\n"),
      "JSON lines whose objects have keys type, ts, level",
    ],
    ["an array of non-objects", "[1, 2, 3]", "a JSON array of numbers"],
    [
      "an array of other objects",
      JSON.stringify([{ name: "a", size: 1 }], null, 2),
      "a JSON array whose elements are objects with keys name, size",
    ],
  ];
  it.each(cases)("gives exactly one finding for %s, naming what it looks like", async (_, content, what) => {
    const { events, findings } = await read(content, "logs/x.jsonl");
    expect(events).toEqual([]);
    expect(findings).toEqual([
      { file: "logs/x.jsonl", line: 0, reason: `not a format workscope reads: ${what}` },
    ]);
    // Names of keys only, never values.
    expect(findings[0]?.reason).not.toContain("sk-secret");
  });

  it("keeps per-line findings in a file where some lines are events", async () => {
    const good = JSON.stringify({ hook_event_name: "Stop", session_id: "s" });
    const { events, findings } = await read(`not json\n${good}\n{"x":1}\n`, "logs/x.jsonl");
    expect(events).toHaveLength(1);
    expect(findings.map((f) => f.line)).toEqual([1, 3]);
  });
});

describe("shapeOfStart", () => {
  it("decides only from what it sees: a short window of unknown lines says nothing", () => {
    expect(shapeOfStart(Buffer.from('{"a":1}\n{"b":2}\n{"c"'), false)).toEqual({ kind: "lines" });
    expect(shapeOfStart(Buffer.from('{"a":1}\n{"b":2}\n'), true)).toMatchObject({ kind: "unknown" });
  });

  it("tells an array a line from one array over the file", () => {
    expect(shapeOfStart(Buffer.from("[1]\n[2]\n"), true)).toEqual({
      kind: "unknown",
      what: "JSON lines of arrays",
    });
    expect(shapeOfStart(Buffer.from('[{"hook_event_name":"Stop"}]'), true)).toEqual({ kind: "array" });
    expect(shapeOfStart(Buffer.from('[\n {"hook_event_name":"Stop"}\n]\n'), true)).toEqual({ kind: "array" });
  });

  it("takes a blank file as lines, and one bad byte in text as text", () => {
    expect(shapeOfStart(Buffer.from("\n \n"), true)).toEqual({ kind: "lines" });
    const oneBad = Buffer.concat([
      Buffer.from('{"hook_event_name":"Stop","m":"a'),
      Buffer.from([0xc3, 0x22, 0x7d]),
    ]);
    expect(shapeOfStart(oneBad, true)).toEqual({ kind: "lines" });
  });
});

describe("shapeOfStart on a pretty-printed config", () => {
  it("names its top-level keys even when a line inside it is JSON by itself", () => {
    const config =
      '{\n  "hooks": {\n    "Stop": [\n      { "matcher": "*", "hooks": [] }\n    ]\n  },\n  "model": "m"\n}\n';
    expect(shapeOfStart(Buffer.from(config), true)).toEqual({
      kind: "unknown",
      what: "a JSON object with keys hooks, model",
    });
  });
});

describe("shapeOfStart on binary bytes", () => {
  it("reads a log with a run of NUL bytes, but calls a file of them with no event binary", () => {
    const event = '{"hook_event_name":"Stop","session_id":"s"}';
    expect(shapeOfStart(Buffer.from(`\0\0\0\0\n${event}\n`), true)).toEqual({ kind: "lines" });
    expect(shapeOfStart(Buffer.from("\0\0\0\0\nabc\n"), true)).toEqual({
      kind: "unknown",
      what: "binary data",
    });
    // Binary data with few line breaks is binary even before 20 lines are seen.
    expect(shapeOfStart(Buffer.alloc(4096, 1), false)).toEqual({ kind: "unknown", what: "binary data" });
  });
});
