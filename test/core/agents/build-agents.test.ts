import { describe, expect, it } from "vitest";
import { buildAgents } from "../../../src/core/agents/build-agents.ts";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import type { EventFacts } from "../../../src/core/event-facts.ts";
import type { WorkSession } from "../../../src/core/sessions/work-session.ts";
import type { TaskSummary } from "../../../src/core/tasks/task-summary.ts";
import { canonicalEvent } from "../../helpers/events.ts";

/** An event as classification leaves it; only what buildAgents reads is varied. */
const ev = (type: string, ts: number, fields: Partial<CanonicalEvent> = {}, facts: EventFacts = {}) =>
  canonicalEvent({ type, ts, facts, ...fields });

const NO_INPUT = { mainAgents: [], currentTasks: [] };
const byId = (agents: ReturnType<typeof buildAgents>) => new Map(agents.map((a) => [a.agentId, a]));

describe("buildAgents", () => {
  it("lists every agent seen, sorted by id, with its events and first and last times", () => {
    const agents = buildAgents(
      NO_INPUT,
      [
        ev("a2a.send", 10, { agentId: "seum", fromAgent: "seum", toAgent: "eden" }),
        ev("a2a.response", 20, { agentId: "eden", fromAgent: "eden", toAgent: "seum" }),
        ev("heartbeat", 30, { agentId: "miri" }),
      ],
      [],
      [],
    );
    expect(agents.map((a) => [a.agentId, a.events, a.firstSeenMs, a.lastSeenMs])).toEqual([
      ["eden", 2, 10, 20],
      ["miri", 1, 30, 30],
      ["seum", 2, 10, 20],
    ]);
  });

  it("calls an agent main when the config lists it, subagent when it ran as one, else unknown", () => {
    const agents = byId(
      buildAgents(
        { mainAgents: ["eden", "idle-main"], currentTasks: [] },
        [
          ev("a2a.spawn", 1, {
            agentId: "eden",
            fromAgent: "eden",
            toAgent: "explorer",
            toSessionType: "subagent",
          }),
          ev("heartbeat", 2, { agentId: "stranger" }),
        ],
        [],
        [],
      ),
    );
    expect(agents.get("eden")?.kind).toBe("main");
    expect(agents.get("idle-main")).toMatchObject({ kind: "main", events: 0 });
    expect(agents.get("idle-main")?.firstSeenMs).toBeUndefined();
    expect(agents.get("explorer")?.kind).toBe("subagent");
    expect(agents.get("stranger")?.kind).toBe("unknown");
  });

  it("records a state only when it changes, about the agent a lifecycle event names", () => {
    const [agent] = buildAgents(
      NO_INPUT,
      [
        ev("agent_started", 1, { agentId: "orchestrator", toAgent: "worker_1" }),
        ev("task_started", 2, { agentId: "worker_1" }),
        ev("task_started", 3, { agentId: "worker_1" }),
        ev("agent_blocked", 4, { agentId: "worker_1" }, { reason: "input" }),
        ev("agent_blocked", 5, { agentId: "worker_1" }, { reason: "tool crashed" }),
      ],
      [],
      [],
    ).filter((a) => a.agentId === "worker_1");
    expect(agent?.states).toEqual([
      { ts: 1, state: "running", eventType: "agent_started" },
      { ts: 2, state: "working", eventType: "task_started" },
      { ts: 4, state: "pending_input", eventType: "agent_blocked" },
      { ts: 5, state: "failed", eventType: "agent_blocked" },
    ]);
  });

  it("counts runs started and never stopped", () => {
    const run = (type: string, ts: number, conversationId: string) =>
      ev(type, ts, { agentId: "main", toAgent: "helper", conversationId });
    const agents = byId(
      buildAgents(
        NO_INPUT,
        [run("agent_started", 1, "c1"), run("agent_started", 2, "c2"), run("agent_stopped", 3, "c1")],
        [],
        [],
      ),
    );
    expect(agents.get("helper")?.unfinishedRuns).toBe(1);
    expect(agents.get("main")?.unfinishedRuns).toBe(0);
  });

  it("counts work sessions and tasks, and carries the agent's CURRENT_TASK.md", () => {
    const agents = byId(
      buildAgents(
        {
          mainAgents: [],
          currentTasks: [
            { agentId: "eden", file: "workspace-eden/CURRENT_TASK.md", record: { state: "none" } },
          ],
        },
        [],
        [{ agents: ["eden", "seum"] }, { agents: ["eden"] }] as unknown as WorkSession[],
        [{ agentId: "seum" }] as unknown as TaskSummary[],
      ),
    );
    expect(agents.get("eden")).toMatchObject({ workSessions: 2, tasks: 0, currentTask: { state: "none" } });
    expect(agents.get("seum")).toMatchObject({ workSessions: 1, tasks: 1 });
    expect(agents.get("seum")?.currentTask).toBeUndefined();
  });
});
