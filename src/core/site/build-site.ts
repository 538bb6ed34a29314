import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import { legacyEntriesByAgent } from "../quality/legacy-threads.ts";
import { publish, type PublishOptions } from "../redact/publish.ts";
import { Redactor } from "../redact/redact.ts";
import { AgentPage, agentPages } from "./agent-page.ts";
import type { EventRow } from "./event-row.ts";
import { EventsPage, eventsPages } from "./events-page.ts";
import { FAMILY_BUILDERS } from "./families.ts";
import { FamilyData } from "./site-family.ts";
import { SessionPage, sessionPages } from "./session-page.ts";
import { SiteIndex, siteIndex } from "./site-index.ts";
import { siteLookups } from "./site-lookups.ts";
import type { SiteShard } from "./site-shard.ts";
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
 * The site's shards one at a time, each published, and last, as the generator's return value,
 * the index: its redaction counts can only be known once every shard has been published.
 */
export type SiteShards = Generator<SiteShard, SiteIndex, undefined>;

/**
 * Turns an analysis into the site's data, one shard at a time. Pages only render these values;
 * nothing here reads a file, and nothing on a page computes more than a format. The cards every
 * family links to are made first, once; each page family then has a builder of its own, which
 * makes a page only when the next shard is asked for. Each shard passes through `publish` as it is
 * made: a site is made to be shared, so secrets in the logs' texts are replaced and no page shows
 * an absolute path of the machine it was built on. One redactor serves every shard and counts each
 * distinct text once, so the counts the index gets last do not depend on the order of the shards.
 *
 * The shards come in the order sessions, tasks, agents, events pages, then each family's index
 * followed by its pages; whoever writes them may let go of each once it is written, so only the
 * shards being written are ever held, never the whole of the site's data.
 */
export function* siteShards(analysis: Analysis, options: SiteDataOptions = {}): SiteShards {
  const lookups = siteLookups(analysis);
  const redactor = options.redact === false ? null : new Redactor();
  const publishing: PublishOptions = { redactor, inputRoots: options.inputRoots ?? [] };
  for (const page of sessionPages(analysis, lookups))
    yield { file: { kind: "session", segment: page.segment }, value: publish(page, publishing) };
  for (const page of taskPages(analysis, lookups))
    yield { file: { kind: "task", segment: page.segment }, value: publish(page, publishing) };
  const legacyOf = legacyEntriesByAgent(lookups.legacyEntries);
  for (const page of agentPages(analysis.report.agents, lookups, legacyOf))
    yield { file: { kind: "agent", segment: page.segment }, value: publish(page, publishing) };
  const events = eventsPages(analysis, lookups);
  for (const { listing, page, rows } of events.pages)
    yield { file: { kind: "events", listing, page }, value: publish(rows, publishing) };
  for (const build of FAMILY_BUILDERS) {
    const { family, index, pages } = build(analysis, lookups);
    yield { file: { kind: "family", family }, value: publish(index, publishing) };
    for (const { segment, page } of pages)
      yield { file: { kind: "familyPage", family, segment }, value: publish(page, publishing) };
  }
  const index = publish(siteIndex(analysis.report, lookups, events.listings), publishing);
  return { ...index, redactions: redactor?.counts() ?? [] };
}

/**
 * The whole of the site's data at once: the shards of `siteShards` collected, for the tests and
 * callers that look at every page together. A build writes the shards as they come instead.
 */
export function buildSiteData(analysis: Analysis, options: SiteDataOptions = {}): SiteData {
  const sessions: SessionPage[] = [];
  const tasks: TaskPage[] = [];
  const agents: AgentPage[] = [];
  const events: EventsPage[] = [];
  const families: FamilyData[] = [];
  const shards = siteShards(analysis, options);
  for (let next = shards.next(); ; next = shards.next()) {
    if (next.done === true) return { index: next.value, sessions, tasks, agents, events, families };
    const { file, value } = next.value;
    // The shard's kind says which page model its value is (SiteShard pairs them).
    if (file.kind === "session") sessions.push(value as SessionPage);
    else if (file.kind === "task") tasks.push(value as TaskPage);
    else if (file.kind === "agent") agents.push(value as AgentPage);
    else if (file.kind === "events")
      events.push({ listing: file.listing, page: file.page, rows: value as EventRow[] });
    else if (file.kind === "family") families.push({ family: file.family, index: value, pages: [] });
    else families.find((f) => f.family === file.family)?.pages.push({ segment: file.segment, page: value });
  }
}
