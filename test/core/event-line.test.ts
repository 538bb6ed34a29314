import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../src/core/event.ts";
import { classifyEvent } from "../../src/core/classify/classify-event.ts";
import { EventLine, eventLineWriter, isoTimes, TOO_DEEP, toEventLine } from "../../src/core/event-line.ts";
import { TIME_RANGE_MS, toIso } from "../../src/core/time.ts";
import { normalizeLine } from "../../src/core/formats/normalize-line.ts";
import { classifiedEvent } from "../helpers/events.ts";
import { lineRef } from "../helpers/line-ref.ts";

/** A line read and classified as analyze does it, with eden and seum as main agents. */
function read(value: Record<string, unknown>, line = 3): CanonicalEvent {
  return classifiedEvent(value, ["main", "eden", "seum"], "logs/coordination-events.ndjson", line);
}

const SEND = {
  type: "a2a.send",
  agentId: "eden",
  ts: Date.UTC(2026, 1, 20, 9),
  data: {
    fromAgent: "eden",
    toAgent: "seum",
    conversationId: "c1",
    workSessionId: "ws_1",
    message: "프로덕션 배포 후 게이트웨이 장애 대응",
  },
};

describe("toEventLine", () => {
  it("writes the event's fields in one fixed order, its time also as ISO text, and its data", () => {
    const line = JSON.parse(toEventLine(read(SEND))) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual([
      "id",
      "ts",
      "time",
      "type",
      "source",
      "agentId",
      "fromAgent",
      "toAgent",
      "workSessionId",
      "conversationId",
      "taskId",
      "eventRole",
      "fromSessionType",
      "toSessionType",
      "collabCategory",
      "collabSubTags",
      "categoryConfidence",
      "categorySource",
      "file",
      "line",
      "data",
    ]);
    expect(line).toMatchObject({
      ts: SEND.ts,
      time: "2026-02-20T09:00:00.000Z",
      type: "a2a.send",
      source: "openclaw",
      fromAgent: "eden",
      toAgent: "seum",
      workSessionId: "ws_1",
      conversationId: "c1",
      taskId: null,
      eventRole: "conversation.main",
      file: "logs/coordination-events.ndjson",
      line: 3,
      data: SEND.data,
    });
    expect(line["id"]).toMatch(/^fp-/);
    expect(EventLine.safeParse(line).success).toBe(true);
  });

  it("classifies the event's words, and leaves the category empty for an event without text", () => {
    const withText = JSON.parse(toEventLine(read(SEND))) as Record<string, unknown>;
    expect(withText["collabCategory"]).toBe("infra_ops");
    expect(withText["categorySource"]).toBe("rule");
    const silent = JSON.parse(
      toEventLine(read({ type: "gateway.restarted", agentId: "main", ts: 1, data: {} })),
    ) as Record<string, unknown>;
    expect(silent).toMatchObject({
      collabCategory: null,
      collabSubTags: [],
      categoryConfidence: null,
      categorySource: null,
    });
  });

  it("marks a time taken from neighbouring lines, right after the time", () => {
    const event = { ...read(SEND), tsEstimated: true };
    expect(Object.keys(JSON.parse(toEventLine(event)) as object).slice(0, 5)).toEqual([
      "id",
      "ts",
      "time",
      "tsEstimated",
      "type",
    ]);
  });

  it("keeps a payload nested 20,000 levels deep as its text, where writing it again would overflow the stack", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const text = `{"type":"a2a.send","agentId":"eden","ts":1771578000000,"data":{"message":"hi","x":${deep}}}`;
    const { event } = normalizeLine(lineRef("logs/deep.ndjson", 7, text));
    if (event === null) throw new Error("the line should be an event");
    const line = JSON.parse(toEventLine(classifyEvent(event, { mainAgents: new Set(["main"]) }))) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ type: "a2a.send", agentId: "eden", file: "logs/deep.ndjson", line: 7 });
    expect(line["data"]).toEqual({ reason: TOO_DEEP, text });
    expect(EventLine.safeParse(line).success).toBe(true);
  });
});

/** The events of an NDJSON file, read with each line's text as written and classified as analyze does. */
function fileEvents(file: string): CanonicalEvent[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((text, i) => {
      const event = normalizeLine(lineRef(file, i + 1, text.replace(/\r$/, ""))).event;
      return event === null ? [] : [classifyEvent(event, { mainAgents: new Set(["main", "eden", "nuri"]) })];
    });
}

describe("eventLineWriter", () => {
  it("writes exactly toEventLine's line for every event of the sample and the hostile fixture", () => {
    const events = [
      "content/sample/logs/coordination-events.ndjson",
      "content/sample/logs/coordination-events-2026-02.ndjson",
      "content/sample/claude/hooks.ndjson",
      "content/sample/streams/office-v11.ndjson",
      "test/fixtures/site-hostile/logs/coordination-events.ndjson",
    ].flatMap(fileEvents);
    expect(events.length).toBeGreaterThan(500);
    // A small memory, so that it is emptied and filled again on the way.
    const write = eventLineWriter(7);
    for (const event of events) expect(write(event), `${event.file}:${event.line}`).toBe(toEventLine(event));
  });

  it("writes toEventLine's line for events that share a text but not a stated category, time or file", () => {
    const write = eventLineWriter();
    const send = read(SEND);
    const variants: CanonicalEvent[] = [
      send,
      { ...send, statedCategory: "infra_ops" },
      { ...send, statedCategory: "research_analysis" },
      { ...send, tsEstimated: true, ts: send.ts + 999 },
      { ...send, ts: send.ts - 1, file: 'logs/"odd"\u2028.ndjson' },
      { ...send, facts: {}, statedCategory: "research_analysis" },
      { ...send, facts: {} },
      send,
    ];
    for (const event of variants) expect(write(event)).toBe(toEventLine(event));
  });

  it("tells apart texts that look alike to its memory: one length, the same characters where it looks", () => {
    const write = eventLineWriter();
    const send = read(SEND);
    // The memory samples characters 0, 8, 16, 25, 33, 42, 50 and 59 of a 60-character text.
    const words = [" deploy", " budget", " review", " launch", " design", " tests ", " legal "];
    const events = words.map((word) => ({ ...send, facts: { message: `x${word} ${"x".repeat(51)}` } }));
    const categories = new Set(
      events.map((event) => (JSON.parse(toEventLine(event)) as EventLine).collabCategory),
    );
    expect(categories.size).toBeGreaterThan(2);
    for (const event of [...events, ...events]) expect(write(event)).toBe(toEventLine(event));
  });

  it("keeps a payload too deep to write as its text, as toEventLine does", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const text = `{"type":"a2a.send","agentId":"eden","ts":1771578000000,"data":{"message":"hi","x":${deep}}}`;
    const { event } = normalizeLine(lineRef("logs/deep.ndjson", 7, text));
    if (event === null) throw new Error("the line should be an event");
    const classified = classifyEvent(event, { mainAgents: new Set(["main"]) });
    expect(eventLineWriter()(classified)).toBe(toEventLine(classified));
  });
});

describe("isoTimes", () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it("writes what toISOString writes, for any time of the years 0000-9999, one after another", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: TIME_RANGE_MS.min, max: TIME_RANGE_MS.max }),
            fc.integer({ min: -5000, max: 5000 }),
            fc.double({ min: TIME_RANGE_MS.min, max: TIME_RANGE_MS.max, noNaN: true }),
          ),
          { maxLength: 20 },
        ),
        (times) => {
          const time = isoTimes();
          for (const ms of times) expect(time(ms)).toBe(iso(ms));
        },
      ),
    );
  });

  it("writes the edges: the range's ends, leap days, the epoch and the milliseconds around a second", () => {
    const time = isoTimes();
    const edges = [
      TIME_RANGE_MS.min,
      TIME_RANGE_MS.max,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29),
      Date.UTC(1900, 1, 28, 23, 59, 59, 1),
      Date.UTC(1900, 2, 1),
      -1,
      -0.5,
      0,
      0.5,
      999,
      1000,
      1001,
      -1000,
      -999,
      -1001,
      1768811070000,
      1768811070009,
      1768811070099,
    ];
    for (const ms of edges) expect(time(ms), String(ms)).toBe(iso(ms));
  });

  it("throws toIso's error for a time outside the years 0000-9999", () => {
    expect(() => isoTimes()(TIME_RANGE_MS.max + 1)).toThrow(/outside the years/);
    expect(() => isoTimes()(Number.NaN)).toThrow(/outside the years/);
    expect(() => toIso(TIME_RANGE_MS.min - 1)).toThrow(/outside the years/);
  });
});
