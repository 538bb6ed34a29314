import * as z from "zod";
import type { CanonicalEvent } from "../event.ts";
import type { LoadedInput } from "../input.ts";
import type { WorkSession } from "../sessions/work-session.ts";
import { CurrentTask } from "../tasks/current-task.ts";
import type { TaskSummary } from "../tasks/task-summary.ts";
import { AGENT_STATES, agentStateOf, type AgentState } from "./agent-states.ts";

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

/**
 * What is counted of one agent while the events are read; the Agent is made from it at the end.
 * It is a plain value, so that the incremental analysis can keep it and go on counting the events
 * a log gains later.
 */
export const AgentTally = z.object({
  /** Events it emitted, sent or received. */
  events: z.number().int().nonnegative(),
  /** Its first and last event, epoch ms. */
  firstSeenMs: z.number().optional(),
  lastSeenMs: z.number().optional(),
  /** Its states over time, as the Agent lists them. */
  states: Agent.shape.states,
  /** True once an event shows the agent on a subagent's side. */
  ranAsSubagent: z.boolean(),
  /** Runs started and not yet stopped, in the order they were started. */
  open: z.array(z.string()),
});
export type AgentTally = z.infer<typeof AgentTally>;

/** Every agent seen in events, task files or the config, by id. */
export function buildAgents(
  input: Pick<LoadedInput, "mainAgents" | "currentTasks">,
  events: readonly CanonicalEvent[],
  sessions: ReadonlyArray<Pick<WorkSession, "agents">>,
  tasks: ReadonlyArray<Pick<TaskSummary, "agentId">>,
): Agent[] {
  return agentsOf(input, tallyAgents(input.mainAgents, events), sessions, tasks);
}

/**
 * Each agent's tally of the events, counted in the order given (timeline order). The incremental
 * analysis tallies the new events alone and adds them to a kept tally (see mergeTallies).
 */
export function tallyAgents(
  mainAgents: readonly string[],
  events: readonly CanonicalEvent[],
): Map<string, AgentTally> {
  const agents = new Map<string, AgentTally>();
  // Runs are kept as a Set while counting, and written back as a list at the end.
  const open = new Map<string, Set<string>>();
  const get = (id: string): AgentTally => {
    let agent = agents.get(id);
    if (agent === undefined) {
      agent = { events: 0, states: [], ranAsSubagent: false, open: [] };
      agents.set(id, agent);
    }
    return agent;
  };
  const runsOf = (id: string): Set<string> => {
    let runs = open.get(id);
    if (runs === undefined) open.set(id, (runs = new Set()));
    return runs;
  };
  for (const id of mainAgents) get(id);
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
    const change = stateChangeOf(event);
    if (change === null) continue;
    const { subject, state } = change;
    const agent = get(subject);
    if (agent.states.at(-1)?.state !== state)
      agent.states.push({ ts: event.ts, state, eventType: event.type });
    const run = event.conversationId ?? `${event.workSessionId ?? ""}`;
    if (event.type === "agent_started") runsOf(subject).add(run);
    if (event.type === "agent_stopped") runsOf(subject).delete(run);
  }
  for (const [id, runs] of open) get(id).open = [...runs];
  return agents;
}

/** The Agents from their tallies, the sessions and tasks they took part in, and their CURRENT_TASK.md. */
export function agentsOf(
  input: Pick<LoadedInput, "mainAgents" | "currentTasks">,
  tallies: ReadonlyMap<string, AgentTally>,
  sessions: ReadonlyArray<Pick<WorkSession, "agents">>,
  tasks: ReadonlyArray<Pick<TaskSummary, "agentId">>,
): Agent[] {
  const mains = new Set(input.mainAgents);
  const counts = new Map<
    string,
    { workSessions: number; tasks: number; currentTask?: Agent["currentTask"] }
  >();
  const get = (id: string): { workSessions: number; tasks: number; currentTask?: Agent["currentTask"] } => {
    let count = counts.get(id);
    if (count === undefined) counts.set(id, (count = { workSessions: 0, tasks: 0 }));
    return count;
  };
  for (const id of tallies.keys()) get(id);
  for (const session of sessions) for (const id of session.agents) get(id).workSessions++;
  for (const task of tasks) get(task.agentId).tasks++;
  for (const { agentId, record } of input.currentTasks) get(agentId).currentTask = record;
  return [...counts]
    .map(([agentId, count]): Agent => {
      const tally = tallies.get(agentId);
      return {
        agentId,
        kind: mains.has(agentId) ? "main" : tally?.ranAsSubagent === true ? "subagent" : "unknown",
        events: tally?.events ?? 0,
        workSessions: count.workSessions,
        tasks: count.tasks,
        ...(tally?.firstSeenMs === undefined ? {} : { firstSeenMs: tally.firstSeenMs }),
        ...(tally?.lastSeenMs === undefined ? {} : { lastSeenMs: tally.lastSeenMs }),
        unfinishedRuns: tally?.open.length ?? 0,
        states: tally?.states ?? [],
        ...(count.currentTask === undefined ? {} : { currentTask: count.currentTask }),
      };
    })
    .sort((a, b) => (a.agentId < b.agentId ? -1 : 1));
}

/**
 * The agent whose state an event sets, and the state; null for an event that sets none. A
 * lifecycle event's subject is the agent started or stopped.
 */
export function stateChangeOf(
  event: Pick<CanonicalEvent, "type" | "agentId" | "toAgent" | "facts">,
): { subject: string; state: AgentState } | null {
  const subject =
    event.type === "agent_started" || event.type === "agent_stopped"
      ? (event.toAgent ?? event.agentId)
      : event.agentId;
  if (subject === null) return null;
  const state = agentStateOf(event.type, isLifecycle(event.type) ? event.facts : {});
  return state === null ? null : { subject, state };
}

/** Only these events' payloads decide a state; the rest are decided by type alone. */
function isLifecycle(type: string): boolean {
  return type === "agent_blocked";
}
