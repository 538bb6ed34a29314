import { describe, expect, it } from "vitest";
import { TIME_RANGE_MS } from "../../src/core/time.ts";
import {
  BaseEvent,
  compareEvents,
  compareFingerprinted,
  compareOrigins,
  eventId,
  madeIdOf,
} from "../../src/core/event.ts";
import { bytes } from "../helpers/line-ref.ts";
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

describe("eventId of an event dedupe gave an id", () => {
  it("is the id written down, and the producer's id still wins over it", () => {
    expect(eventId({ ...ev(), madeId: "fp-written" })).toBe("fp-written");
    expect(eventId({ ...ev({ id: "evt_1", source: "v1.1" }), madeId: "fp-written" })).toBe("evt_1");
    expect(madeIdOf(ev({ twin: 3 }))).toBe(eventId(ev({ twin: 3 })));
  });
});

describe("compareFingerprinted", () => {
  /** Events of one time whose ids differ in each part: line lengths of 1–3 digits, types, twins. */
  const sameTime = [9, 10, 99, 100, 101, 250].flatMap((length) =>
    ["a2a.send", "a2a.reply"].flatMap((type) =>
      [undefined, 1, 2, 10].map((twin) =>
        ev({ type, raw: bytes("x".repeat(length)), ...(twin === undefined ? {} : { twin }) }),
      ),
    ),
  );

  it("orders every pair as compareEvents does, without making the ids", () => {
    const events = [...sameTime, ev({ ts: 999 }), ev({ ts: 1001, agentId: null })];
    const sign = (n: number) => Math.sign(n);
    for (const a of events)
      for (const b of events)
        expect(sign(compareFingerprinted(a, b)), `${eventId(a)} ${eventId(b)}`).toBe(
          sign(compareEvents(a, b)),
        );
  });

  it("orders line lengths and twin numbers as the ids' text does, not as numbers", () => {
    const sorted = [...sameTime].sort(compareFingerprinted).map((e) => [e.raw.length, e.twin]);
    expect(sorted.map(([length]) => length).filter((n, i, all) => n !== all[i - 1])).toEqual([
      10, 100, 101, 250, 9, 99,
    ]);
    expect(sorted.slice(0, 4).map(([, twin]) => twin)).toEqual([undefined, 1, 10, 2]);
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
