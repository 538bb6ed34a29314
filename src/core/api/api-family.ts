import * as z from "zod";
import type { FamilyBuilder } from "../site/site-family.ts";
import { EventsBody, eventsBody } from "./events.ts";
import { WorkSessionsBody, workSessionsBody } from "./work-sessions.ts";

/**
 * The page data of the static API: the bodies of its two files, made once. The API has no pages of
 * its own; its two endpoints read this index and write it out as JSON.
 */
export const ApiIndex = z.object({
  /** The body of `/api/work-sessions.json`, before each session gets its page URL. */
  workSessions: WorkSessionsBody,
  /** The body of `/api/events.json`. */
  events: EventsBody,
});
export type ApiIndex = z.infer<typeof ApiIndex>;

/** The "api" family: its index holds both files' bodies, and it has no pages. */
export const apiFamily: FamilyBuilder = (analysis, lookups) => {
  const { report } = analysis;
  const index: ApiIndex = {
    workSessions: workSessionsBody(report, lookups.sessionCards),
    events: eventsBody(analysis.events, report.generatedAt),
  };
  return { family: "api", index, pages: [] };
};
