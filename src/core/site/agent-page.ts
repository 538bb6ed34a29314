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
  /** The newest fifty sessions it took part in (the rest are on the filtered session list). */
  sessions: z.array(SessionCard),
  /** How many sessions it took part in. */
  sessionCount: z.number().int(),
  /** Its tasks. */
  tasks: z.array(TaskCard),
});
export type AgentPage = z.infer<typeof AgentPage>;

/** How many sessions an agent's page lists. */
export const AGENT_SESSIONS_SHOWN = 50;

/** One agent's page, from the sessions it took part in (newest first) and its tasks. */
export function agentPage(
  agent: Agent,
  sessions: readonly SessionCard[],
  tasks: readonly TaskCard[],
): AgentPage {
  return {
    agent,
    segment: pathSegment(agent.agentId),
    sessions: sessions.slice(0, AGENT_SESSIONS_SHOWN),
    sessionCount: sessions.length,
    tasks: [...tasks],
  };
}
