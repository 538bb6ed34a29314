import { describe, expect, it } from "vitest";
import {
  hasAlternatives,
  meetsFilter,
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
