import { describe, expect, it } from "vitest";
import {
  API_DATA_DEPTH,
  API_EVENTS_LIMIT,
  apiEvent,
  countCategories,
  EventsBody,
  eventsBody,
  nestingDepth,
} from "../../../src/core/api/events.ts";
import { CollabCategory } from "../../../src/core/category.ts";
import { eventCategory } from "../../../src/core/classify/event-category.ts";
import { EventLine, TOO_DEEP, toEventLine } from "../../../src/core/event-line.ts";
import { canonicalEvent } from "../../helpers/events.ts";
import { bytes } from "../../helpers/line-ref.ts";

const GENERATED = "2026-03-09T00:00:00.000Z";

/** 600 events a second apart: the oldest 100 state a category, the rest say nothing. */
const events = Array.from({ length: 600 }, (_, i) =>
  canonicalEvent({
    id: `ev-${i}`,
    ts: 1_000_000 + i * 1_000,
    line: i + 1,
    statedCategory: i < 100 ? "legal_compliance" : null,
  }),
);

describe("eventsBody", () => {
  const body = eventsBody(events, GENERATED);

  it("passes its schema, with the limit and the Report's time", () => {
    expect(EventsBody.safeParse(body).success).toBe(true);
    expect([body.limit, body.generatedAt]).toEqual([500, GENERATED]);
  });

  it("lists the newest 500 events, newest first, and counts all of them", () => {
    expect([body.count, body.events.length, body.total]).toEqual([API_EVENTS_LIMIT, API_EVENTS_LIMIT, 600]);
    expect(body.events[0]?.id).toBe("ev-599");
    expect(body.events.at(-1)?.id).toBe("ev-100");
    const times = body.events.map((e) => e.ts);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("counts categories over every event, listed or not, with all ten keys", () => {
    expect(Object.keys(body.categoryCounts).sort()).toEqual([...CollabCategory.options].sort());
    expect(body.categoryCounts.legal_compliance).toBe(100);
    expect(body.events.every((e) => e.collabCategory === null)).toBe(true);
    expect(body.uncategorized).toBe(500);
  });

  it("lists every event while there are fewer than the limit", () => {
    const few = eventsBody(events.slice(0, 3), GENERATED);
    expect(few.events.map((e) => e.id)).toEqual(["ev-2", "ev-1", "ev-0"]);
    expect([few.count, few.total]).toEqual([3, 3]);
    expect(eventsBody([], GENERATED)).toMatchObject({ events: [], count: 0, total: 0, uncategorized: 0 });
  });
});

describe("countCategories", () => {
  /** Events of every kind the count tells apart, texts repeated: the count caches by text. */
  const texts = ["deploy the gateway and roll back", "review the contract clause", "점심 메뉴", "hello"];
  const mixed = Array.from({ length: 40 }, (_, i) =>
    canonicalEvent({
      id: `mix-${i}`,
      ts: i,
      facts: i % 5 === 4 ? {} : { message: texts[i % texts.length] },
      statedCategory: i % 7 === 0 ? "legal_compliance" : null,
    }),
  );

  it("counts what eventCategory decides for each event, a stated category before the text", () => {
    const expected = Object.fromEntries(CollabCategory.options.map((c) => [c, 0]));
    let none = 0;
    for (const event of mixed) {
      const category = eventCategory(event)?.collabCategory;
      if (category === undefined) none++;
      else expected[category] = (expected[category] ?? 0) + 1;
    }
    const { categoryCounts, uncategorized } = countCategories(mixed);
    expect(categoryCounts).toEqual(expected);
    expect(uncategorized).toBe(none);
    expect(none).toBeGreaterThan(0);
    expect(categoryCounts.legal_compliance).toBeGreaterThan(0);
    expect(new Set(Object.values(categoryCounts).filter((n) => n > 0)).size).toBeGreaterThan(1);
  });
});

describe("apiEvent", () => {
  it("is the event's `--events` line as an object, and passes the line's schema", () => {
    const event = events[0] ?? canonicalEvent();
    expect(apiEvent(event)).toEqual(JSON.parse(toEventLine(event)));
    expect(EventLine.safeParse(apiEvent(event)).success).toBe(true);
    expect(apiEvent(event).collabCategory).toBe("legal_compliance");
  });

  it("keeps a payload nested deeper than the limit as the text of its line", () => {
    const deep = `${'{"x":'.repeat(API_DATA_DEPTH + 5)}1${"}".repeat(API_DATA_DEPTH + 5)}`;
    const text = `{"type":"a2a.send","agentId":null,"ts":0,"data":${deep}}`;
    const event = canonicalEvent({ raw: bytes(text) });
    expect(apiEvent(event).data).toEqual({ reason: TOO_DEEP, text });
    const shallow = `{"type":"a2a.send","agentId":null,"ts":0,"data":{"x":{"y":1}}}`;
    expect(apiEvent(canonicalEvent({ raw: bytes(shallow) })).data).toEqual({ x: { y: 1 } });
  });
});

describe("nestingDepth", () => {
  it.each([
    [1, 0],
    [null, 0],
    [{}, 1],
    [[1, 2], 1],
    [{ a: { b: [1] } }, 3],
    [{ a: 1, b: { c: { d: {} } } }, 4],
  ])("%j nests %i deep", (value, depth) => {
    expect(nestingDepth(value)).toBe(depth);
  });
});
