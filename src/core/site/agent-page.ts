import * as z from "zod";
import { Agent } from "../agents/build-agents.ts";
import { pushTo } from "../group.ts";
import { LegacyThreadEntry } from "../quality/legacy-threads.ts";
import type { AgentCard } from "./agent-card.ts";
import { AgentSwimlane, agentSwimlane } from "./agent-swimlane.ts";
import { SessionCard } from "./session-card.ts";
import type { SiteLookups } from "./site-lookups.ts";
import { TaskCard } from "./task-card.ts";

/** How many sessions an agent's page lists. */
const AGENT_SESSIONS_SHOWN = 50;

/** How many conversations outside work sessions an agent's page lists; the rest are on their list. */
export const AGENT_LEGACY_SHOWN = 50;

/** Everything one agent's page shows: one shard file per agent. */
export const AgentPage = z.object({
  /** The agent as the Report has it, with its state timeline. */
  agent: Agent,
  /** Its path segment. */
  segment: z.string(),
  /** Its states over time drawn as lanes on a time axis; null when it has no state to draw. */
  swimlane: AgentSwimlane.nullable(),
  /** The newest fifty sessions it took part in (the rest are on the filtered session list). */
  sessions: z.array(SessionCard),
  /** How many sessions it took part in. */
  sessionCount: z.number().int(),
  /** Its tasks. */
  tasks: z.array(TaskCard),
  /** The newest fifty conversations outside work sessions it took part in, newest first. */
  legacyThreads: z.array(LegacyThreadEntry),
  /** How many conversations outside work sessions it took part in. */
  legacyThreadCount: z.number().int().nonnegative(),
});
export type AgentPage = z.infer<typeof AgentPage>;

/**
 * Every agent's page, in the Report's order, from the session and task cards (newest first) and
 * each agent's conversations outside work sessions (newest first, from legacyEntriesByAgent). The
 * cards are grouped by agent once, before the first page; each page is made only when it is asked
 * for.
 */
export function* agentPages(
  agents: readonly Agent[],
  lookups: SiteLookups,
  legacyOf: ReadonlyMap<string, readonly LegacyThreadEntry[]>,
): Generator<AgentPage, void, undefined> {
  const sessionsOf = new Map<string, SessionCard[]>();
  for (const card of lookups.sessionCards.values())
    for (const agent of card.agents) pushTo(sessionsOf, agent, card);
  const tasksOf = new Map<string, TaskCard[]>();
  for (const card of lookups.taskCards.values()) pushTo(tasksOf, card.agentId, card);
  for (const agent of agents) {
    const sessions = sessionsOf.get(agent.agentId) ?? [];
    const legacy = legacyOf.get(agent.agentId) ?? [];
    yield {
      agent,
      segment: (lookups.agentCards.get(agent.agentId) as AgentCard).segment,
      swimlane: agentSwimlane(agent.states, agent.lastSeenMs),
      sessions: sessions.slice(0, AGENT_SESSIONS_SHOWN),
      sessionCount: sessions.length,
      tasks: tasksOf.get(agent.agentId) ?? [],
      legacyThreads: legacy.slice(0, AGENT_LEGACY_SHOWN),
      legacyThreadCount: legacy.length,
    };
  }
}
