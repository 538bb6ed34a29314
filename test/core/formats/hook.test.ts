import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { eventData } from "../../../src/core/event-data.ts";
import { envelopeHook, normalizeHook } from "../../../src/core/formats/hook.ts";

const ref = (text = "") => lineRef("hooks.ndjson", 2, text);
const payload = {
  session_id: "s-1",
  transcript_path: "/t.jsonl",
  cwd: "/app",
  hook_event_name: "SubagentStart",
  agent_id: "ag-1",
  agent_type: "Explore",
};

describe("envelopeHook", () => {
  it("stamps the arrival time and an id, and keeps the payload untouched", () => {
    const line = envelopeHook(payload, Date.parse("2026-03-01T10:00:00.250Z"));
    expect(line).toMatchObject({ workscope: "hook", v: 1, ts: "2026-03-01T10:00:00.250Z", payload });
    expect(line.id).toMatch(/^hk-[0-9a-f]{16}$/);
  });

  it("gives the same id to the same payload within one second, and another id a second later", () => {
    const t = Date.parse("2026-03-01T10:00:00.000Z");
    expect(envelopeHook(payload, t).id).toBe(envelopeHook(payload, t + 999).id);
    expect(envelopeHook(payload, t).id).not.toBe(envelopeHook(payload, t + 1000).id);
  });
});

describe("normalizeHook", () => {
  it("maps an enveloped SubagentStart: main briefs the subagent, the session is the work session", () => {
    const line = envelopeHook(payload, Date.parse("2026-03-01T10:00:00Z"));
    const { event, needsTime } = normalizeHook(
      line as unknown as Record<string, unknown>,
      ref(JSON.stringify(line)),
    );
    expect(needsTime).toBe(false);
    expect(event).toMatchObject({
      id: line.id,
      type: "agent_started",
      source: "claude_code",
      agentId: "Explore",
      fromAgent: "main",
      toAgent: "Explore",
      workSessionId: "s-1",
      conversationId: "ag-1",
      ts: Date.parse("2026-03-01T10:00:00Z"),
    });
    expect(event && eventData(event)).toEqual(payload);
  });

  it("names a teammate team/name", () => {
    const { event } = normalizeHook(
      {
        hook_event_name: "TaskCompleted",
        session_id: "s",
        task_id: "t-9",
        teammate_name: "writer",
        team_name: "docs",
        timestamp: "2026-03-01T00:00:00Z",
      },
      ref("x"),
    );
    expect(event).toMatchObject({ agentId: "docs/writer", taskId: "t-9", type: "task_completed" });
  });

  it("marks a raw payload without a time as needing one, with a fingerprint id", () => {
    const { event, needsTime } = normalizeHook(
      { hook_event_name: "Stop", session_id: "s" },
      ref('{"hook_event_name":"Stop"}'),
    );
    expect(needsTime).toBe(true);
    expect(event?.id).toMatch(/^fp-/);
    expect(event?.agentId).toBe("main");
  });

  it("rejects an envelope whose time outside the years 0000–9999", () => {
    const { event, problems } = normalizeHook(
      { workscope: "hook", v: 1, id: "x", ts: "+275760-09-13T00:00:00.001Z", payload },
      ref(),
    );
    expect(event).toBeNull();
    expect(problems[0]).toMatch(
      /^workscope hook line: ts: the time .* is not an ISO-8601 time of the years 0000–9999$/,
    );
  });

  it("places a raw payload whose own time is no time by its neighbours, and says why", () => {
    const { event, needsTime, problems } = normalizeHook(
      { hook_event_name: "Stop", session_id: "s", ts: 1e20 },
      ref('{"hook_event_name":"Stop"}'),
    );
    expect(event).not.toBeNull();
    expect(needsTime).toBe(true);
    expect(problems).toEqual([
      "Claude Code hook payload: ts: the time 100000000000000000000 is outside the years 0000–9999 (epoch ms -62167046400000 to 253402300799999)",
    ]);
  });

  it("keeps a raw payload's time that looks like seconds, with a finding saying so", () => {
    const { event, needsTime, problems } = normalizeHook(
      { hook_event_name: "Stop", session_id: "s", timestamp: 1_771_232_460 },
      ref('{"hook_event_name":"Stop"}'),
    );
    expect(event?.ts).toBe(1_771_232_460);
    expect(needsTime).toBe(false);
    expect(problems[0]).toMatch(
      /^Claude Code hook payload: timestamp: the time 1771232460 looks like seconds/,
    );
  });

  it("rejects an envelope without its payload", () => {
    const { event, problems } = normalizeHook(
      { workscope: "hook", v: 1, id: "x", ts: "2026-03-01T00:00:00Z" },
      ref(),
    );
    expect(event).toBeNull();
    expect(problems[0]).toMatch(/^workscope hook line: payload/);
  });

  it("rejects an empty hook_event_name", () => {
    expect(normalizeHook({ hook_event_name: "" }, ref()).problems[0]).toMatch(
      /^Claude Code hook payload: hook_event_name/,
    );
  });
});

describe("normalizeHook delegation sides", () => {
  it("reads a Task tool call as the session's agent briefing the subagent type it names", () => {
    const { event } = normalizeHook(
      {
        hook_event_name: "PreToolUse",
        session_id: "s",
        tool_name: "Task",
        tool_input: { subagent_type: "Explore" },
        timestamp: "2026-03-01T00:00:00Z",
      },
      ref("x"),
    );
    expect(event).toMatchObject({
      type: "manager_assign",
      agentId: "main",
      fromAgent: "main",
      toAgent: "Explore",
    });
  });

  it("leaves the sides empty for an ordinary tool call", () => {
    const { event } = normalizeHook(
      {
        hook_event_name: "PreToolUse",
        session_id: "s",
        tool_name: "Bash",
        timestamp: "2026-03-01T00:00:00Z",
      },
      ref("x"),
    );
    expect(event).toMatchObject({ fromAgent: null, toAgent: null });
  });
});
