import { describe, expect, it } from "vitest";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import {
  isPairKey,
  LEGACY_GAP_MS,
  threadKeyOf,
  threadKeysOf,
} from "../../../src/core/sessions/thread-key.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const base = canonicalEvent({ type: "a2a.send", ts: Date.parse("2026-02-16T09:07:30Z") });
const T0 = Date.parse("2026-02-16T09:00:00Z");

/** A legacy line between seum and eden at `ts`, naming no conversation. */
const pairLine = (ts: number, from = "seum", to = "eden"): CanonicalEvent =>
  canonicalEvent({ type: "a2a.send", ts, fromAgent: from, toAgent: to });

describe("threadKeyOf", () => {
  it("uses the conversation, else the sorted agent pair, else type and 5-minute bucket", () => {
    expect(threadKeyOf({ ...base, conversationId: "c-1", fromAgent: "seum", toAgent: "eden" })).toBe(
      "conv:c-1",
    );
    expect(threadKeyOf({ ...base, fromAgent: "seum", toAgent: "eden" })).toBe("pair:eden_seum");
    expect(threadKeyOf({ ...base, fromAgent: "eden", toAgent: "seum" })).toBe("pair:eden_seum");
    // Sorted by UTF-16 code units, as Array.prototype.sort sorts text: "Z" before "a", "b" before "ba".
    expect(threadKeyOf({ ...base, fromAgent: "a", toAgent: "Z" })).toBe("pair:Z_a");
    expect(threadKeyOf({ ...base, fromAgent: "ba", toAgent: "b" })).toBe("pair:b_ba");
    expect(threadKeyOf(base)).toBe(`event:a2a.send:${Date.parse("2026-02-16T09:05:00Z")}`);
  });

  it("tells pair keys, split or not, from the others", () => {
    expect(isPairKey("pair:eden_seum")).toBe(true);
    expect(isPairKey("pair:eden_seum@2026-02-16T09:00:00.000Z")).toBe(true);
    expect(isPairKey("conv:pair:x")).toBe(false);
  });
});

describe("threadKeysOf", () => {
  it("keeps a pair's lines one conversation across a silence of exactly the gap", () => {
    const keys = threadKeysOf([pairLine(T0), pairLine(T0 + LEGACY_GAP_MS, "eden", "seum")], true);
    expect(keys).toEqual([
      "pair:eden_seum@2026-02-16T09:00:00.000Z",
      "pair:eden_seum@2026-02-16T09:00:00.000Z",
    ]);
  });

  it("starts another conversation, keyed by its own start, after a silence just over the gap", () => {
    const keys = threadKeysOf([pairLine(T0), pairLine(T0 + LEGACY_GAP_MS + 1)], true);
    expect(keys).toEqual([
      "pair:eden_seum@2026-02-16T09:00:00.000Z",
      "pair:eden_seum@2026-02-16T09:30:00.001Z",
    ]);
  });

  it("measures the gap from the pair's last line, not the conversation's first", () => {
    const step = LEGACY_GAP_MS - 1;
    const keys = threadKeysOf([pairLine(T0), pairLine(T0 + step), pairLine(T0 + 2 * step)], true);
    expect(new Set(keys).size).toBe(1);
  });

  it("splits each pair on its own silences, whatever other pairs say in between", () => {
    const keys = threadKeysOf(
      [
        pairLine(T0),
        pairLine(T0 + 10, "miri", "nuri"),
        pairLine(T0 + LEGACY_GAP_MS + 5, "miri", "nuri"),
        pairLine(T0 + 20),
      ],
      true,
    );
    expect(keys).toEqual([
      "pair:eden_seum@2026-02-16T09:00:00.000Z",
      "pair:miri_nuri@2026-02-16T09:00:00.010Z",
      "pair:miri_nuri@2026-02-16T09:00:00.010Z",
      "pair:eden_seum@2026-02-16T09:00:00.000Z",
    ]);
  });

  it("keeps the keys of later conversations when an older part of the log is added", () => {
    const later = [pairLine(T0 + 3 * LEGACY_GAP_MS), pairLine(T0 + 3 * LEGACY_GAP_MS + 1000)];
    const alone = threadKeysOf(later, true);
    const withOlder = threadKeysOf([pairLine(T0), pairLine(T0 + 1000), ...later], true);
    expect(withOlder.slice(2)).toEqual(alone);
    expect(withOlder[0]).toBe("pair:eden_seum@2026-02-16T09:00:00.000Z");
    expect(withOlder[0]).not.toBe(alone[0]);
  });

  it("leaves conversation and bucket keys alone, and pair keys whole when not splitting", () => {
    const conv = canonicalEvent({ ...pairLine(T0), conversationId: "c-1" });
    const events = [conv, base, pairLine(T0), pairLine(T0 + 2 * LEGACY_GAP_MS)];
    expect(threadKeysOf(events, true).slice(0, 2)).toEqual(["conv:c-1", threadKeyOf(base)]);
    expect(threadKeysOf(events, false)).toEqual(events.map(threadKeyOf));
  });
});
