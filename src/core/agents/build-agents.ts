import { z } from "zod";
import type { CanonicalEvent } from "../event.ts";
import type { LoadedInput } from "../input.ts";
import type { WorkSession } from "../sessions/work-session.ts";
import { CurrentTask } from "../tasks/current-task.ts";
import type { TaskSummary } from "../tasks/task-summary.ts";
import { AGENT_STATES, agentStateOf } from "./agent-states.ts";

/** An agent, as the Report lists it. */
export const Agent = z.object({
  /** Its id. */
  agentId: z.string(),
  /** `main` when openclaw.json lists it (or it is `main`), `subagent` when it ran as one, else `unknown`. */
  kind: z.enum(["main", "subagent", "unknown"]),
  /** Events it emitted, sent or received. */
  events: z.number().int().nonnegative(),
  /** Work sessions it took part in. */
  workSessions: z.number().int().nonnegative(),
  /** Tasks in its workspace or started by it. */
  tasks: z.number().int().nonnegative(),
  /** Its first and last event, epoch ms. */
  firstSeenMs: z.number().optional(),
  lastSeenMs: z.number().optional(),
  /** Runs started and never stopped: a subagent that died or hung (see docs/formats.md#payload-fields). */
  unfinishedRuns: z.number().int().nonnegative(),
  /** Its states over time, from lifecycle and task events; a state is listed when it changes. */
  states: z.array(z.object({ ts: z.number(), state: z.enum(AGENT_STATES), eventType: z.string() })),
  /** What its CURRENT_TASK.md says, when it has one. */
  currentTask: CurrentTask.optional(),
});
export type Agent = z.infer<typeof Agent>;

/** What is counted of one agent while the events are read; the Agent is made from it at the end. */
interface AgentTally {
  events: number;
  workSessions: number;
  tasks: number;
  firstSeenMs?: number;
  lastSeenMs?: number;
  states: Agent["states"];
  /** True once an event shows the agent on a subagent's side. */
  ranAsSubagent: boolean;
  /** Runs started and not yet stopped. */
  open: Set<string>;
  currentTask?: Agent["currentTask"];
}

/** Every agent seen in events, task files or the config, by id. */
export function buildAgents(
  input: Pick<LoadedInput, "mainAgents" | "currentTasks">,
  events: readonly CanonicalEvent[],
  sessions: readonly WorkSession[],
  tasks: readonly TaskSummary[],
): Agent[] {
  const mains = new Set(input.mainAgents);
  const agents = new Map<string, AgentTally>();
  const get = (id: string): AgentTally => {
    let agent = agents.get(id);
    if (agent === undefined) {
      agent = { events: 0, workSessions: 0, tasks: 0, states: [], ranAsSubagent: false, open: new Set() };
      agents.set(id, agent);
    }
    return agent;
  };
  for (const id of mains) get(id);
  const seen = (id: string, ts: number): void => {
    const agent = get(id);
    agent.events++;
    agent.firstSeenMs ??= ts;
    agent.lastSeenMs = ts;
  };
  for (const event of events) {
    // Each agent the event involves counts it once, in the order emitter, sender, receiver;
    // compared by hand rather than through a Set, as every event passes here.
    const { agentId, fromAgent, toAgent } = event;
    if (agentId !== null) seen(agentId, event.ts);
    if (fromAgent !== null && fromAgent !== agentId) seen(fromAgent, event.ts);
    if (toAgent !== null && toAgent !== agentId && toAgent !== fromAgent) seen(toAgent, event.ts);
    if (event.fromAgent !== null && event.fromSessionType === "subagent")
      get(event.fromAgent).ranAsSubagent = true;
    if (event.toAgent !== null && event.toSessionType === "subagent") get(event.toAgent).ranAsSubagent = true;
    const subject =
      event.type === "agent_started" || event.type === "agent_stopped"
        ? (event.toAgent ?? event.agentId)
        : event.agentId;
    if (subject === null) continue;
    const state = agentStateOf(event.type, isLifecycle(event.type) ? event.facts : {});
    if (state === null) continue;
    const agent = get(subject);
    if (agent.states.at(-1)?.state !== state)
      agent.states.push({ ts: event.ts, state, eventType: event.type });
    const run = event.conversationId ?? `${event.workSessionId ?? ""}`;
    if (event.type === "agent_started") agent.open.add(run);
    if (event.type === "agent_stopped") agent.open.delete(run);
  }
  for (const session of sessions) for (const id of session.agents) get(id).workSessions++;
  for (const task of tasks) get(task.agentId).tasks++;
  for (const { agentId, record } of input.currentTasks) get(agentId).currentTask = record;
  return [...agents]
    .map(([agentId, tally]): Agent => ({
      agentId,
      kind: mains.has(agentId) ? "main" : tally.ranAsSubagent ? "subagent" : "unknown",
      events: tally.events,
      workSessions: tally.workSessions,
      tasks: tally.tasks,
      ...(tally.firstSeenMs === undefined ? {} : { firstSeenMs: tally.firstSeenMs }),
      ...(tally.lastSeenMs === undefined ? {} : { lastSeenMs: tally.lastSeenMs }),
      unfinishedRuns: tally.open.size,
      states: tally.states,
      ...(tally.currentTask === undefined ? {} : { currentTask: tally.currentTask }),
    }))
    .sort((a, b) => (a.agentId < b.agentId ? -1 : 1));
}

/** Only these events' payloads decide a state; the rest are decided by type alone. */
function isLifecycle(type: string): boolean {
  return type === "agent_blocked";
}
