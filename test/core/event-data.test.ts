import { describe, expect, it } from "vitest";
import { eventData } from "../../src/core/event-data.ts";
import { envelopeHook } from "../../src/core/formats/hook.ts";
import { readEvent } from "../helpers/events.ts";

const read = (value: Record<string, unknown>) => eventData(readEvent(value, "f"));

describe("eventData", () => {
  it("gives OpenClaw's data, or an empty object when there is none", () => {
    expect(read({ type: "a2a.send", ts: 1, data: { message: "hi" } })).toEqual({ message: "hi" });
    expect(read({ type: "a2a.send", ts: 1 })).toEqual({});
  });

  it("gives a hook payload without the envelope, and a raw payload whole", () => {
    const payload = { hook_event_name: "Stop", session_id: "s" };
    expect(read(envelopeHook(payload, 0))).toEqual(payload);
    expect(read({ ...payload, timestamp: "2026-01-01T00:00:00Z" })).toEqual({
      ...payload,
      timestamp: "2026-01-01T00:00:00Z",
    });
  });

  it("gives a v1.1 event whole, and a rule-breaking one as reason and original", () => {
    const good = {
      id: "e",
      version: "1.1",
      ts: "2026-01-01T00:00:00Z",
      type: "heartbeat",
      source: "synthetic",
      workspace_id: "w",
      terminal_session_id: "t",
      agent_id: "a",
    };
    expect(read(good)).toEqual(good);
    const bad = { ...good, type: "task_started" };
    expect(read(bad)).toEqual({ reason: "invalid v1.1 event: task_started requires task_id", original: bad });
  });
});
