import path from "node:path";
import { describe, expect, it } from "vitest";
import { BaseEvent } from "../../src/core/event.ts";
import { EventFacts } from "../../src/core/event-facts.ts";
import { hasAlternatives, meetsFilter } from "../../src/core/incremental/key-filter.ts";
import { discoverInputs } from "../../src/ingest/discover.ts";
import {
  columnsFromBytes,
  columnsToBytes,
  countFrom,
  decodeEvents,
  EVENT_FIELD_COLUMNS,
  EventColumnsBuilder,
  FACT_FIELDS,
  selectEvents,
  type EventColumns,
} from "../../src/ingest/event-columns.ts";
import {
  expectSameEvents,
  FILTERS,
  middle,
  pairsOf,
  readWithColumns,
  SAMPLE_LOG,
  throughBytes,
} from "../helpers/event-columns.ts";
import { tmpTree } from "../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("event columns", () => {
  it("have a column for every field of BaseEvent and of EventFacts", () => {
    expect(Object.keys(EVENT_FIELD_COLUMNS).sort()).toEqual(Object.keys(BaseEvent.shape).sort());
    expect(FACT_FIELDS.map((f) => f.name)).toEqual(Object.keys(EventFacts.shape));
    // Today's facts are all scalars; a fact of another kind would go to the dictionary as JSON.
    expect(FACT_FIELDS.filter((f) => f.kind === "json")).toEqual([]);
    expect(FACT_FIELDS.find((f) => f.name === "turn")?.kind).toBe("number");
    expect(FACT_FIELDS.find((f) => f.name === "concurrencyBlocked")?.kind).toBe("flag");
    expect(FACT_FIELDS.find((f) => f.name === "targetSessionKey")?.kind).toBe("text");
  });

  it.each([["content/sample"], ["test/fixtures/site-hostile"]])(
    "give back every event of %s as it was read, directly and through bytes",
    async (input) => {
      const { files } = await discoverInputs([input], ROOT);
      const eventFiles = files.filter((f) => f.kind === "events");
      expect(eventFiles.length).toBeGreaterThan(0);
      for (const file of eventFiles) {
        const { events, untimed, columns } = await readWithColumns(file.absPath, file.path, true);
        const decoded = decodeEvents(columns, file.path, 0);
        expectSameEvents(decoded.events, events);
        expect(decoded.untimed).toEqual(untimed);
        expectSameEvents(decodeEvents(throughBytes(columns, true), file.path, 0).events, events);
      }
    },
  );

  it("count the events from a time as the events themselves do, untimed ones never", async () => {
    const { files } = await discoverInputs(["content/sample", "test/fixtures/site-hostile"], ROOT);
    let untimedSeen = false;
    for (const file of files.filter((f) => f.kind === "events")) {
      const { events, columns } = await readWithColumns(file.absPath, file.path, true);
      untimedSeen ||= events.some((e) => Number.isNaN(e.ts));
      const times = events.map((e) => e.ts).filter(Number.isFinite);
      const cuts = [
        -Infinity,
        Math.min(...times),
        middle(events),
        Math.max(...times),
        Math.max(...times) + 1,
      ];
      for (const cut of cuts) expect(countFrom(columns, cut)).toBe(events.filter((e) => e.ts >= cut).length);
    }
    // The sample holds events without a time (hook payloads), which no cut counts.
    expect(untimedSeen).toBe(true);
  });

  it("keep lone surrogates, __proto__ keys, huge numbers, -0 and nulls", async () => {
    const lines = [
      '{"type":"a2a.send","agentId":"\\ud800x","ts":1,"id":"\\udfff","data":{"message":"\\ud83d","turn":-0,"depth":1e308,"hop":-5e-324,"targetSessionKey":7,"__proto__":{"x":1},"concurrencyBlocked":false}}',
      '{"type":"a2a.send","ts":2,"data":{"fromAgent":"__proto__","message":"é ☃ 𝄞","attempt":9007199254740993}}',
      '{"type":"a2a.send","ts":3,"data":{}}',
      '{"hook_event_name":"PreToolUse","session_id":"s"}',
      '{"id":"v","version":"1.1","ts":"2026-01-01T00:00:00Z","type":"x","source":"sdk","workspace_id":"w","terminal_session_id":"t"}',
    ];
    const dir = tmpTree({ "e.ndjson": `\uFEFF${lines.join("\r\n")}\n` });
    const { events, untimed, columns } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", true);
    expect(events).toHaveLength(5);
    expect(events[0]?.agentId).toBe("\ud800x");
    expect(Object.is(events[0]?.facts.turn, -0)).toBe(true);
    expect(events[4]?.invalid).toBeDefined();
    const decoded = decodeEvents(throughBytes(columns, true), "e.ndjson", 0);
    expectSameEvents(decoded.events, events);
    expect(Object.is(decoded.events[0]?.facts.turn, -0)).toBe(true);
    expect(decoded.events[0]?.facts.targetSessionKey).toBeNull();
    expect(decoded.untimed).toEqual(untimed);
    expect(untimed).toEqual([3]);
  });

  it("point into the file's own bytes when the line bytes are left out, and add the line base", async () => {
    const content =
      '{"type":"a","agentId":"x","ts":1}\n\n\uFEFF{"type":"b","agentId":"x","ts":2}\r\n{"type":"c","agentId":"x","ts":3}';
    const dir = tmpTree({ "e.ndjson": content });
    const { events, columns } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", false);
    expect(columns.rawBytes.length).toBe(0);
    // Where each line starts is where it starts in the file: not written, and given back as such.
    const written = (withRaw: boolean) => Buffer.concat(columnsToBytes(columns, withRaw)).length;
    expect(written(true) - written(false)).toBe(8 * columns.count);
    expect([...throughBytes(columns, false).rawStart]).toEqual([...columns.fileOffset]);
    const decoded = decodeEvents(throughBytes(columns, false), "e.ndjson", 10, Buffer.from(content));
    expectSameEvents(
      decoded.events,
      events.map((e) => ({ ...e, line: e.line + 10 })),
    );
    expect(decoded.events.map((e) => e.line)).toEqual([11, 13, 14]);
  });

  it.each(FILTERS)("select the events a filter lets through: %s", async (_, make) => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, true);
    const filter = make(events);
    const pick = (keys: { line: number }) => keys.line % 3 !== 0;
    const expected = events.filter((e) => meetsFilter(filter, e) && pick(e));
    expect(expected.length).toBeGreaterThan(0);
    if (hasAlternatives(filter) || filter.before !== undefined)
      expect(expected.length).toBeLessThan(events.filter(pick).length);
    for (const read of [columns, throughBytes(columns, true)]) {
      expectSameEvents(selectEvents(read, SAMPLE_LOG, 0, read.rawBytes, pick, filter), expected);
      // Asked again of the same columns, which keep what the first selection worked out.
      expectSameEvents(selectEvents(read, SAMPLE_LOG, 0, read.rawBytes, pick, filter), expected);
    }
  });

  it("pass over columns whose times a filter rules out, without reading their rows", async () => {
    const { events, columns } = await readWithColumns(path.join(ROOT, SAMPLE_LOG), SAMPLE_LOG, true);
    const last = Math.max(...events.map((e) => e.ts));
    // A dictionary that does not parse: any read of the rows would throw.
    const unreadable = { ...columns, dictionary: Buffer.from("{") };
    const all = () => true;
    expect(selectEvents(unreadable, SAMPLE_LOG, 0, columns.rawBytes, all, { from: last + 1 })).toEqual([]);
    const pairs = pairsOf(events, last + 1);
    expect(pairs.size).toBeGreaterThan(0);
    expect(selectEvents(unreadable, SAMPLE_LOG, 0, columns.rawBytes, all, { from: last + 1, pairs })).toEqual(
      [],
    );
    // A time the last event is at, or a set of sessions, may be met: the rows are read.
    expect(() => selectEvents(unreadable, SAMPLE_LOG, 0, columns.rawBytes, all, { from: last })).toThrow();
    expect(() =>
      selectEvents(unreadable, SAMPLE_LOG, 0, columns.rawBytes, all, {
        from: last + 1,
        workSessionIds: new Set(["ws"]),
      }),
    ).toThrow();
    expect(
      selectEvents(columns, SAMPLE_LOG, 0, columns.rawBytes, all, { from: last }).length,
    ).toBeGreaterThan(0);
  });

  it("write a column of zeros empty and read it back as zeros", async () => {
    const dir = tmpTree({
      "e.ndjson": '{"type":"a","agentId":"x","ts":1}\n{"type":"b","agentId":"x","ts":2}\n',
    });
    const { columns } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", false);
    const zeros = throughBytes(columns, false);
    expect([...zeros.twin, ...zeros.needsTime, ...zeros.tsEstimated]).toEqual([0, 0, 0, 0, 0, 0]);
    const marked = {
      ...columns,
      twin: Int32Array.of(0, 2),
      needsTime: Uint8Array.of(1, 0),
      tsEstimated: Uint8Array.of(0, 2),
    };
    const written = (c: EventColumns) => Buffer.concat(columnsToBytes(c, false)).length;
    // Each of the three takes its bytes, padded to 8, once it holds anything but zeros.
    expect(written(marked) - written(columns)).toBe(3 * 8);
    const back = throughBytes(marked, false);
    expect([...back.twin, ...back.needsTime, ...back.tsEstimated]).toEqual([0, 2, 1, 0, 0, 2]);
  });

  it("refuse damaged columns instead of reading past them", async () => {
    const dir = tmpTree({
      "e.ndjson": '{"type":"a","ts":1,"data":{"message":"m"}}\n{"type":"b","agentId":"x","ts":2}\n',
    });
    const { columns } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", true);
    const bytes = Buffer.concat(columnsToBytes(columns, true));
    const aligned = (b: Uint8Array) => {
      const copy = new Uint8Array(b.length);
      copy.set(b);
      return copy;
    };
    expect(() => columnsFromBytes(aligned(bytes.subarray(0, bytes.length - 9)), 0)).toThrow();
    const huge = aligned(bytes);
    new DataView(huge.buffer).setFloat64(8, 2 ** 40, true);
    expect(() => columnsFromBytes(huge, 0)).toThrow();
    expect(() => decodeEvents({ ...columns, count: 3 }, "e.ndjson", 0)).toThrow();
    expect(() => decodeEvents({ ...columns, rawLength: Int32Array.of(1, 1e6) }, "e.ndjson", 0)).toThrow();
    expect(() => decodeEvents({ ...columns, text: columns.text.map(() => 99) }, "e.ndjson", 0)).toThrow();
    expect(() => decodeEvents({ ...columns, dictionary: Buffer.from("{") }, "e.ndjson", 0)).toThrow();
  });

  it("refuse a string index its field may not hold, and facts the masks do not account for", async () => {
    const dir = tmpTree({
      "e.ndjson": '{"type":"a","ts":1,"data":{"message":"m"}}\n{"type":"b","agentId":"x","ts":2}\n',
    });
    const { columns } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", true);
    expect(decodeEvents(columns, "e.ndjson", 0).events.map((e) => e.type)).toEqual(["a", "b"]);
    /** The columns with one entry of the text column (row of event 0) set to `index`. */
    const withText = (field: number, index: number) => {
      const text = columns.text.slice();
      text[field] = index;
      return { ...columns, text };
    };
    // The type is never null, the id never absent, `invalid` absent or text but never null.
    expect(() => decodeEvents(withText(1, -1), "e.ndjson", 0)).toThrow(/out of range/);
    expect(() => decodeEvents(withText(0, -2), "e.ndjson", 0)).toThrow(/out of range/);
    expect(() => decodeEvents(withText(8, -1), "e.ndjson", 0)).toThrow(/out of range/);
    expect(() => decodeEvents(withText(2, -3), "e.ndjson", 0)).toThrow(/out of range/);
    expect(decodeEvents(withText(8, 0), "e.ndjson", 0).events[0]!.invalid).toBe("a");
    expect(() => decodeEvents({ ...columns, factText: Int32Array.of(77) }, "e.ndjson", 0)).toThrow(
      /out of range/,
    );
    expect(() => decodeEvents({ ...columns, factText: new Int32Array(0) }, "e.ndjson", 0)).toThrow(
      /out of range/,
    );
    expect(() => decodeEvents({ ...columns, factText: Int32Array.of(0, 0) }, "e.ndjson", 0)).toThrow(
      /do not match/,
    );
  });

  it("write facts in the schema's order whatever order their object holds them in", async () => {
    const dir = tmpTree({
      "e.ndjson":
        '{"type":"a2a.send","agentId":"x","ts":1,"data":{"message":"m","turn":2,"targetSessionKey":"k"}}\n',
    });
    const { events } = await readWithColumns(path.join(dir, "e.ndjson"), "e.ndjson", true);
    const event = events[0]!;
    // The same facts built backwards: the builder must not take the object's key order for the schema's.
    const backwards = { targetSessionKey: "k", turn: 2, message: "m" };
    const builder = new EventColumnsBuilder("e.ndjson", 0, true);
    builder.push({ ...event, facts: backwards }, false, 0);
    builder.push(event, false, 0);
    const decoded = decodeEvents(throughBytes(builder.done(), true), "e.ndjson", 0).events;
    for (const read of decoded) {
      expect(read.facts).toEqual(event.facts);
      expect(Object.keys(read.facts)).toEqual(["message", "turn", "targetSessionKey"]);
    }
  });

  it("refuse a fact the columns do not know, in any order", () => {
    const event = {
      file: "a.ndjson",
      raw: new Uint8Array(0),
      source: "openclaw",
      line: 1,
      ts: 1,
    } as BaseEvent;
    for (const facts of [
      { message: "m", nonsense: 1 },
      { turn: 1, message: "m", nonsense: 1 },
    ])
      expect(() =>
        new EventColumnsBuilder("a.ndjson", 0, true).push({ ...event, facts } as BaseEvent, false, 0),
      ).toThrow(/nonsense/);
  });

  it("hand the line bytes over as a view of their buffer when most of it is used, else as a copy", () => {
    const eventOf = (bytes: number) =>
      ({
        file: "a.ndjson",
        raw: new Uint8Array(bytes).fill(0x61),
        source: "openclaw",
        line: 1,
        ts: 1,
      }) as BaseEvent;
    const columnsOf = (used: number) => {
      const builder = new EventColumnsBuilder("a.ndjson", 0, true, 1000);
      builder.push(eventOf(used), false, 0);
      return builder.done();
    };
    // Most of the 1000 bytes used: a view, no copy; a few: a copy of its own, so the rest is let go.
    expect(columnsOf(900).rawBytes.buffer.byteLength).toBe(1000);
    expect(columnsOf(100).rawBytes.buffer.byteLength).toBe(100);
    expect([...columnsOf(900).rawBytes.subarray(0, 3)]).toEqual([0x61, 0x61, 0x61]);
    expect(columnsOf(900).rawBytes).toHaveLength(900);
  });

  it("refuse an event of another file", () => {
    const builder = new EventColumnsBuilder("a.ndjson", 0, true);
    const event = { file: "b.ndjson" } as BaseEvent;
    expect(() => builder.push(event, false, 0)).toThrow(/b\.ndjson/);
  });
});
