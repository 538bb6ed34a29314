import { describe, expect, it } from "vitest";
import { TIME_RANGE_MS } from "../../src/core/time.ts";
import { BaseEvent, compareEvents, compareOrigins, eventId } from "../../src/core/event.ts";
import { fingerprintId } from "../../src/core/fingerprint.ts";
import { baseEvent } from "../helpers/events.ts";

/** An event as a format leaves it (eden's send at 1000); only what these functions read is varied. */
const ev = (fields: Partial<BaseEvent> = {}): BaseEvent =>
  baseEvent({ ts: 1000, agentId: "eden", ...fields });

describe("eventId", () => {
  it("is the producer's id when it wrote one", () => {
    expect(eventId(ev({ id: "evt_1", source: "v1.1" }))).toBe("evt_1");
  });

  it("is a fingerprint of time, type, agent and line length otherwise, numbered for twins", () => {
    const fingerprint = fingerprintId(1000, "a2a.send", "eden", ev().raw.length);
    expect(eventId(ev())).toBe(fingerprint);
    expect(eventId(ev({ twin: 2 }))).toBe(`${fingerprint}~2`);
    expect(eventId(ev({ file: "b.ndjson", line: 9 }))).toBe(fingerprint);
  });
});

describe("compareEvents", () => {
  it("orders by time, then by id", () => {
    const events = [ev({ id: "b", ts: 2 }), ev({ id: "z", ts: 1 }), ev({ id: "a", ts: 2 })];
    expect([...events].sort(compareEvents).map((e) => e.id)).toEqual(["z", "a", "b"]);
    expect(compareEvents(ev({ id: "a" }), ev({ id: "a" }))).toBe(0);
  });
});

describe("compareOrigins", () => {
  it("puts the copy read first, by file then line, first", () => {
    const copies = [
      ev({ file: "b.ndjson", line: 1 }),
      ev({ file: "a.ndjson", line: 10 }),
      ev({ file: "a.ndjson", line: 2 }),
    ];
    expect([...copies].sort(compareOrigins).map((e) => `${e.file}:${e.line}`)).toEqual([
      "a.ndjson:2",
      "a.ndjson:10",
      "b.ndjson:1",
    ]);
  });
});

describe("BaseEvent", () => {
  it("holds only times of the years 0000–9999", () => {
    for (const ts of [TIME_RANGE_MS.min, TIME_RANGE_MS.max])
      expect(BaseEvent.safeParse(ev({ ts })).success, String(ts)).toBe(true);
    for (const ts of [TIME_RANGE_MS.max + 1, TIME_RANGE_MS.min - 1, 8.64e15, -1e20, Number.NaN])
      expect(BaseEvent.safeParse(ev({ ts })).success, String(ts)).toBe(false);
  });
});
