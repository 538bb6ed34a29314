import { utimesSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../src/ingest/progress.ts";
import { readEventsFile } from "../../src/ingest/read-events-file.ts";
import { tmpTree } from "../helpers/tmp.ts";

const oc = (ts: number, type = "a2a.send") =>
  JSON.stringify({ type, agentId: "eden", ts, data: { fromAgent: "eden", toAgent: "seum" } });
const v11 = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "e1",
    version: "1.1",
    ts: "2026-02-13T15:00:00.000Z",
    type: "heartbeat",
    source: "synthetic",
    workspace_id: "w",
    terminal_session_id: "t",
    agent_id: "a",
    ...over,
  });

async function read(content: string | Buffer) {
  const dir = tmpTree({ "events.ndjson": content });
  return readEventsFile(
    { absPath: path.join(dir, "events.ndjson"), path: "events.ndjson", kind: "events", agentId: null },
    silentProgress,
  );
}

/**
 * One case per kind of bad input the reader meets: each must leave a finding on the right line,
 * and the good lines around it must still be read.
 */
const BAD_LINES: Array<[string, string, RegExp]> = [
  ["text that is not JSON", '{"type":"a2a.send",', /^not valid JSON: /],
  ["JSON that is not an object", '["a2a.send"]', /^expected a JSON object, found an array$/],
  ["an object that is no event", '{"hello":1}', /^not an event/],
  ["an OpenClaw event without a type", '{"agentId":"eden","ts":1,"data":{}}', /^not an event/],
  ["an OpenClaw event without a time", '{"type":"a2a.send","data":{}}', /no usable time/],
  [
    "an OpenClaw event with data that is not an object",
    '{"type":"a2a.send","ts":1,"data":"x"}',
    /data should be an object/,
  ],
  [
    "an OpenClaw join field of the wrong type",
    '{"type":"a2a.send","ts":1,"data":{"taskId":7}}',
    /field "taskId" should be text/,
  ],
  ["a v1.1 event missing a common field", v11({ agent_id: undefined }), /^invalid v1\.1 event: agent_id/],
  [
    "a v1.1 event breaking a type rule",
    v11({ type: "tool_failed", payload: { tool_name: "bash", exit_code: 1 } }),
    /tool_failed requires payload\.error_message/,
  ],
  ["a v1.1 event with a local time", v11({ ts: "2026-02-13T15:00:00+09:00" }), /UTC/],
  [
    "a hook envelope without its payload",
    '{"workscope":"hook","v":1,"id":"x","ts":"2026-01-01T00:00:00Z"}',
    /^workscope hook line: payload/,
  ],
];

describe("readEventsFile", () => {
  it.each(BAD_LINES)("reports %s on its line and reads the lines around it", async (_name, bad, reason) => {
    const { events, findings, file } = await read(`${oc(1)}\n\n${bad}\n${oc(2)}\n`);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: "events.ndjson", line: 3 });
    expect(findings[0]?.reason).toMatch(reason);
    expect(events.map((e) => e.line).filter((l) => l !== 3)).toEqual([1, 4]);
    expect(file).toMatchObject({ path: "events.ndjson", kind: "events", lines: 4, errors: 1 });
  });

  it("reports invalid UTF-8 on its line and still reads the event", async () => {
    const line = Buffer.concat([
      Buffer.from('{"type":"a2a.send","ts":5,"data":{"message":"a'),
      Buffer.from([0xc3]),
      Buffer.from('"}}\n'),
    ]);
    const { events, findings } = await read(Buffer.concat([Buffer.from(`${oc(1)}\n`), line]));
    expect(events).toHaveLength(2);
    expect(findings).toEqual([
      {
        file: "events.ndjson",
        line: 2,
        reason: expect.stringMatching(/not valid UTF-8/) as unknown as string,
      },
    ]);
  });

  it("reports a half-written last line, as a gateway stopped mid-write leaves it", async () => {
    const { events, findings } = await read(`${oc(1)}\n{"type":"a2a.send","agentId":"ed`);
    expect(events).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      line: 2,
      reason: expect.stringMatching(/^not valid JSON/) as unknown as string,
    });
  });

  it("reads the three formats mixed in one gzip file", async () => {
    const hook = JSON.stringify({
      workscope: "hook",
      v: 1,
      id: "hk-1",
      ts: "2026-02-13T15:00:01.000Z",
      payload: { hook_event_name: "Stop", session_id: "s" },
    });
    const { events, findings, file } = await read(gzipSync(`${oc(1)}\n${v11()}\n${hook}\n`));
    expect(findings).toEqual([]);
    expect(events.map((e) => e.source)).toEqual(["openclaw", "v1.1", "claude_code"]);
    expect(file.events).toBe(3);
  });

  it("gives the events with their payload facts, unclassified", async () => {
    const { events } = await read(`${oc(1)}\n`);
    expect(events[0]).toMatchObject({ type: "a2a.send", fromAgent: "eden", toAgent: "seum", facts: {} });
    expect(events[0]).not.toHaveProperty("eventRole");
  });

  it("leaves hook payloads without a time untimed, for the analysis to date, whatever the file's times", async () => {
    const raw = (name: string) => JSON.stringify({ hook_event_name: name, session_id: "s" });
    const timed = JSON.stringify({
      hook_event_name: "SessionStart",
      session_id: "s",
      timestamp: "2026-03-01T10:00:00.000Z",
    });
    const content = `${raw("UserPromptSubmit")}\n${timed}\n${raw("PreToolUse")}\n`;
    const dir = tmpTree({ "events.ndjson": content });
    const file = path.join(dir, "events.ndjson");
    const readIt = () =>
      readEventsFile({ absPath: file, path: "events.ndjson", kind: "events", agentId: null }, silentProgress);
    const first = await readIt();
    const t = Date.parse("2026-03-01T10:00:00.000Z");
    expect(first.events.map((e) => [e.line, e.ts, e.tsEstimated ?? false])).toEqual([
      [1, Number.NaN, false],
      [2, t, false],
      [3, Number.NaN, false],
    ]);
    expect(first.findings).toEqual([]);
    // Another modification time changes nothing: it is never read.
    utimesSync(file, new Date("2001-01-01T00:00:00Z"), new Date("2001-01-01T00:00:00Z"));
    expect((await readIt()).events.map((e) => e.ts)).toEqual(first.events.map((e) => e.ts));
  });

  it("keeps the first findings of a file of 300,000 bad lines up to the limit, and counts every one", async () => {
    // Arrays, not broken JSON: a line JSON.parse throws on costs far more, and the limit is the same.
    // The first line is an event, so that the file is read line by line.
    const dir = tmpTree({ "events.ndjson": `${oc(1)}\n${"[1]\n".repeat(300_000)}` });
    const read = await readEventsFile(
      { absPath: path.join(dir, "events.ndjson"), path: "events.ndjson", kind: "events", agentId: null },
      silentProgress,
      { findingsListed: 10 },
    );
    expect(read.file).toMatchObject({ lines: 300_001, events: 1, errors: 300_000 });
    expect(read.findings.map((f) => f.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(read.omitted).toHaveLength(1);
    expect(read.omitted).toEqual([
      { file: "events.ndjson", reason: "expected a JSON object, found an array", count: 299_990 },
    ]);
  });

  it("reads the event after a BOM in the middle of the file, as two files joined with cat give it", async () => {
    const read1 = await read(`\uFEFF${oc(1)}\n\uFEFF${oc(2)}\n`);
    expect(read1.events.map((e) => [e.line, e.ts])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(read1.findings).toEqual([]);
  });
});
