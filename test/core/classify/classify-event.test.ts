import { describe, expect, it } from "vitest";
import { classifyEvent, classifyEvents } from "../../../src/core/classify/classify-event.ts";
import { DistinctEvent, type BaseEvent } from "../../../src/core/event.ts";
import { readEvent } from "../../helpers/events.ts";

const MAINS = { mainAgents: new Set(["main", "eden", "seum"]) };
const oc = (type: string, data: Record<string, unknown>, agentId = "eden") =>
  readEvent({ type, agentId, ts: 1, data });

describe("classifyEvent", () => {
  it("makes a send between two main agents a conversation, and one to another agent a delegation", () => {
    const talk = classifyEvent(oc("a2a.send", { fromAgent: "eden", toAgent: "seum" }), MAINS);
    expect(talk).toMatchObject({
      eventRole: "conversation.main",
      fromSessionType: "main",
      toSessionType: "main",
    });
    const hand = classifyEvent(oc("a2a.send", { fromAgent: "eden", toAgent: "worker" }), MAINS);
    expect(hand).toMatchObject({ eventRole: "delegation.subagent", toSessionType: "subagent" });
  });

  it("takes the role and session types the producer stated, when they are valid", () => {
    const stated = oc("a2a.send", {
      fromAgent: "eden",
      toAgent: "seum",
      eventRole: "delegation.subagent",
      toSessionType: "subagent",
    });
    expect(classifyEvent(stated, MAINS)).toMatchObject({
      eventRole: "delegation.subagent",
      toSessionType: "subagent",
    });
    const bogus = oc("a2a.send", { fromAgent: "eden", toAgent: "seum", eventRole: "gossip" });
    expect(classifyEvent(bogus, MAINS).eventRole).toBe("conversation.main");
  });

  it("reads delegation hints: a parent conversation, a depth or a hop above zero", () => {
    for (const hint of [{ parentConversationId: "c0" }, { depth: 1 }, { hop: 2 }]) {
      const event = oc("a2a.send", { fromAgent: "eden", toAgent: "seum", ...hint });
      expect(classifyEvent(event, MAINS).eventRole, JSON.stringify(hint)).toBe("delegation.subagent");
    }
    const flat = oc("a2a.send", { fromAgent: "eden", toAgent: "seum", depth: 0, hop: 0 });
    expect(classifyEvent(flat, MAINS).eventRole).toBe("conversation.main");
  });

  it("leaves the receiving side unknown when nothing names it, but not when a target key is there without text", () => {
    expect(classifyEvent(oc("a2a.spawn", {}), MAINS).toSessionType).toBe("unknown");
    expect(classifyEvent(oc("a2a.spawn", { targetSessionKey: null }), MAINS).toSessionType).toBe("subagent");
    expect(
      classifyEvent(oc("a2a.send", { targetSessionKey: "agent:seum:subagent:1" }), MAINS).toSessionType,
    ).toBe("subagent");
  });

  it("judges only OpenClaw's agents by openclaw.json", () => {
    const hook = readEvent({ hook_event_name: "PreToolUse", session_id: "s", agent_type: "eden", ts: 5 });
    expect(classifyEvent(hook, MAINS).fromSessionType).toBe("unknown");
    expect(classifyEvent(oc("task.started", {}), MAINS).fromSessionType).toBe("main");
  });

  it("takes a Claude Code subagent's start as the main agent handing work to it", () => {
    const hook = readEvent({
      hook_event_name: "SubagentStart",
      session_id: "s",
      agent_type: "Explore",
      ts: 5,
    });
    expect(classifyEvent(hook, MAINS)).toMatchObject({
      toSessionType: "subagent",
      eventRole: "delegation.subagent",
    });
  });

  it("gives Claude Code transcript entries and hooks the role of what they show", () => {
    const entry = (fields: Record<string, unknown>) =>
      readEvent({
        type: "assistant",
        uuid: "u-1",
        sessionId: "s1",
        timestamp: "2026-03-10T09:00:00Z",
        isSidechain: false,
        ...fields,
      });
    const text = (t: string) => ({ role: "assistant", content: [{ type: "text", text: t }] });
    const role = (event: BaseEvent) => classifyEvent(event, MAINS).eventRole;
    const prompt = entry({ type: "user", message: { role: "user", content: "Fix the login test" } });
    expect(role(prompt)).toBe("conversation.main");
    expect(role(entry({ message: text("Fixed.") }))).toBe("conversation.main");
    expect(role(entry({ isSidechain: true, agentId: "a1", message: text("Found it.") }))).toBe(
      "delegation.subagent",
    );
    expect(role(entry({ isSidechain: true, agentId: "acompact-9", message: text("Summary") }))).toBe(
      "system.observability",
    );
    const call = entry({
      message: {
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: "toolu_1",
            name: "Task",
            input: { subagent_type: "Explore", prompt: "Look" },
          },
        ],
      },
    });
    expect(role(call)).toBe("delegation.subagent");
    const result = (toolUseResult: unknown) =>
      entry({
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "ok" }] },
        toolUseResult,
      });
    expect(role(result({ agentId: "a1" }))).toBe("delegation.subagent");
    expect(role(result({ stdout: "ok" }))).toBe("system.observability");
    const hook = (name: string, fields: Record<string, unknown> = {}) =>
      readEvent({ hook_event_name: name, session_id: "s1", timestamp: "2026-03-10T09:00:00Z", ...fields });
    expect(role(hook("UserPromptSubmit", { prompt: "Fix it" }))).toBe("conversation.main");
    expect(role(hook("Stop", { last_assistant_message: "Done" }))).toBe("conversation.main");
    expect(role(hook("SubagentStart", { agent_id: "a1", agent_type: "Explore" }))).toBe(
      "delegation.subagent",
    );
    expect(role(hook("SubagentStop", { agent_id: "a1", agent_type: "Explore" }))).toBe("delegation.subagent");
    expect(role(hook("PreToolUse", { tool_name: "Bash", tool_use_id: "toolu_2" }))).toBe(
      "system.observability",
    );
  });

  it("keeps a stated category only when it is one of the ten", () => {
    expect(classifyEvent(oc("a2a.send", { collabCategory: "infra_ops" }), MAINS).statedCategory).toBe(
      "infra_ops",
    );
    expect(classifyEvent(oc("a2a.send", { collabCategory: "ops" }), MAINS).statedCategory).toBeNull();
  });

  it("adds to the event and changes nothing it had", () => {
    const event = oc("a2a.send", { fromAgent: "eden", toAgent: "seum", message: "hi" });
    expect(classifyEvent(event, MAINS)).toMatchObject(event);
  });

  it("keeps every field of a distinct event, in the event's own order, with or without the optional ones", () => {
    const classified = ["eventRole", "fromSessionType", "toSessionType", "statedCategory"];
    const plain = oc("a2a.send", { fromAgent: "eden", toAgent: "seum" });
    const full: DistinctEvent = {
      ...plain,
      twin: 2,
      madeId: "fp-1000-40-0badcafe~2",
      tsEstimated: true,
      undated: true,
      invalid: "why",
    };
    for (const event of [plain, full]) {
      const keys = Object.keys(classifyEvent(event, MAINS));
      expect(keys).toEqual([...Object.keys(event), ...classified]);
      expect(classifyEvent(event, MAINS)).toMatchObject(event);
    }
    // Every field a distinct event has, so that one added to the schema is carried over or this fails.
    expect(Object.keys(DistinctEvent.shape).filter((k) => !Object.keys(full).includes(k))).toEqual([]);
  });
});

describe("classifyEvents", () => {
  it("classifies every event, in the order given", () => {
    const events = [oc("task.started", {}), oc("a2a.send", { fromAgent: "eden", toAgent: "seum" })];
    expect(classifyEvents(events, MAINS).map((e) => [e.type, e.eventRole])).toEqual([
      ["task.started", "orchestration.task"],
      ["a2a.send", "conversation.main"],
    ]);
  });

  it("writes the classification onto the events given, the same values as classifyEvent, in the same key order", () => {
    const events = [oc("a2a.send", { fromAgent: "eden", toAgent: "seum" }), oc("task.started", {})];
    const copies = events.map((event) => classifyEvent(event, MAINS));
    const classified = classifyEvents(events, MAINS);
    classified.forEach((event, i) => {
      expect(event).toBe(events[i]);
      expect(Object.keys(event)).toEqual(Object.keys(copies[i] as object));
      expect(event).toEqual(copies[i]);
    });
    // A second analysis of the same input, under other main agents, classifies copies: what the
    // first one handed on stays as it was.
    const again = classifyEvents(events, { mainAgents: new Set(["main"]) });
    expect(again[0]).not.toBe(events[0]);
    expect(again[0]?.eventRole).toBe("delegation.subagent");
    expect(classified[0]?.eventRole).toBe("conversation.main");
    expect(events).toEqual(copies);
  });
});
