import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BaseEvent } from "../../src/core/event.ts";
import { copiedData, eventData, eventDataJson, eventText } from "../../src/core/event-data.ts";
import { envelopeHook } from "../../src/core/formats/hook.ts";
import { normalizeLine } from "../../src/core/formats/normalize-line.ts";
import { readEvent } from "../helpers/events.ts";
import { lineRef } from "../helpers/line-ref.ts";

const read = (value: Record<string, unknown>) => eventData(readEvent(value, "f"));

describe("eventData", () => {
  it("gives OpenClaw's data, or an empty object when there is none", () => {
    expect(read({ type: "a2a.send", ts: 1, data: { message: "hi" } })).toEqual({ message: "hi" });
    expect(read({ type: "a2a.send", agentId: "eden", ts: 1 })).toEqual({});
  });

  it("gives a hook payload without the envelope, and a raw payload whole", () => {
    const payload = { hook_event_name: "Stop", session_id: "s" };
    expect(read(envelopeHook(payload, 0))).toEqual(payload);
    expect(read({ ...payload, timestamp: "2026-01-01T00:00:00Z" })).toEqual({
      ...payload,
      timestamp: "2026-01-01T00:00:00Z",
    });
  });

  it("gives a v1.1 event whole, and a rule-breaking one as reason and original", () => {
    const good = {
      id: "e",
      version: "1.1",
      ts: "2026-01-01T00:00:00Z",
      type: "heartbeat",
      source: "synthetic",
      workspace_id: "w",
      terminal_session_id: "t",
      agent_id: "a",
    };
    expect(read(good)).toEqual(good);
    const bad = { ...good, type: "task_started" };
    expect(read(bad)).toEqual({ reason: "invalid v1.1 event: task_started requires task_id", original: bad });
  });
});

/** The events of an NDJSON file's lines, read as ingest reads them, with each line's text kept as written. */
function fileEvents(file: string): BaseEvent[] {
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.flatMap((text, i) => {
    const event = normalizeLine(lineRef(file, i + 1, text.replace(/\r$/, ""))).event;
    return event === null ? [] : [event];
  });
}

const FIXTURE_FILES = [
  "content/sample/logs/coordination-events.ndjson",
  "content/sample/logs/coordination-events-2026-02.ndjson",
  "content/sample/claude/hooks.ndjson",
  "content/sample/streams/office-v11.ndjson",
  "test/fixtures/site-hostile/logs/coordination-events.ndjson",
];

/** A line of a source's format around a payload, written in one of the layouts producers use. */
function lineAround(source: BaseEvent["source"], payload: Record<string, unknown>, layout: number): string {
  const value =
    source === "openclaw"
      ? { type: "a2a.send", ts: 1, data: payload }
      : source === "claude_code"
        ? { workscope: "hook", payload: { hook_event_name: "Stop", ...payload } }
        : { ...payload, version: "1.1", type: "heartbeat" };
  if (layout === 1) return JSON.stringify(value, null, 1);
  if (layout === 2) return JSON.stringify(value).replace(/,"/g, ', "');
  return JSON.stringify(value);
}

describe("eventDataJson", () => {
  it("writes exactly what JSON.stringify writes of eventData for the sample's and hostile fixture's lines", () => {
    let copied = 0;
    for (const file of FIXTURE_FILES) {
      for (const event of fileEvents(file)) {
        expect(eventDataJson(event), `${file}:${event.line}`).toBe(JSON.stringify(eventData(event)));
        if (copiedData(eventText(event), event.source) !== null) copied++;
      }
    }
    // The fast path is taken for most lines, or it would be no use.
    expect(copied).toBeGreaterThan(500);
  });

  it("copies only what the slow path writes, for any payload in any layout of any format", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
        fc.constantFrom("openclaw", "claude_code", "v1.1"),
        fc.integer({ min: 0, max: 2 }),
        (payload, source, layout) => {
          const text = lineAround(source, payload, layout);
          const event = { raw: new TextEncoder().encode(text), source } as BaseEvent;
          const copy = copiedData(text, source);
          if (copy !== null) expect(copy).toBe(JSON.stringify(eventData(event)));
          expect(eventDataJson(event)).toBe(JSON.stringify(eventData(event)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads the envelope as JSON.parse does: the last member of a name, a marker spelled with escapes", () => {
    const slow = (text: string, source: BaseEvent["source"]) =>
      JSON.stringify(eventData({ raw: new TextEncoder().encode(text), source } as BaseEvent));
    const lines: Array<[string, BaseEvent["source"]]> = [
      ['{"type":"t","data":{"a":1},"data":{"b":2}}', "openclaw"],
      ['{"type":"t","data":{"a":1},"data":null}', "openclaw"],
      ['{"type":"t","data":[1]}', "openclaw"],
      ['{"type":"t"}', "openclaw"],
      ['{"workscope":"ho\\u006bk","payload":{"a":1},"hook_event_name":"Stop"}', "claude_code"],
      ['{"workscope":"hook","payload":{"a":1.0}}', "claude_code"],
      ['{"workscope":"other","payload":{"a":1}}', "claude_code"],
      ['{"hook_event_name":"Stop","x":-0}', "claude_code"],
    ];
    for (const [text, source] of lines) {
      const copy = copiedData(text, source);
      if (copy !== null) expect(copy, text).toBe(slow(text, source));
    }
    expect(copiedData(lines[0]![0], "openclaw")).toBe('{"b":2}');
    expect(copiedData(lines[1]![0], "openclaw")).toBe("{}");
    expect(copiedData(lines[4]![0], "claude_code")).toBeNull();
  });
});
