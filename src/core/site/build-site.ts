import type { Agent } from "../agents/build-agents.ts";
import { CollabCategory } from "../category.ts";
import type { CanonicalEvent } from "../event.ts";
import type { Analysis } from "../analysis.ts";
import type { TaskSummary } from "../tasks/task-summary.ts";
import { agentPage, type AgentPage } from "./agent-page.ts";
import { eventRow, type EventRow } from "./event-row.ts";
import { pathSegment } from "./path-segment.ts";
import { sessionCard } from "./session-card.ts";
import { sessionPage, type SessionPage } from "./session-page.ts";
import {
  EVENTS_PER_PAGE,
  LISTED_ROLES,
  type AgentCard,
  type EventListing,
  type SiteIndex,
} from "./site-index.ts";
import { taskCard, taskTitle } from "./task-card.ts";
import { taskPage, type TaskPage } from "./task-page.ts";
import { pushTo } from "../group.ts";

/** One page of one events listing. */
export interface EventsPage {
  /** The listing's segment (`all` or a role). */
  listing: string;
  /** 1-based page number. */
  page: number;
  /** Its rows. */
  rows: EventRow[];
}

/** Everything the site renders, computed once: the index and one shard per page family. */
export interface SiteData {
  index: SiteIndex;
  sessions: SessionPage[];
  tasks: TaskPage[];
  agents: AgentPage[];
  events: EventsPage[];
}

/**
 * Turns an analysis into the site's data. Pages only render these values; nothing here reads a
 * file, and nothing on a page computes more than a format.
 */
export function buildSiteData(analysis: Analysis): SiteData {
  const { report } = analysis;
  const nowMs = Date.parse(report.generatedAt);
  const names = analysis.mentionNames;
  const sessionById = new Map(report.workSessions.map((s) => [s.workSessionId, s]));
  const sessionOf = new Map<CanonicalEvent, string>();
  for (const [id, events] of analysis.sessionEvents)
    for (const e of events) if (e.eventRole !== "conversation.main") sessionOf.set(e, id);

  const sessionCards = report.workSessions.map(sessionCard);
  const eventsByTask = analysis.taskEvents;
  const titles = new Map(
    report.tasks.map((t) => [
      t.taskId,
      taskTitle(
        t,
        (eventsByTask.get(t.taskId) ?? []).map((e) => ({ type: e.type, data: e.facts })),
      ),
    ]),
  );
  const taskCards = report.tasks.map((t) => taskCard(t, titles.get(t.taskId)));
  const cardById = new Map(taskCards.map((c) => [c.taskId, c]));
  const sessions = report.workSessions.map((s) =>
    sessionPage(s, analysis.sessionEvents.get(s.workSessionId) ?? [], {
      sessions: sessionById,
      tasks: cardById,
      unattributed: report.unattributed,
      names,
    }),
  );
  const fileOf = analysis.taskFiles;
  const historyOf = analysis.taskHistory;
  const tasks = report.tasks.map((t: TaskSummary) =>
    taskPage(
      t,
      titles.get(t.taskId) ?? t.taskId,
      fileOf.get(t.taskId),
      historyOf.get(t.taskId),
      eventsByTask.get(t.taskId) ?? [],
      names,
    ),
  );
  const cardsByAgent = new Map<string, typeof sessionCards>();
  for (const card of sessionCards) for (const agent of card.agents) pushTo(cardsByAgent, agent, card);
  const tasksByAgent = new Map<string, typeof taskCards>();
  for (const card of taskCards) pushTo(tasksByAgent, card.agentId, card);
  const agents = report.agents.map((a) =>
    agentPage(a, cardsByAgent.get(a.agentId) ?? [], tasksByAgent.get(a.agentId) ?? []),
  );

  const listed = analysis.events.filter((e) => (LISTED_ROLES as readonly string[]).includes(e.eventRole));
  const events: EventsPage[] = [];
  const eventListings: EventListing[] = [];
  const allRows = listed.map((e) => eventRow(e, sessionOf.get(e) ?? null, names));
  for (const role of ["all", ...LISTED_ROLES] as const) {
    const rows = role === "all" ? allRows : allRows.filter((r) => r.eventRole === role);
    const pages = Math.max(1, Math.ceil(rows.length / EVENTS_PER_PAGE));
    eventListings.push({ role, segment: role, events: rows.length, pages });
    for (let page = 1; page <= pages; page++)
      events.push({
        listing: role,
        page,
        rows: rows.slice((page - 1) * EVENTS_PER_PAGE, page * EVENTS_PER_PAGE),
      });
  }

  const counts = new Map<string, number>();
  for (const s of report.workSessions) counts.set(s.collabCategory, (counts.get(s.collabCategory) ?? 0) + 1);
  const index: SiteIndex = {
    generatedAt: report.generatedAt,
    nowMs,
    events: report.input.events,
    duplicates: report.input.duplicates,
    findings: report.input.errors.length,
    unattributed: report.unattributed.length,
    categories: CollabCategory.options.map((category) => ({ category, count: counts.get(category) ?? 0 })),
    sessions: sessionCards,
    tasks: taskCards,
    agents: report.agents.map(agentCard),
    eventListings,
    eventTypes: [...new Set(listed.map((e) => e.type))].sort(),
  };
  return { index, sessions, tasks, agents, events };
}

function agentCard(a: Agent): AgentCard {
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
