import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasAlternatives,
  meetsFilter,
  meetsNoneBetween,
  type FilteredKeys,
  type KeyFilter,
} from "../../../src/core/incremental/key-filter.ts";

const none = { workSessionId: null, conversationId: null, taskId: null, fromAgent: null, toAgent: null };
const event: FilteredKeys = {
  ...none,
  ts: 100,
  type: "a2a.send",
  workSessionId: "ws",
  conversationId: "c",
  taskId: "t",
};
const pairLine: FilteredKeys = { ...none, ts: 100, type: "a2a.send", fromAgent: "a", toAgent: "b" };
const bucketed: FilteredKeys = { ...none, ts: 100, type: "heartbeat", fromAgent: "a" };

/** One row per condition: the filter, the event, and whether it meets the filter. */
const ROWS: Array<[string, KeyFilter, FilteredKeys, boolean]> = [
  ["no condition", {}, event, true],
  ["before a later time", { before: 101 }, event, true],
  ["before its own time", { before: 100 }, event, false],
  ["before, without a time of its own", { before: 100 }, { ...event, ts: NaN }, true],
  ["from its own time", { from: 100 }, event, true],
  ["from a later time", { from: 101 }, event, false],
  ["from, without a time of its own", { from: 0 }, { ...event, ts: NaN }, false],
  ["of its work session", { workSessionIds: new Set(["ws"]) }, event, true],
  ["of another work session", { workSessionIds: new Set(["other"]) }, event, false],
  ["of its conversation", { conversationIds: new Set(["c"]) }, event, true],
  ["of another conversation", { conversationIds: new Set(["other"]) }, event, false],
  ["of its task", { taskIds: new Set(["t"]) }, event, true],
  ["of another task", { taskIds: new Set(["other"]) }, event, false],
  ["a pair's line, from its time", { pairs: new Map([["a", new Map([["b", 100]])]]) }, pairLine, true],
  ["a pair's line, before its time", { pairs: new Map([["a", new Map([["b", 101]])]]) }, pairLine, false],
  [
    "a pair's line, the other way round",
    { pairs: new Map([["a", new Map([["b", 0]])]]) },
    { ...pairLine, fromAgent: "b", toAgent: "a" },
    true,
  ],
  ["a pair's line, of another pair", { pairs: new Map([["a", new Map([["c", 0]])]]) }, pairLine, false],
  [
    "a pair's line, with a conversation",
    { pairs: new Map([["a", new Map([["b", 0]])]]) },
    { ...pairLine, conversationId: "c" },
    false,
  ],
  [
    "a pair's line, without a time of its own",
    { pairs: new Map([["a", new Map([["b", -Infinity]])]]) },
    { ...pairLine, ts: NaN },
    false,
  ],
  ["of its type's five minutes", { buckets: new Map([["heartbeat", new Set([0])]]) }, bucketed, true],
  [
    "of its type's other five minutes",
    { buckets: new Map([["heartbeat", new Set([300_000])]]) },
    bucketed,
    false,
  ],
  ["of another type's five minutes", { buckets: new Map([["other", new Set([0])]]) }, bucketed, false],
  ["of five minutes, a pair's line", { buckets: new Map([["a2a.send", new Set([0])]]) }, pairLine, false],
  [
    "of five minutes, a line with a conversation",
    { buckets: new Map([["a2a.send", new Set([0])]]) },
    event,
    false,
  ],
  ["any of several, one met", { from: 101, taskIds: new Set(["t"]) }, event, true],
  ["any of several, none met", { from: 101, taskIds: new Set(["other"]) }, event, false],
  ["before and one met, but not before", { before: 50, taskIds: new Set(["t"]) }, event, false],
];

describe("meetsFilter", () => {
  it.each(ROWS)("%s", (_, filter, e, meets) => {
    expect(meetsFilter(filter, e)).toBe(meets);
  });

  it("tells a filter of `before` alone from one with other conditions", () => {
    expect(hasAlternatives({ before: 1 })).toBe(false);
    expect(hasAlternatives({ buckets: new Map() })).toBe(true);
    expect(hasAlternatives({ workSessionIds: new Set() })).toBe(true);
  });
});

/** One row per rule: the filter, the events' span (min, max, any without a time), and whether none can meet it. */
const SPANS: Array<[string, KeyFilter, [number, number, boolean], boolean]> = [
  ["no condition", {}, [0, 10, false], false],
  ["all at or after `before`", { before: 5 }, [5, 10, false], true],
  ["all at or after `before`, one without a time", { before: 5 }, [5, 10, true], false],
  ["some before `before`", { before: 5 }, [4, 10, false], false],
  ["all before `from`", { from: 11 }, [0, 10, false], true],
  ["the last at `from`", { from: 10 }, [0, 10, false], false],
  ["all before `from`, one without a time", { from: 11 }, [0, 10, true], true],
  ["all before a pair's time", { pairs: new Map([["a", new Map([["b", 11]])]]) }, [0, 10, false], true],
  ["the last at a pair's time", { pairs: new Map([["a", new Map([["b", 10]])]]) }, [0, 10, false], false],
  [
    "before `from`, but a work session given",
    { from: 11, workSessionIds: new Set(["ws"]) },
    [0, 10, false],
    false,
  ],
  ["before `from`, an empty set given", { from: 11, taskIds: new Set<string>() }, [0, 10, false], true],
  [
    "before `from`, but buckets given",
    { from: 11, buckets: new Map([["x", new Set([0])]]) },
    [0, 10, false],
    false,
  ],
  ["none at all", { from: 0 }, [Infinity, -Infinity, false], true],
  ["only events without a time", { from: 0 }, [Infinity, -Infinity, true], true],
];

/** Spans of events that name none of the filter's sessions, conversations or tasks (`unnamed`). */
const UNNAMED_SPANS: Array<[string, KeyFilter, [number, number, boolean], boolean]> = [
  [
    "before `from`, a work session given",
    { from: 11, workSessionIds: new Set(["ws"]) },
    [0, 10, false],
    true,
  ],
  ["at `from`, a task given", { from: 10, taskIds: new Set(["t"]) }, [0, 10, false], false],
  [
    "before `from`, a bucket in the span",
    { from: 11, buckets: new Map([["x", new Set([0])]]) },
    [0, 10, false],
    false,
  ],
  [
    "before `from`, a bucket whose five minutes end at the span's start",
    { from: 400_000, buckets: new Map([["x", new Set([0])]]) },
    [300_000, 310_000, false],
    true,
  ],
  [
    "before `from`, a bucket whose five minutes hold the span's start",
    { from: 400_000, buckets: new Map([["x", new Set([0])]]) },
    [299_999, 310_000, false],
    false,
  ],
  ["only sessions given", { conversationIds: new Set(["c"]) }, [0, 10, true], true],
];

describe("meetsNoneBetween", () => {
  it.each(SPANS)("%s", (_, filter, [min, max, untimed], none) => {
    expect(meetsNoneBetween(filter, min, max, untimed)).toBe(none);
  });

  it.each(UNNAMED_SPANS)(
    "of events that name none of its ids: %s",
    (_, filter, [min, max, untimed], none) => {
      expect(meetsNoneBetween(filter, min, max, untimed, true)).toBe(none);
    },
  );

  it("never rules out events one of which meets the filter", () => {
    const time = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(Number.NaN));
    const name = fc.constantFrom("a", "b", "c");
    const orNull = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: null });
    const keys: fc.Arbitrary<FilteredKeys> = fc.record({
      ts: time,
      type: fc.constantFrom("a2a.send", "heartbeat"),
      workSessionId: orNull(name),
      conversationId: orNull(name),
      taskId: orNull(name),
      fromAgent: orNull(name),
      toAgent: orNull(name),
    });
    const set = fc.uniqueArray(name, { maxLength: 2 }).map((names) => new Set(names));
    const filter: fc.Arbitrary<KeyFilter> = fc.record(
      {
        before: fc.integer({ min: 0, max: 20 }),
        from: fc.integer({ min: 0, max: 20 }),
        workSessionIds: set,
        conversationIds: set,
        taskIds: set,
        pairs: fc
          .dictionary(name, fc.dictionary(name, fc.integer({ min: 0, max: 20 })))
          .map((byA) => new Map(Object.entries(byA).map(([a, byB]) => [a, new Map(Object.entries(byB))]))),
        buckets: fc.constantFrom(
          new Map([["heartbeat", new Set([0])]]),
          new Map([["heartbeat", new Set([5])]]),
        ),
      },
      { requiredKeys: [] },
    );
    let ruledOut = 0;
    let ruledOutUnnamed = 0;
    fc.assert(
      fc.property(filter, fc.array(keys, { maxLength: 6 }), (f, events) => {
        const timed = events.map((e) => e.ts).filter((t) => !Number.isNaN(t));
        const span = [
          Math.min(...timed),
          Math.max(...timed),
          events.some((e) => Number.isNaN(e.ts)),
        ] as const;
        // Whether the events name one of the filter's ids, in any of the three fields.
        const ids = new Set([
          ...(f.workSessionIds ?? []),
          ...(f.conversationIds ?? []),
          ...(f.taskIds ?? []),
        ]);
        const unnamed = !events.some((e) =>
          [e.workSessionId, e.conversationId, e.taskId].some((id) => id !== null && ids.has(id)),
        );
        const none = meetsNoneBetween(f, ...span);
        const noneUnnamed = unnamed && meetsNoneBetween(f, ...span, true);
        if (none || noneUnnamed) expect(events.filter((e) => meetsFilter(f, e))).toEqual([]);
        if (none) ruledOut++;
        if (noneUnnamed && !none) ruledOutUnnamed++;
      }),
      { numRuns: 2000 },
    );
    // The property holds of a function that rules out nothing, too: it must have ruled some out,
    // and some only by the ids the events do not name.
    expect(ruledOut).toBeGreaterThan(100);
    expect(ruledOutUnnamed).toBeGreaterThan(50);
  });
});
