import { describe, expect, it } from "vitest";
import type { CanonicalEvent, EventSource } from "../../../src/core/event.ts";
import { unknownTypes } from "../../../src/core/quality/unknown-types.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const ev = (source: EventSource, type: string, ts: number): CanonicalEvent =>
  canonicalEvent({ source, type, ts });

describe("unknownTypes", () => {
  it("counts the types no row knows, per format, most frequent first, with their first and last time", () => {
    const events = [
      ev("openclaw", "a2a.send", 1),
      ev("openclaw", "gateway.restarted", 5),
      ev("v1.1", "gateway.restarted", 6),
      ev("openclaw", "gateway.restarted", 2),
      ev("claude_code", "claude.config_change", 3),
      ev("claude_code", "claude.config_change", 9),
      ev("openclaw", "a2a.send", 10),
      ev("openclaw", "gateway.restarted", 7),
    ];
    expect(unknownTypes(events)).toEqual([
      { source: "openclaw", type: "gateway.restarted", count: 3, firstMs: 2, lastMs: 7 },
      { source: "claude_code", type: "claude.config_change", count: 2, firstMs: 3, lastMs: 9 },
      { source: "v1.1", type: "gateway.restarted", count: 1, firstMs: 6, lastMs: 6 },
    ]);
  });

  it("is empty when every type is known", () => {
    expect(unknownTypes([ev("openclaw", "task.started", 1), ev("v1.1", "heartbeat", 2)])).toEqual([]);
  });
});
