import { describe, expect, it } from "vitest";
import { linkDelegations } from "../../../src/core/claude/link-delegations.ts";
import type { SubagentMeta } from "../../../src/core/claude/subagent-meta.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import { readEvent } from "../../helpers/events.ts";

const T0 = Date.parse("2026-03-10T09:00:00Z");
const iso = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();
const base = { cwd: "/home/a/proj", version: "2.0.61", userType: "external", gitBranch: "main" };

/** The lines of one transcript file, each read as ingest reads it. */
const file = (path: string, lines: Record<string, unknown>[]): BaseEvent[] =>
  lines.map((line, n) => readEvent(line, path, n + 1));

const prompt = (uuid: string, session: string, seconds: number, text: string, extra = {}) => ({
  ...base,
  type: "user",
  uuid,
  parentUuid: null,
  sessionId: session,
  timestamp: iso(seconds),
  isSidechain: false,
  message: { role: "user", content: text },
  ...extra,
});
const taskCall = (uuid: string, session: string, seconds: number, id: string, subagentType: string) => ({
  ...base,
  type: "assistant",
  uuid,
  sessionId: session,
  timestamp: iso(seconds),
  isSidechain: false,
  message: {
    id: `msg_${uuid}`,
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [
      {
        type: "tool_use",
        id,
        name: "Task",
        input: {
          subagent_type: subagentType,
          description: "Find the flaky test",
          prompt: "Look at test/login",
        },
      },
    ],
    usage: { input_tokens: 10, output_tokens: 5 },
  },
});
const taskResult = (
  uuid: string,
  session: string,
  seconds: number,
  id: string,
  toolUseResult?: unknown,
  text = "done",
) => ({
  ...base,
  type: "user",
  uuid,
  sessionId: session,
  timestamp: iso(seconds),
  isSidechain: false,
  message: {
    role: "user",
    content: [{ type: "tool_result", tool_use_id: id, content: [{ type: "text", text }] }],
  },
  ...(toolUseResult === undefined ? {} : { toolUseResult }),
});
const side = (uuid: string, session: string, seconds: number, agentId: string | undefined, text: string) => ({
  ...base,
  type: "assistant",
  uuid,
  sessionId: session,
  timestamp: iso(seconds),
  isSidechain: true,
  ...(agentId === undefined ? {} : { agentId }),
  message: {
    id: `msg_${uuid}`,
    role: "assistant",
    model: "claude-haiku-4-5",
    content: [{ type: "text", text }],
  },
});
const hook = (name: string, session: string, seconds: number, fields: Record<string, unknown> = {}) => ({
  session_id: session,
  transcript_path: `/home/a/.claude/projects/-home-a-proj/${session}.jsonl`,
  cwd: "/home/a/proj",
  hook_event_name: name,
  timestamp: iso(seconds),
  ...fields,
});

/** A Task call with its own brief. */
const briefCall = (uuid: string, session: string, seconds: number, id: string, brief: string) => {
  const call = taskCall(uuid, session, seconds, id, "general-purpose");
  const block = call.message.content[0] as { input: Record<string, unknown> };
  block.input = { ...block.input, prompt: brief };
  return call;
};
/** A subagent's own transcript opens with the brief it was given, as a user entry. */
const briefed = (uuid: string, session: string, seconds: number, agentId: string, brief: string) => ({
  ...prompt(uuid, session, seconds, brief),
  isSidechain: true,
  agentId,
});
/** An event whose time the dating pass estimated, as a guess from its neighbours. */
const guessed = (event: BaseEvent, seconds: number): BaseEvent => ({
  ...event,
  ts: T0 + seconds * 1000,
  tsEstimated: true,
});

const at = (events: readonly BaseEvent[], path: string, line: number): BaseEvent => {
  const found = events.find((e) => e.file === path && e.line === line);
  if (found === undefined) throw new Error(`no event at ${path}:${line}`);
  return found;
};

describe("linkDelegations", () => {
  it("hands back logs without Claude Code events as given", () => {
    const events = [readEvent({ type: "a2a.send", agentId: "eden", ts: 1, data: { toAgent: "seum" } })];
    const linked = linkDelegations(events);
    expect(linked.events).toBe(events);
    expect(linked.links.subagents.size).toBe(0);
  });

  it("links a call to its subagent by the .meta.json of the newest layout", () => {
    const main = file("p/s1.jsonl", [
      prompt("u1", "s1", 0, "Why does login fail?"),
      taskCall("u2", "s1", 1, "toolu_T1", "Explore"),
      taskResult("u3", "s1", 9, "toolu_T1"),
    ]);
    const sub = file("p/s1/subagents/agent-a1.jsonl", [side("v1", "s1", 2, "a1", "Reading test/login")]);
    const meta: SubagentMeta = {
      agentId: "a1",
      toolUseId: "toolu_T1",
      agentType: "Explore",
      sessionId: "s1",
      file: "p/s1/subagents/agent-a1.meta.json",
    };
    const { events, links } = linkDelegations([...main, ...sub], [meta]);
    expect(at(events, "p/s1.jsonl", 1).conversationId).toBe("s1");
    expect(at(events, "p/s1.jsonl", 2)).toMatchObject({ conversationId: "a1", toAgent: "Explore" });
    expect(at(events, "p/s1.jsonl", 3).conversationId).toBe("s1");
    expect(at(events, "p/s1/subagents/agent-a1.jsonl", 1)).toMatchObject({
      conversationId: "a1",
      agentId: "Explore",
    });
    expect(links.subagents.get("a1")).toEqual({
      threadKey: "conv:a1",
      agentId: "a1",
      sessionId: "s1",
      agentType: "Explore",
      toolUseId: "toolu_T1",
      spawnedBy: { threadKey: "conv:s1", toolUseId: "toolu_T1" },
    });
    expect(links.threadOfToolUse.get("toolu_T1")).toBe("conv:a1");
    expect(links.mainThreads).toEqual(new Map([["s1", "conv:s1"]]));
  });

  it("links a call to its subagent by the result's toolUseResult.agentId, or the agentId in its text", () => {
    const events = [
      ...file("p/s2.jsonl", [
        taskCall("u1", "s2", 1, "toolu_A", "general-purpose"),
        taskResult("u2", "s2", 5, "toolu_A", { status: "completed", agentId: "a2" }),
        taskCall("u3", "s2", 6, "toolu_B", "Plan"),
        taskResult("u4", "s2", 9, "toolu_B", undefined, "The plan.\nagentId: a3 (for resuming)"),
      ]),
      ...file("p/agent-a2.jsonl", [side("w1", "s2", 2, "a2", "working")]),
      ...file("p/agent-a3.jsonl", [side("x1", "s2", 7, "a3", "planning")]),
    ];
    const linked = linkDelegations(events);
    expect(at(linked.events, "p/s2.jsonl", 1).conversationId).toBe("a2");
    expect(at(linked.events, "p/s2.jsonl", 3).conversationId).toBe("a3");
    expect(at(linked.events, "p/agent-a2.jsonl", 1).agentId).toBe("general-purpose");
    expect(at(linked.events, "p/agent-a3.jsonl", 1).agentId).toBe("Plan");
    expect(linked.links.subagents.get("a3")).toMatchObject({ agentType: "Plan", toolUseId: "toolu_B" });
  });

  it("links a hook-only capture: by the PostToolUse response, else by the SubagentStart that follows the call", () => {
    const path = "logs/events.jsonl";
    const events = file(path, [
      hook("UserPromptSubmit", "h", 0, { prompt: "Plan the release" }),
      hook("PreToolUse", "h", 1, {
        tool_name: "Task",
        tool_use_id: "toolu_P",
        tool_input: { subagent_type: "Plan" },
      }),
      hook("PreToolUse", "h", 1, {
        tool_name: "Task",
        tool_use_id: "toolu_Q",
        tool_input: { subagent_type: "Explore" },
      }),
      hook("SubagentStart", "h", 2, { agent_id: "ag-e", agent_type: "Explore" }),
      hook("SubagentStart", "h", 2, { agent_id: "ag-p", agent_type: "Plan" }),
      hook("PreToolUse", "h", 3, {
        agent_id: "ag-p",
        agent_type: "Plan",
        tool_name: "Read",
        tool_use_id: "toolu_R",
      }),
      hook("SubagentStop", "h", 4, {
        agent_id: "ag-p",
        agent_type: "Plan",
        last_assistant_message: "Plan ready",
      }),
      hook("PostToolUse", "h", 5, {
        tool_name: "Task",
        tool_use_id: "toolu_P",
        tool_response: { content: [] },
      }),
      hook("PostToolUse", "h", 6, {
        tool_name: "Task",
        tool_use_id: "toolu_Z",
        tool_response: { agentId: "ag-z" },
      }),
      hook("PreToolUse", "h", 5, {
        tool_name: "Task",
        tool_use_id: "toolu_Z",
        tool_input: { subagent_type: "Explore" },
      }),
    ]);
    const { events: linked, links } = linkDelegations(events);
    expect(at(linked, path, 1).conversationId).toBe("h");
    expect(at(linked, path, 2).conversationId).toBe("ag-p");
    expect(at(linked, path, 3).conversationId).toBe("ag-e");
    expect(at(linked, path, 6)).toMatchObject({ conversationId: "ag-p", agentId: "Plan" });
    expect(at(linked, path, 8).conversationId).toBe("h");
    expect(at(linked, path, 10).conversationId).toBe("ag-z");
    expect(links.threadOfToolUse).toEqual(
      new Map([
        ["toolu_P", "conv:ag-p"],
        ["toolu_Q", "conv:ag-e"],
        ["toolu_Z", "conv:ag-z"],
      ]),
    );
    expect(links.subagents.get("ag-p")).toMatchObject({
      agentType: "Plan",
      sessionId: "h",
      toolUseId: "toolu_P",
    });
  });

  it("links a call to the subagent whose own transcript opens with its brief, in the same session", () => {
    const main = file("p/s7.jsonl", [
      prompt("u1", "s7", 0, "Deploy and add an alert"),
      briefCall("u2", "s7", 10, "toolu_D", "Deploy to staging"),
      briefCall("u3", "s7", 400, "toolu_A", "Add a disk alert"),
    ]);
    const subagents = [
      ...file("p/s7/subagents/agent-b2.jsonl", [
        briefed("v1", "s7", 401, "b2", "Add a disk alert"),
        side("v2", "s7", 402, "b2", "Adding"),
      ]),
      ...file("p/s7/subagents/agent-b1.jsonl", [briefed("w1", "s7", 11, "b1", "Deploy to staging")]),
      // The same brief in another session is another session's subagent.
      ...file("p/s8/subagents/agent-c1.jsonl", [briefed("x1", "s8", 5, "c1", "Add a disk alert")]),
    ];
    // A capture without times that missed the first start: its one start, of the second
    // subagent, would go to the first call by order alone.
    const starts = file("logs/subagent_start.json", [
      hook("SubagentStart", "s7", 0, { agent_id: "b2", agent_type: "general-purpose" }),
    ]).map((e) => guessed(e, 0));
    const { events, links } = linkDelegations([...starts, ...subagents, ...main]);
    expect(at(events, "p/s7.jsonl", 2).conversationId).toBe("b1");
    expect(at(events, "p/s7.jsonl", 3).conversationId).toBe("b2");
    expect(links.threadOfToolUse.get("toolu_A")).toBe("conv:b2");
    expect(links.subagents.get("b2")).toMatchObject({
      toolUseId: "toolu_A",
      spawnedBy: { threadKey: "conv:s7", toolUseId: "toolu_A" },
    });
    expect(links.subagents.get("c1")?.toolUseId).toBeUndefined();
    expect(links.subagents.has("toolu_A")).toBe(false);
  });

  it("links two calls with the same brief to two subagents, in time order", () => {
    const brief = "Run the test suite";
    const events = [
      ...file("p/s9.jsonl", [
        briefCall("u1", "s9", 50, "toolu_2", brief),
        briefCall("u2", "s9", 10, "toolu_1", brief),
      ]),
      ...file("p/s9/subagents/agent-z9.jsonl", [briefed("v1", "s9", 11, "z9", brief)]),
      ...file("p/s9/subagents/agent-a0.jsonl", [briefed("w1", "s9", 51, "a0", brief)]),
    ];
    const { links } = linkDelegations(events);
    expect(links.threadOfToolUse).toEqual(
      new Map([
        ["toolu_1", "conv:z9"],
        ["toolu_2", "conv:a0"],
      ]),
    );
  });

  it("pairs a SubagentStart by its written time before one whose time is a guess, never across sessions", () => {
    const path = "logs/hooks.jsonl";
    const pre = (seconds: number, id: string, session = "h") =>
      hook("PreToolUse", session, seconds, {
        tool_name: "Task",
        tool_use_id: id,
        tool_input: { subagent_type: "Explore" },
      });
    const start = (seconds: number, agent: string, session = "h") =>
      hook("SubagentStart", session, seconds, { agent_id: agent, agent_type: "Explore" });
    const read = file(path, [
      pre(10, "toolu_1"),
      pre(20, "toolu_2"),
      // Written time, after the first call: it is the first call's.
      start(12, "ag-written"),
      // A guess, placed between the first call and the written start: left to the call no start
      // of a written time is left for, whatever its place.
      start(11, "ag-guessed"),
      // Another session's start, at a fitting time: never paired with this session's calls.
      start(35, "ag-other", "h2"),
      pre(30, "toolu_3"),
    ]);
    const events = read.map((e) => (e.line === 4 ? guessed(e, 11) : e));
    const { links } = linkDelegations(events);
    expect(links.threadOfToolUse).toEqual(
      new Map([
        ["toolu_1", "conv:ag-written"],
        ["toolu_2", "conv:ag-guessed"],
        ["toolu_3", "conv:toolu_3"],
      ]),
    );
  });

  it("pairs untimed calls and starts of a one-file-per-hook capture in the order they fired, not by id", () => {
    // Capture scripts that keep one JSON array per hook write no times: the dating pass gives
    // every payload of the session the same guess. The first call's tool_use id sorts after the
    // second's, so an order by id would hand each call the other's subagent.
    const untimed = (name: string, fields: Record<string, unknown>) => {
      const payload: Record<string, unknown> = hook(name, "d", 0, fields);
      delete payload["timestamp"];
      return payload;
    };
    const agent = (id: string, brief: string) =>
      untimed("PreToolUse", {
        tool_name: "Agent",
        tool_use_id: id,
        tool_input: { subagent_type: "general-purpose", description: brief, prompt: brief },
      });
    const subagent = (name: string, agentId: string, extra = {}) =>
      untimed(name, { agent_id: agentId, agent_type: "general-purpose", ...extra });
    const read = [
      ...file("logs/pre_tool_use.json", [
        agent("toolu_01b", "Deploy to staging"),
        agent("toolu_011", "Add disk alert"),
      ]),
      ...file("logs/subagent_start.json", [
        subagent("SubagentStart", "deploy"),
        subagent("SubagentStart", "alert"),
      ]),
      // Only the first subagent stops; the stop names it and is never paired by its place.
      ...file("logs/subagent_stop.json", [
        subagent("SubagentStop", "deploy", { last_assistant_message: "Deployed" }),
      ]),
    ];
    expect(read.every((e) => Number.isNaN(e.ts))).toBe(true);
    const events = read.map((e) => guessed(e, 0));
    const forward = linkDelegations(events);
    const backward = linkDelegations([...events].reverse());
    for (const { events: linked, links } of [forward, backward]) {
      expect(links.threadOfToolUse).toEqual(
        new Map([
          ["toolu_01b", "conv:deploy"],
          ["toolu_011", "conv:alert"],
        ]),
      );
      expect(at(linked, "logs/pre_tool_use.json", 1).conversationId).toBe("deploy");
      expect(at(linked, "logs/pre_tool_use.json", 2).conversationId).toBe("alert");
      expect(at(linked, "logs/subagent_stop.json", 1).conversationId).toBe("deploy");
      expect(links.subagents.get("alert")).toMatchObject({
        toolUseId: "toolu_011",
        spawnedBy: { threadKey: "conv:d", toolUseId: "toolu_011" },
      });
    }
  });

  it("gives a call whose subagent nothing names its own thread, keyed by its tool_use id", () => {
    const { events, links } = linkDelegations(
      file("p/s3.jsonl", [taskCall("u1", "s3", 1, "toolu_X", "Explore")]),
    );
    expect(events[0]?.conversationId).toBe("toolu_X");
    expect(links.subagents.get("toolu_X")).toEqual({
      threadKey: "conv:toolu_X",
      sessionId: "s3",
      agentType: "Explore",
      toolUseId: "toolu_X",
      spawnedBy: { threadKey: "conv:s3", toolUseId: "toolu_X" },
    });
  });

  it("joins inline subagent entries without an agent id to the one call whose run holds them", () => {
    const path = "p/old.jsonl";
    const events = file(path, [
      prompt("u1", "s4", 0, "Check the docs"),
      taskCall("u2", "s4", 1, "toolu_O", "general-purpose"),
      side("u3", "s4", 2, undefined, "Looking"),
      taskResult("u4", "s4", 3, "toolu_O"),
      side("u5", "s4", 4, undefined, "A stray sidechain line"),
    ]);
    const { events: linked } = linkDelegations(events);
    expect(at(linked, path, 2).conversationId).toBe("toolu_O");
    expect(at(linked, path, 3)).toMatchObject({ conversationId: "toolu_O", agentId: "general-purpose" });
    expect(at(linked, path, 5)).toMatchObject({ conversationId: "s4:sidechain", agentId: "subagent" });
  });

  it("keeps context compaction's entries in their own thread as the main agent's, never a subagent", () => {
    const path = "p/s5/subagents/agent-acompact-1f2e.jsonl";
    const { events, links } = linkDelegations(
      file(path, [side("c1", "s5", 1, "acompact-1f2e", "Summary of the work")]),
    );
    expect(events[0]).toMatchObject({ conversationId: "acompact-1f2e", agentId: "main" });
    expect(links.subagents.size).toBe(0);
    expect(links.compactionThreads).toEqual(new Set(["conv:acompact-1f2e"]));
  });

  it("gives the same events and links whatever the order of the files", () => {
    const files = [
      file("p/s6.jsonl", [
        taskCall("u1", "s6", 1, "toolu_1", "Explore"),
        taskResult("u2", "s6", 3, "toolu_1", { agentId: "b1" }),
      ]),
      file("p/agent-b1.jsonl", [side("v1", "s6", 2, "b1", "looking")]),
      file("logs/hooks.jsonl", [
        hook("SubagentStart", "s6", 1.5, { agent_id: "b1", agent_type: "Explore" }),
        hook("SubagentStop", "s6", 2.5, { agent_id: "b1", agent_type: "Explore" }),
        hook("Stop", "s6", 4, { last_assistant_message: "All done" }),
      ]),
    ];
    const key = (events: readonly BaseEvent[]) =>
      Object.fromEntries(
        events.map((e) => [`${e.file}:${e.line}`, [e.conversationId, e.agentId, e.toAgent]]),
      );
    const forward = linkDelegations(files.flat());
    const backward = linkDelegations([...files].reverse().flat());
    expect(key(backward.events)).toEqual(key(forward.events));
    expect([...backward.links.subagents].sort()).toEqual([...forward.links.subagents].sort());
    expect(at(forward.events, "logs/hooks.jsonl", 3).conversationId).toBe("s6");
  });
});
