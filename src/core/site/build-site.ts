import { z } from "zod";
import type { Analysis } from "../analysis.ts";
import { AgentPage, agentPages } from "./agent-page.ts";
import { EventsPage, eventsPages } from "./events-page.ts";
import { SessionPage, sessionPages } from "./session-page.ts";
import { SiteIndex, siteIndex } from "./site-index.ts";
import { siteLookups } from "./site-lookups.ts";
import { TaskPage, taskPages } from "./task-page.ts";

/** Everything the site renders, computed once: the index and one shard per page. */
export const SiteData = z.object({
  /** What the list pages read. */
  index: SiteIndex,
  /** One page per work session, in the Report's order. */
  sessions: z.array(SessionPage),
  /** One page per task. */
  tasks: z.array(TaskPage),
  /** One page per agent. */
  agents: z.array(AgentPage),
  /** Every page of every events listing. */
  events: z.array(EventsPage),
});
export type SiteData = z.infer<typeof SiteData>;

/**
 * Turns an analysis into the site's data. Pages only render these values; nothing here reads a
 * file, and nothing on a page computes more than a format. The cards every family links to are
 * made first, once; each page family then has a builder of its own.
 */
export function buildSiteData(analysis: Analysis): SiteData {
  const lookups = siteLookups(analysis);
  const events = eventsPages(analysis, lookups);
  return {
    index: siteIndex(analysis.report, lookups, events.listings),
    sessions: sessionPages(analysis, lookups),
    tasks: taskPages(analysis, lookups),
    agents: agentPages(analysis.report.agents, lookups),
    events: events.pages,
  };
}
