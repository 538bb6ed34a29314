import * as z from "zod";
import { AgentPage } from "./agent-page.ts";
import { EventRow } from "./event-row.ts";
import { SessionPage } from "./session-page.ts";
import { SiteFamily } from "./site-family.ts";
import { TaskPage } from "./task-page.ts";

/**
 * One file of the page data and the value it holds, as the site's data is handed out one page at
 * a time. Each `file` has the shape of a page-data file of the data folder's layout
 * (src/site/data-folder.ts), which the IO shell turns into a path: the core names the file, the
 * shell places it.
 */
export const SiteShard = z.union([
  z.object({
    /** One session's page, by its path segment. */
    file: z.object({ kind: z.literal("session"), segment: z.string() }),
    /** The session's page model. */
    value: SessionPage,
  }),
  z.object({
    /** One task's page, by its path segment. */
    file: z.object({ kind: z.literal("task"), segment: z.string() }),
    /** The task's page model. */
    value: TaskPage,
  }),
  z.object({
    /** One agent's page, by its path segment. */
    file: z.object({ kind: z.literal("agent"), segment: z.string() }),
    /** The agent's page model. */
    value: AgentPage,
  }),
  z.object({
    /** One page of an events listing: the listing's segment and the page number, from 1. */
    file: z.object({ kind: z.literal("events"), listing: z.string(), page: z.number().int().positive() }),
    /** The page's rows, oldest first. */
    value: z.array(EventRow),
  }),
  z.object({
    /** What every page of a family reads, by the family's name. */
    file: z.object({ kind: z.literal("family"), family: SiteFamily }),
    /** The family's index, whose schema the family's builder defines. */
    value: z.unknown(),
  }),
  z.object({
    /** One page of a family, by the family's name and the page's path segment. */
    file: z.object({ kind: z.literal("familyPage"), family: SiteFamily, segment: z.string() }),
    /** The page model, whose schema the family's builder defines. */
    value: z.unknown(),
  }),
]);
export type SiteShard = z.infer<typeof SiteShard>;
