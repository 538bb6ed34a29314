import { describe, expect, it } from "vitest";
import { EventFacts, extractFacts, FACT_READERS, NO_FACTS } from "../../src/core/event-facts.ts";

describe("extractFacts", () => {
  it("keeps the fields analysis reads, of the right type, and nothing else", () => {
    const facts = extractFacts("openclaw", {
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
      extractFacts("v1.1", { run_id: "run_1", payload: { question: "q?", summary: "s" }, type: "x" }),
    ).toEqual({ question: "q?", summary: "s", run_id: "run_1" });
  });

  it("reads what a producer says about the event's place from the top of a v1.1 line, not its payload", () => {
    expect(
      extractFacts("v1.1", {
        eventRole: "delegation.subagent",
        depth: 2,
        payload: { eventRole: "conversation.main", hop: 1, message: "m" },
      }),
    ).toEqual({ eventRole: "delegation.subagent", depth: 2, message: "m" });
  });

  it("notes a target session key that is there without text as null, and an absent one not at all", () => {
    expect(extractFacts("openclaw", { targetSessionKey: null })).toEqual({ targetSessionKey: null });
    expect(extractFacts("openclaw", { targetSessionKey: 3 })).toEqual({ targetSessionKey: null });
    expect(extractFacts("openclaw", { targetSessionKey: "agent:seum:main" })).toEqual({
      targetSessionKey: "agent:seum:main",
    });
    expect(extractFacts("openclaw", {})).toEqual({});
  });

  it("shares one empty object among events with none", () => {
    expect(extractFacts("openclaw", { taskId: "t" })).toBe(NO_FACTS);
  });
});

describe("extractFacts and the EventFacts schema", () => {
  it("have one reader per field, in the schema's order", () => {
    expect(FACT_READERS.map((r) => r.name)).toEqual(Object.keys(EventFacts.shape));
  });

  it("write the facts in the schema's order whatever order the payload holds them in", () => {
    const facts = extractFacts("openclaw", {
      targetSessionKey: "agent:seum:main",
      eventRole: "conversation.main",
      turn: 1,
      message: "m",
      fromAgent: "eden",
    });
    expect(Object.keys(facts)).toEqual(["message", "turn", "eventRole", "targetSessionKey"]);
    const v11 = extractFacts("v1.1", { depth: 2, run_id: "r", payload: { question: "q", summary: "s" } });
    expect(Object.keys(v11)).toEqual(["summary", "question", "run_id", "depth"]);
  });

  it("read the same fields: every field of the schema is kept when present", async () => {
    const { EventFacts } = await import("../../src/core/event-facts.ts");
    const sample: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(EventFacts.shape)) {
      const type = (schema as { unwrap: () => { type: string } }).unwrap().type;
      sample[key] = type === "boolean" ? true : type === "number" ? 1 : "x";
    }
    expect(extractFacts("claude_code", sample)).toEqual(sample);
  });

  it("read the Claude Code facts only from Claude Code lines, where our formats put them", () => {
    const line = { message: "m", ccKind: "tool", toolName: "Bash", isError: true, model: "opus", uuid: "u" };
    expect(extractFacts("openclaw", line)).toEqual({ message: "m" });
    expect(extractFacts("v1.1", { payload: line })).toEqual({ message: "m" });
    expect(extractFacts("claude_code", line)).toEqual(line);
  });

  it("take a Claude Code fact of the wrong type as absent", () => {
    expect(extractFacts("claude_code", { isError: "yes", inputTokens: "3", toolUseId: 7 })).toBe(NO_FACTS);
  });
});
