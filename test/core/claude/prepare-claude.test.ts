import { describe, expect, it } from "vitest";
import { prepareEvents } from "../../../src/core/claude/prepare-claude.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import { readEvent } from "../../helpers/events.ts";

const T0 = Date.parse("2026-03-03T02:00:00Z");
const iso = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();
const SESSION = "1d3f7002-4e44-48e6-a47f-2e8c8fa50c72";
const base = { cwd: "/home/dev/app", version: "2.1.3", userType: "external", sessionId: SESSION };

const user = (uuid: string, seconds: number, text: string, agentId?: string) => ({
  ...base,
  type: "user",
  uuid,
  timestamp: iso(seconds),
  isSidechain: agentId !== undefined,
  ...(agentId === undefined ? {} : { agentId }),
  message: { role: "user", content: text },
});
const agentCall = (uuid: string, seconds: number, id: string, description: string, brief: string) => ({
  ...base,
  type: "assistant",
  uuid,
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
        name: "Agent",
        input: { subagent_type: "general-purpose", description, prompt: brief },
      },
    ],
  },
});
const answer = (uuid: string, seconds: number, agentId: string, text: string) => ({
  ...base,
  type: "assistant",
  uuid,
  timestamp: iso(seconds),
  isSidechain: true,
  agentId,
  message: {
    id: `msg_${uuid}`,
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [{ type: "text", text }],
  },
});
/** A hook payload as a one-kind-per-file capture keeps it: no time of its own. */
const subagentHook = (name: string, agentId: string) => ({
  session_id: SESSION,
  transcript_path: `/home/dev/.claude/projects/-home-dev-app/${SESSION}.jsonl`,
  cwd: "/home/dev/app",
  hook_event_name: name,
  agent_id: agentId,
  agent_type: "general-purpose",
});

const file = (path: string, lines: Record<string, unknown>[]): BaseEvent[] =>
  lines.map((line, n) => readEvent(line, path, n + 1));

const at = (events: readonly BaseEvent[], path: string, line: number): BaseEvent => {
  const found = events.find((e) => e.file === path && e.line === line);
  if (found === undefined) throw new Error(`no event at ${path}:${line}`);
  return found;
};

/**
 * A session of the layout the sample shows: two Agent calls, the second's subagent never
 * stopped, no `.meta.json` and no result naming the agents, and SubagentStart/SubagentStop
 * captures without times, one kind of hook per file.
 */
const main = `p/${SESSION}.jsonl`;
const first = `p/${SESSION}/subagents/agent-a29489c1.jsonl`;
const second = `p/${SESSION}/subagents/agent-7ce39207.jsonl`;
const compaction = `p/${SESSION}/subagents/agent-acompact-7f6d5c38.jsonl`;
const starts = "logs/subagent_start.json";
const stops = "logs/subagent_stop.json";
const session = [
  ...file(main, [
    user("m1", 5, "/deploy staging"),
    agentCall("m2", 10, "toolu_deploy", "Deploy to staging", "Build the image and deploy it to staging."),
    user("m3", 400, "Add a disk alert if it is missing."),
    agentCall("m4", 438, "toolu_alert", "Add disk alert", "Add a disk usage alert to deploy/alerts.yaml."),
  ]),
  ...file(first, [
    user("a1", 11, "Build the image and deploy it to staging.", "a29489c1"),
    answer("a2", 159, "a29489c1", "Deployed."),
  ]),
  ...file(second, [user("b1", 439, "Add a disk usage alert to deploy/alerts.yaml.", "7ce39207")]),
  ...file(compaction, [
    user("c1", 409, "Summarize the conversation so far.", "acompact-7f6d5c38"),
    answer("c2", 429, "acompact-7f6d5c38", "The user deployed to staging."),
  ]),
  ...file(starts, [subagentHook("SubagentStart", "a29489c1"), subagentHook("SubagentStart", "7ce39207")]),
  ...file(stops, [subagentHook("SubagentStop", "a29489c1")]),
];

describe("prepareEvents", () => {
  it("dates untimed subagent hooks from their subagents and links each call to its subagent by its brief", () => {
    const { events, links, findings } = prepareEvents({ events: session });
    expect(at(events, starts, 1)).toMatchObject({ ts: T0 + 11_000, tsEstimated: true });
    expect(at(events, starts, 2)).toMatchObject({ ts: T0 + 439_000, tsEstimated: true });
    expect(at(events, stops, 1)).toMatchObject({ ts: T0 + 159_000, tsEstimated: true });
    expect(at(events, main, 2).conversationId).toBe("a29489c1");
    expect(at(events, main, 4).conversationId).toBe("7ce39207");
    expect(links.threadOfToolUse).toEqual(
      new Map([
        ["toolu_alert", "conv:7ce39207"],
        ["toolu_deploy", "conv:a29489c1"],
      ]),
    );
    expect([...links.subagents.keys()].sort()).toEqual(["7ce39207", "a29489c1"]);
    expect(links.subagents.get("7ce39207")?.spawnedBy).toEqual({
      threadKey: `conv:${SESSION}`,
      toolUseId: "toolu_alert",
    });
    expect(findings.map((f) => [f.file, f.reason.split(": ")[1]?.split(", ")[1]])).toEqual([
      [starts, "2 by their subagent's transcript"],
      [stops, "1 by their subagent's transcript"],
    ]);
  });

  it("keeps context compaction in its session as the main agent's work, never an agent of its own", () => {
    const { events, links } = prepareEvents({ events: session });
    const compacting = events.filter((e) => e.file === compaction);
    expect(compacting.map((e) => [e.agentId, e.conversationId])).toEqual([
      ["main", "acompact-7f6d5c38"],
      ["main", "acompact-7f6d5c38"],
    ]);
    expect(events.some((e) => e.agentId === "compaction")).toBe(false);
    expect(links.compactionThreads).toEqual(new Set(["conv:acompact-7f6d5c38"]));
    expect(links.subagents.has("acompact-7f6d5c38")).toBe(false);
  });
});
