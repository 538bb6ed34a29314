import { z } from "zod";
import type { Analysis } from "../analysis.ts";
import { legacyEntriesByAgent } from "../quality/legacy-threads.ts";
import { publish } from "../redact/publish.ts";
import { Redactor } from "../redact/redact.ts";
import { AgentPage, agentPages } from "./agent-page.ts";
import { EventsPage, eventsPages } from "./events-page.ts";
import { FAMILY_BUILDERS } from "./families.ts";
import { FamilyData } from "./site-family.ts";
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
  /** The page data of the other families (postmortems, reports, drift, quality…), one entry each. */
  families: z.array(FamilyData),
});
export type SiteData = z.infer<typeof SiteData>;

/** How the site's data is made fit to publish. */
export interface SiteDataOptions {
  /** Replace secrets in every text from a log (the default); false keeps text as it is. */
  redact?: boolean;
  /**
   * The inputs, as absolute paths: a file path outside the working directory is shown relative to
   * the input it was found under. Without them such a path is shown by its file name alone.
   */
  inputRoots?: readonly string[];
}

/**
 * Turns an analysis into the site's data. Pages only render these values; nothing here reads a
 * file, and nothing on a page computes more than a format. The cards every family links to are
 * made first, once; each page family then has a builder of its own. Last, the whole of it passes
 * through `publish` once: a site is made to be shared, so secrets in the logs' texts are replaced
 * (counted in the index) and no page shows an absolute path of the machine it was built on.
 */
export function buildSiteData(analysis: Analysis, options: SiteDataOptions = {}): SiteData {
  const lookups = siteLookups(analysis);
  const events = eventsPages(analysis, lookups);
  const built: SiteData = {
    index: siteIndex(analysis.report, lookups, events.listings),
    sessions: sessionPages(analysis, lookups),
    tasks: taskPages(analysis, lookups),
    agents: agentPages(analysis.report.agents, lookups, legacyEntriesByAgent(lookups.legacyEntries)),
    events: events.pages,
    families: FAMILY_BUILDERS.map((build) => build(analysis, lookups)),
  };
  const redactor = options.redact === false ? null : new Redactor();
  const published = publish(built, { redactor, inputRoots: options.inputRoots ?? [] });
  return { ...published, index: { ...published.index, redactions: redactor?.counts() ?? [] } };
}
