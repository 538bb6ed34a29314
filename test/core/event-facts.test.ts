import { describe, expect, it } from "vitest";
import { extractFacts, NO_FACTS } from "../../src/core/event-facts.ts";
import type { BaseEvent } from "../../src/core/event.ts";

const event = (source: BaseEvent["source"]) => ({ source }) as BaseEvent;

describe("extractFacts", () => {
  it("keeps the fields analysis reads, of the right type, and nothing else", () => {
    const facts = extractFacts(event("openclaw"), {
      message: "hi",
      turn: 2,
      outcome: "blocked",
      concurrencyBlocked: true,
      fromAgent: "eden",
      status: 3,
      label: null,
    });
    expect(facts).toEqual({ message: "hi", turn: 2, outcome: "blocked", concurrencyBlocked: true });
  });

  it("lifts a v1.1 payload and its run id", () => {
    expect(
      extractFacts(event("v1.1"), { run_id: "run_1", payload: { question: "q?", summary: "s" }, type: "x" }),
    ).toEqual({ question: "q?", summary: "s", run_id: "run_1" });
  });

  it("shares one empty object among events with none", () => {
    expect(extractFacts(event("openclaw"), { taskId: "t" })).toBe(NO_FACTS);
  });
});

describe("extractFacts and the EventFacts schema", () => {
  it("read the same fields: every field of the schema is kept when present", async () => {
    const { EventFacts } = await import("../../src/core/event-facts.ts");
    const sample: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(EventFacts.shape)) {
      const type = (schema as { unwrap: () => { type: string } }).unwrap().type;
      sample[key] = type === "boolean" ? true : type === "number" ? 1 : "x";
    }
    expect(extractFacts(event("openclaw"), sample)).toEqual(sample);
  });
});
