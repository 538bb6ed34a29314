import type { Analysis } from "../analysis.ts";
import { legacyEntry, type LegacyThreadEntry } from "../quality/legacy-threads.ts";
import type { MentionNames } from "../sessions/transcript.ts";
import { agentCard, type AgentCard } from "./agent-card.ts";
import { sessionCard, type SessionCard } from "./session-card.ts";
import { taskCard, type TaskCard } from "./task-card.ts";

/**
 * What more than one page family reads besides the analysis: every session's, task's and agent's
 * card (lists show them; pages link through their path segments and titles, and take their own
 * segment, title and pending question from them) and the names Discord mentions are shown as.
 * Made once per build and handed to every builder, so nothing is worked out twice.
 */
export interface SiteLookups {
  /** Session cards by work session id, in the Report's order: most recently active first. */
  sessionCards: ReadonlyMap<string, SessionCard>;
  /** Task cards by task id, in the Report's order. */
  taskCards: ReadonlyMap<string, TaskCard>;
  /** Agent cards by agent id, in the Report's order. */
  agentCards: ReadonlyMap<string, AgentCard>;
  /** Discord user ids to agent names, for the texts pages show. */
  names: MentionNames;
  /**
   * The entries of the threads outside work sessions, in the order of `analysis.legacyThreads`:
   * their own pages, the list of them on the quality pages and the agents' pages all show them.
   */
  legacyEntries: readonly LegacyThreadEntry[];
}

/** The cards and names of an analysis. */
export function siteLookups(analysis: Analysis): SiteLookups {
  const { report } = analysis;
  return {
    sessionCards: new Map(
      report.workSessions.map((s) => [
        s.workSessionId,
        sessionCard(s, analysis.untitledSessions.has(s.workSessionId)),
      ]),
    ),
    taskCards: new Map(
      report.tasks.map((t) => [t.taskId, taskCard(t, analysis.taskEvents.get(t.taskId) ?? [])]),
    ),
    agentCards: new Map(report.agents.map((a) => [a.agentId, agentCard(a)])),
    names: analysis.mentionNames,
    legacyEntries: analysis.legacyThreads.map(legacyEntry),
  };
}
