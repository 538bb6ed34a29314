import * as z from "zod";
import { CollabCategory } from "../category.ts";
import { RedactionCount } from "../redact/redact.ts";
import type { Report } from "../report.ts";
import { AgentCard } from "./agent-card.ts";
import { EventListing } from "./events-page.ts";
import { SessionCard } from "./session-card.ts";
import type { SiteLookups } from "./site-lookups.ts";
import { TaskCard } from "./task-card.ts";

/** What every list page reads: one small file beside the per-session, task and agent shards. */
export const SiteIndex = z.object({
  /** The Report's generatedAt, epoch ms: relative times are said against it. */
  nowMs: z.number(),
  /** The IANA time zone (`--tz`) the pages show times and cut weeks in. */
  timeZone: z.string(),
  /** Distinct events read. */
  events: z.number().int(),
  /** Data-quality findings. */
  findings: z.number().int(),
  /** Sessions per category, in the fixed order of the ten categories. */
  categories: z.array(z.object({ category: CollabCategory, count: z.number().int() })),
  /** Every session, newest activity first. */
  sessions: z.array(SessionCard),
  /** Every task. */
  tasks: z.array(TaskCard),
  /** Every agent. */
  agents: z.array(AgentCard),
  /** The events pages' listings. */
  eventListings: z.array(EventListing),
  /**
   * The secrets replaced in the page data, per kind in the order of the rule table; empty when
   * nothing was found or the build was asked not to redact.
   */
  redactions: z.array(RedactionCount),
});
export type SiteIndex = z.infer<typeof SiteIndex>;

/** The index of a Report, from the cards and the events listings. */
export function siteIndex(
  report: Report,
  lookups: SiteLookups,
  eventListings: readonly EventListing[],
): SiteIndex {
  const counts = new Map<string, number>();
  for (const s of report.workSessions) counts.set(s.collabCategory, (counts.get(s.collabCategory) ?? 0) + 1);
  return {
    nowMs: Date.parse(report.generatedAt),
    timeZone: report.timeZone,
    events: report.input.events,
    findings: report.input.errors.length,
    categories: CollabCategory.options.map((category) => ({ category, count: counts.get(category) ?? 0 })),
    sessions: [...lookups.sessionCards.values()],
    tasks: [...lookups.taskCards.values()],
    agents: [...lookups.agentCards.values()],
    eventListings: [...eventListings],
    redactions: [],
  };
}
