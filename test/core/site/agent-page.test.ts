import { describe, expect, it } from "vitest";
import { legacyEntriesByAgent, legacyEntry } from "../../../src/core/quality/legacy-threads.ts";
import { AGENT_LEGACY_SHOWN, AgentPage, agentPages } from "../../../src/core/site/agent-page.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { agent, analysis, task, thread, workSession } from "./fixtures.ts";

describe("agentPages", () => {
  const sessions = Array.from({ length: 60 }, (_, i) =>
    workSession(`ws-${i}`, { agents: i % 2 === 0 ? ["main", "nuri"] : ["main"] }),
  );
  const data = analysis({
    workSessions: sessions,
    tasks: [task("task_a", { agentId: "nuri" }), task("task_b", { agentId: "main" })],
    agents: [
      agent("main", {
        states: [
          { ts: 0, state: "working", eventType: "task.started" },
          { ts: 500, state: "idle", eventType: "task.completed" },
        ],
        lastSeenMs: 1_000,
      }),
      agent("nuri"),
      agent("Ghost"),
    ],
  });
  const legacy = Array.from({ length: AGENT_LEGACY_SHOWN + 2 }, (_, i) =>
    legacyEntry(thread("main", i === 0 ? "nuri" : "seum", { threadKey: `pair:t${i}`, startMs: i })),
  );
  const [main, nuri, ghost] = agentPages(data.report.agents, siteLookups(data), legacyEntriesByAgent(legacy));

  it("makes one page per agent that passes its schema, with the agent's card's segment", () => {
    expect(AgentPage.safeParse(main).success).toBe(true);
    expect([main?.segment, nuri?.segment, ghost?.segment]).toEqual(["main", "nuri", "~47host"]);
  });

  it("lists the newest fifty of its sessions, in the Report's order, and counts them all", () => {
    expect(main?.sessionCount).toBe(60);
    expect(main?.sessions).toHaveLength(50);
    expect(main?.sessions[0]?.id).toBe("ws-0");
    expect(nuri?.sessionCount).toBe(30);
    expect(nuri?.sessions.map((s) => s.id).slice(0, 2)).toEqual(["ws-0", "ws-2"]);
  });

  it("lists its own tasks, and nothing for an agent with neither sessions nor tasks", () => {
    expect(nuri?.tasks.map((t) => t.taskId)).toEqual(["task_a"]);
    expect(main?.tasks.map((t) => t.taskId)).toEqual(["task_b"]);
    expect([ghost?.sessions, ghost?.sessionCount, ghost?.tasks]).toEqual([[], 0, []]);
  });

  it("lists the newest of its conversations outside work sessions, and counts them all", () => {
    expect(main?.legacyThreadCount).toBe(AGENT_LEGACY_SHOWN + 2);
    expect(main?.legacyThreads).toHaveLength(AGENT_LEGACY_SHOWN);
    expect(main?.legacyThreads[0]?.startMs).toBe(AGENT_LEGACY_SHOWN + 1);
    expect(nuri?.legacyThreads.map((e) => e.threadKey)).toEqual(["pair:t0"]);
    expect([ghost?.legacyThreads, ghost?.legacyThreadCount]).toEqual([[], 0]);
  });

  it("draws the agent's states as a swimlane, one rect per state span, and none without states", () => {
    expect(main?.swimlane?.lanes.map((l) => [l.state, l.rects.length])).toEqual([
      ["working", 1],
      ["idle", 1],
    ]);
    expect(main?.swimlane?.endMs).toBe(1_000);
    expect(nuri?.swimlane).toBeNull();
  });
});
