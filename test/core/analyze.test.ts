import { describe, expect, it } from "vitest";
import { analyze } from "../../src/core/analyze.ts";
import type { LoadedInput } from "../../src/core/input.ts";
import { Report } from "../../src/core/report.ts";
import { readEvent } from "../helpers/events.ts";

const NOW = Date.parse("2026-03-09T00:00:00Z");
const send = (line: number, data: Record<string, unknown>) =>
  readEvent(
    { type: "a2a.send", agentId: "eden", ts: 1_772_000_000_000 + line, data: { fromAgent: "eden", ...data } },
    "logs/events.ndjson",
    line,
  );

const input = (over: Partial<LoadedInput> = {}): LoadedInput => ({
  files: [{ path: "logs/events.ndjson", kind: "events", bytes: 10, lines: 3, events: 3, errors: 0 }],
  events: [],
  findings: [],
  taskFiles: [],
  history: [],
  currentTasks: [],
  mainAgents: ["main"],
  mentionNames: {},
  overrides: {},
  ...over,
});

describe("analyze", () => {
  it("classifies the distinct events with the main agents the input names", () => {
    const talk = send(1, {
      toAgent: "seum",
      workSessionId: "ws_a",
      conversationId: "c1",
      message: "배포 점검",
    });
    const alone = analyze(input({ events: [talk] }), NOW);
    const named = analyze(input({ events: [talk], mainAgents: ["eden", "main", "seum"] }), NOW);
    expect(alone.events[0]?.eventRole).toBe("delegation.subagent");
    expect(named.events[0]?.eventRole).toBe("conversation.main");
  });

  it("counts copies once, and adds the analysis's findings to their file's count", () => {
    const event = send(1, { workSessionId: "ws_a" });
    const copy = { ...event, line: 2 };
    const { report, events } = analyze(input({ events: [event, copy] }), NOW);
    expect(events).toHaveLength(1);
    expect(report.input).toMatchObject({ events: 1, duplicates: 1 });

    const reused = readEvent(
      {
        id: "e1",
        version: "1.1",
        ts: "2026-03-01T00:00:00Z",
        type: "heartbeat",
        source: "synthetic",
        workspace_id: "w",
        terminal_session_id: "t",
        agent_id: "a",
      },
      "logs/events.ndjson",
      3,
    );
    const changed = readEvent(
      {
        id: "e1",
        version: "1.1",
        ts: "2026-03-01T00:00:01Z",
        type: "heartbeat",
        source: "synthetic",
        workspace_id: "w",
        terminal_session_id: "t",
        agent_id: "a",
      },
      "logs/events.ndjson",
      4,
    );
    const found = analyze(input({ events: [reused, changed] }), NOW).report.input;
    expect(found.errors).toHaveLength(1);
    expect(found.files[0]?.errors).toBe(1);
  });

  it("makes a Report that passes its schema, judged against now, and hands on what the site needs", () => {
    const talk = send(1, {
      toAgent: "seum",
      workSessionId: "ws_a",
      conversationId: "c1",
      taskId: "task_a",
      message: "hi",
    });
    const analysis = analyze(input({ events: [talk], mentionNames: { "123": "eden" } }), NOW);
    expect(Report.safeParse(analysis.report).success).toBe(true);
    expect(analysis.report.generatedAt).toBe("2026-03-09T00:00:00.000Z");
    expect(analysis.sessionEvents.get("ws_a")).toEqual(analysis.events);
    expect(analysis.taskEvents.get("task_a")).toEqual(analysis.events);
    expect(analysis.mentionNames.get("123")).toBe("eden");
  });

  it("gives the same value for the same input and now", () => {
    const events = [
      send(1, { workSessionId: "ws_a", message: "a" }),
      send(2, { workSessionId: "ws_b", message: "b" }),
    ];
    expect(JSON.stringify(analyze(input({ events }), NOW).report)).toBe(
      JSON.stringify(analyze(input({ events: [...events].reverse() }), NOW).report),
    );
  });
});
