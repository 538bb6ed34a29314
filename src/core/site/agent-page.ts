import { z } from "zod";
import { Agent } from "../agents/build-agents.ts";
import { pathSegment } from "./path-segment.ts";
import { SessionCard } from "./session-card.ts";
import { TaskCard } from "./task-card.ts";

/** Everything one agent's page shows: one shard file per agent. */
export const AgentPage = z.object({
  /** The agent as the Report has it, with its state timeline. */
  agent: Agent,
  /** Its path segment. */
  segment: z.string(),
  /** The sessions it took part in, newest first. */
  sessions: z.array(SessionCard),
  /** Its tasks. */
  tasks: z.array(TaskCard),
});
export type AgentPage = z.infer<typeof AgentPage>;

/** One agent's page, from the sessions it took part in and its tasks. */
export function agentPage(agent: Agent, sessions: readonly SessionCard[], tasks: readonly TaskCard[]): AgentPage {
  return { agent, segment: pathSegment(agent.agentId), sessions: [...sessions], tasks: [...tasks] };
}
