import * as z from "zod";
import type { Analysis } from "../analysis.ts";
import type { SiteLookups } from "./site-lookups.ts";

/**
 * The page families beyond sessions, tasks, agents and events: each has one file that every page
 * of the family reads (its list, its counts) and one file per page, named by the page's path
 * segment. Their names are folders of the data folder, so none may be a folder the first four use.
 */
export const SITE_FAMILIES = ["postmortems", "drift", "reports", "quality", "legacy", "api"] as const;
export const SiteFamily = z.enum(SITE_FAMILIES);
export type SiteFamily = z.infer<typeof SiteFamily>;

/** One page of a family: its path segment and its page model. */
export const FamilyPage = z.object({
  /** The page's path segment (from pathSegment, or a week, or a page number). */
  segment: z.string(),
  /** The page model, whose schema the family's builder defines. */
  page: z.unknown(),
});
export type FamilyPage = z.infer<typeof FamilyPage>;

/** One family's page data, as the data folder holds it. */
export const FamilyData = z.object({
  /** Which family. */
  family: SiteFamily,
  /** What every page of the family reads: the family's builder defines its schema. */
  index: z.unknown(),
  /** One entry per page that has a file of its own. */
  pages: z.array(FamilyPage),
});
export type FamilyData = z.infer<typeof FamilyData>;

/** A builder of one family's page data, from the analysis and the cards every family shares. */
export type FamilyBuilder = (analysis: Analysis, lookups: SiteLookups) => FamilyData;
