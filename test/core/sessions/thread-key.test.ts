import { describe, expect, it } from "vitest";
import { threadKeyOf } from "../../../src/core/sessions/thread-key.ts";
import { canonicalEvent } from "../../helpers/events.ts";

const base = canonicalEvent({ type: "a2a.send", ts: Date.parse("2026-02-16T09:07:30Z") });

describe("threadKeyOf", () => {
  it("uses the conversation, else the sorted agent pair, else type and 5-minute bucket", () => {
    expect(threadKeyOf({ ...base, conversationId: "c-1", fromAgent: "seum", toAgent: "eden" })).toBe(
      "conv:c-1",
    );
    expect(threadKeyOf({ ...base, fromAgent: "seum", toAgent: "eden" })).toBe("pair:eden_seum");
    expect(threadKeyOf(base)).toBe(`event:a2a.send:${Date.parse("2026-02-16T09:05:00Z")}`);
  });
});
