import { describe, expect, it } from "vitest";
import { lineRef } from "../../helpers/line-ref.ts";
import { eventData } from "../../../src/core/event-data.ts";
import { envelopeHook, normalizeHook } from "../../../src/core/formats/hook.ts";
import { lineId } from "../../../src/core/formats/line-id.ts";

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

/** The payloads of one session as Claude Code sends them, each with the fields its event carries. */
const common = {
  session_id: "s-1",
  transcript_path: "/p/s-1.jsonl",
  cwd: "/app",
  permission_mode: "default",
};
const factsOf = (fields: Record<string, unknown>) => {
  const value = { ...common, ...fields };
  return normalizeHook(value, ref(JSON.stringify(value))).event?.facts;
};

describe("normalizeHook facts", () => {
  it("reads a person's prompt into message, and keeps it as prompt", () => {
    expect(factsOf({ hook_event_name: "UserPromptSubmit", prompt: "Fix the build" })).toEqual({
      hook_event_name: "UserPromptSubmit",
      ccKind: "prompt",
      prompt: "Fix the build",
      message: "Fix the build",
    });
  });

  it("reads a tool call's tool and id", () => {
    expect(
      factsOf({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_use_id: "toolu_1",
      }),
    ).toEqual({ hook_event_name: "PreToolUse", ccKind: "tool", toolName: "Bash", toolUseId: "toolu_1" });
  });

  it("reads a Task call's brief: the prompt as message, the description as label, the subagent type", () => {
    expect(
      factsOf({
        hook_event_name: "PreToolUse",
        tool_name: "Task",
        tool_use_id: "toolu_2",
        tool_input: { subagent_type: "Explore", description: "Find config", prompt: "Find the lint config" },
      }),
    ).toMatchObject({
      ccKind: "tool",
      toolName: "Task",
      toolUseId: "toolu_2",
      subagentType: "Explore",
      message: "Find the lint config",
      label: "Find config",
    });
  });

  it("reads an Agent call's result naming the agent it spawned", () => {
    expect(
      factsOf({
        hook_event_name: "PostToolUse",
        tool_name: "Agent",
        tool_use_id: "toolu_3",
        tool_input: { subagent_type: "general-purpose", prompt: "p" },
        tool_response: { status: "completed", agentId: "a9", content: [] },
      }),
    ).toMatchObject({ isError: false, spawnedAgentId: "a9", subagentType: "general-purpose" });
  });

  it("reads a successful and a failed tool result, with the failure's error", () => {
    expect(
      factsOf({
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_use_id: "t",
        tool_response: { stdout: "" },
      }),
    ).toMatchObject({ isError: false });
    expect(
      factsOf({
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_use_id: "t",
        tool_response: { exit_code: 2, stderr: "no such file" },
      }),
    ).toMatchObject({ isError: true, error: "no such file" });
    expect(
      factsOf({
        hook_event_name: "PostToolUseFailure",
        tool_name: "Bash",
        tool_use_id: "t",
        error: "exit 1",
        is_interrupt: false,
      }),
    ).toMatchObject({ ccKind: "tool", isError: true, error: "exit 1" });
  });

  it("reads the subagent a tool call inside a subagent comes from", () => {
    expect(
      factsOf({ hook_event_name: "PreToolUse", tool_name: "Read", agent_id: "a1", agent_type: "Explore" }),
    ).toMatchObject({ agentInstance: "a1", subagentType: "Explore" });
  });

  it("reads the subagent a start or stop is about, and a stop's last message as the answer", () => {
    expect(
      factsOf({ hook_event_name: "SubagentStart", agent_id: "a1", agent_type: "Explore" }),
    ).toMatchObject({
      ccKind: "meta",
      spawnedAgentId: "a1",
      agentInstance: "a1",
      subagentType: "Explore",
    });
    expect(
      factsOf({
        hook_event_name: "SubagentStop",
        agent_id: "a1",
        agent_type: "Explore",
        agent_transcript_path: "/p/s-1/subagents/agent-a1.jsonl",
        last_assistant_message: "Found it in eslint.config.js.",
      }),
    ).toMatchObject({ ccKind: "answer", spawnedAgentId: "a1", message: "Found it in eslint.config.js." });
    expect(
      factsOf({ hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "All fixed." }),
    ).toMatchObject({ ccKind: "answer", message: "All fixed." });
  });

  it("reads a compaction, a notification and an event no row names", () => {
    expect(factsOf({ hook_event_name: "PreCompact", trigger: "auto" })).toMatchObject({
      ccKind: "compaction",
    });
    expect(
      factsOf({
        hook_event_name: "Notification",
        message: "Claude needs your permission",
        notification_type: "x",
      }),
    ).toMatchObject({ ccKind: "notice", message: "Claude needs your permission" });
    expect(factsOf({ hook_event_name: "WorktreeCreate", name: "x" })).toEqual({
      hook_event_name: "WorktreeCreate",
      ccKind: "meta",
    });
  });
});

describe("normalizeHook times and ids of raw payloads", () => {
  const stop = { hook_event_name: "Stop", session_id: "s" };
  const timed = (fields: Record<string, unknown>) => normalizeHook({ ...stop, ...fields }, ref("x"));

  it.each([
    ["timestamp", { timestamp: "2026-03-01T10:00:00Z" }],
    ["ts", { ts: "2026-03-01T10:00:00Z" }],
    ["logged_at", { logged_at: "2026-03-01T10:00:00.000Z" }],
  ])("reads the time a capture wrote in %s", (_field, fields) => {
    const { event, needsTime, problems } = timed(fields);
    expect(event?.ts).toBe(Date.parse("2026-03-01T10:00:00Z"));
    expect(needsTime).toBe(false);
    expect(problems).toEqual([]);
  });

  it("prefers timestamp to ts and ts to logged_at", () => {
    expect(timed({ logged_at: "2026-03-03T00:00:00Z", ts: "2026-03-02T00:00:00Z" }).event?.ts).toBe(
      Date.parse("2026-03-02T00:00:00Z"),
    );
    expect(timed({ ts: "2026-03-02T00:00:00Z", timestamp: "2026-03-01T00:00:00Z" }).event?.ts).toBe(
      Date.parse("2026-03-01T00:00:00Z"),
    );
  });

  it("reads a local logged_at without a zone as UTC and names the field in the note", () => {
    const { event, problems } = timed({ logged_at: "2026-03-10T23:15:33.335904" });
    expect(event?.ts).toBe(Date.parse("2026-03-10T23:15:33.335Z"));
    expect(problems).toEqual([
      'Claude Code hook payload: logged_at: the time "2026-03-10T23:15:33.335904" names no zone: it was read as UTC',
    ]);
  });

  it("names logged_at when it is no time, and leaves the event to be dated", () => {
    const { event, needsTime, problems } = timed({ logged_at: "soon" });
    expect(event?.ts).toBeNaN();
    expect(needsTime).toBe(true);
    expect(problems[0]).toMatch(/^Claude Code hook payload: logged_at: the time "soon" is not/);
  });

  it("gives equal raw payloads at different lines different ids, and the same line the same id", () => {
    const text = JSON.stringify(stop);
    const at = (file: string, line: number) => normalizeHook(stop, lineRef(file, line, text)).event?.id;
    expect(at("logs/stop.json", 3)).not.toBe(at("logs/stop.json", 9));
    expect(at("logs/stop.json", 3)).toBe(at("copy/logs/stop.json", 3));
    expect(at("logs/stop.json", 3)).toBe(lineId({ line: 3, text }));
  });

  it("keeps the envelope's id and time over the payload's", () => {
    const line = envelopeHook(
      { ...stop, timestamp: "2020-01-01T00:00:00Z" },
      Date.parse("2026-03-01T10:00:00Z"),
    );
    const { event } = normalizeHook(line as unknown as Record<string, unknown>, ref(JSON.stringify(line)));
    expect(event).toMatchObject({ id: line.id, ts: Date.parse("2026-03-01T10:00:00Z") });
  });
});
