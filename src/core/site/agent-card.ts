import * as z from "zod";
import { AGENT_STATES } from "../agents/agent-states.ts";
import { Agent } from "../agents/build-agents.ts";
import { pathSegment } from "./path-segment.ts";

/** An agent as lists show it: the Report's counts, its path segment and its latest state. */
export const AgentCard = Agent.pick({
  agentId: true,
  kind: true,
  events: true,
  workSessions: true,
  tasks: true,
}).extend({
  /** Its path segment under `/agents/`. */
  segment: z.string(),
  /** When it was last seen, epoch ms; null when it never was. */
  lastSeenMs: z.number().nullable(),
  /** Its latest state, when lifecycle events said one. */
  state: z.enum(AGENT_STATES).nullable(),
});
export type AgentCard = z.infer<typeof AgentCard>;

/** An agent's card. */
export function agentCard(a: Agent): AgentCard {
  return {
    agentId: a.agentId,
    segment: pathSegment(a.agentId),
    kind: a.kind,
    events: a.events,
    workSessions: a.workSessions,
    tasks: a.tasks,
    lastSeenMs: a.lastSeenMs ?? null,
    state: a.states.at(-1)?.state ?? null,
  };
}
