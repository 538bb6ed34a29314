import { describe, expect, it } from "vitest";
import { distinctEvents } from "../../../src/core/analyze.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import { LOADED_LATER, LoadedEvent, PRIMED_EVENT } from "../../../src/core/formats/loaded-event.ts";

const raw = new TextEncoder().encode('{"type":"a2a.send"}');

/** The event a literal gives, with the fields in BaseEvent's order, as the formats wrote them before. */
function literal(invalid?: string): BaseEvent {
  return {
    id: null,
    ts: 1_768_811_070_000,
    type: "a2a.send",
    source: "openclaw",
    agentId: "nuri",
    fromAgent: "nuri",
    toAgent: "eden",
    workSessionId: null,
    conversationId: "c-1",
    taskId: null,
    raw,
    ...(invalid === undefined ? {} : { invalid }),
    file: "logs/a.ndjson",
    line: 3,
    facts: { message: "hi" },
  };
}

function made(invalid?: string): BaseEvent {
  return new LoadedEvent(
    null,
    1_768_811_070_000,
    "a2a.send",
    "openclaw",
    "nuri",
    "nuri",
    "eden",
    null,
    "c-1",
    null,
    raw,
    invalid,
    "logs/a.ndjson",
    3,
    { message: "hi" },
  );
}

describe("LoadedEvent", () => {
  it("makes the object a literal would: the same keys in the same order, the same values", () => {
    for (const invalid of [undefined, "invalid v1.1 event: why"]) {
      const [a, b] = [made(invalid), literal(invalid)];
      expect(Object.keys(a)).toEqual(Object.keys(b));
      expect(a).toStrictEqual(b);
      expect(JSON.stringify({ ...a, raw: null })).toBe(JSON.stringify({ ...b, raw: null }));
      expect(a.raw).toBe(raw);
    }
    expect("invalid" in made()).toBe(false);
  });

  it("gives plain objects: the object prototype, copied and spread like any other", () => {
    const event = made();
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(event.constructor).toBe(Object);
    expect({ ...event, twin: 2 }).toStrictEqual({ ...literal(), twin: 2 });
    expect(structuredClone({ ...event, raw: null })).toStrictEqual({ ...literal(), raw: null });
  });

  it("makes room for the fields dedupe and classification write, in the order they write them", () => {
    expect(LOADED_LATER).toEqual([
      "madeId",
      "eventRole",
      "fromSessionType",
      "toSessionType",
      "statedCategory",
    ]);
    // The event that showed the constructor those fields is kept, with them after its own.
    expect(Object.keys(PRIMED_EVENT)).toEqual([...Object.keys(literal()), ...LOADED_LATER]);
    // What dedupe and classification write onto an event without an id comes after its fields,
    // in that order.
    const [event] = distinctEvents({ events: [made()], mainAgents: [] }).events;
    expect(Object.keys(event as object)).toEqual([...Object.keys(literal()), ...LOADED_LATER]);
  });

  it("takes the fields the analysis writes later after its own, in the order they are written", () => {
    const event = made() as BaseEvent & Record<string, unknown>;
    for (const name of LOADED_LATER) event[name] = name === "statedCategory" ? null : "x";
    expect(Object.keys(event)).toEqual([...Object.keys(literal()), ...LOADED_LATER]);
  });
});
