import { z } from "zod";
import { CollabCategory } from "../category.ts";
import { SESSION_STATUSES } from "../sessions/status.ts";
import type { WorkSession } from "../sessions/work-session.ts";
import { pathSegment } from "./path-segment.ts";
import { transcriptPageCount } from "./transcript-pages.ts";

/** A work session as lists show it: enough for a card and for the list's filters. */
export const SessionCard = z.object({
  /** The work session id. */
  id: z.string(),
  /** Its path segment under `/sessions/`. */
  segment: z.string(),
  /** ACTIVE, QUIET or ARCHIVED against the Report's now. */
  status: z.enum(SESSION_STATUSES),
  /** The primary category. */
  category: CollabCategory,
  /** Every subTag (cards show two; the filter knows all). */
  subTags: z.array(z.string()),
  /** The title (never a raw task id). */
  title: z.string(),
  /** Participating agents. */
  agents: z.array(z.string()),
  /** First and last activity, epoch ms. */
  startMs: z.number(),
  lastActivityMs: z.number(),
  /** How many events it holds (its threads are `threadSegments`). */
  eventCount: z.number().int(),
  /** Its threads' path segments, for the transcript pages' routes. */
  threadSegments: z.array(z.string()),
  /** How many pages each thread's transcript takes, in the same order. */
  threadPages: z.array(z.number().int().positive()),
  /** How many of its threads ended blocked. */
  blockedThreads: z.number().int(),
});
export type SessionCard = z.infer<typeof SessionCard>;

/** A session's card. */
export function sessionCard(s: WorkSession): SessionCard {
  return {
    id: s.workSessionId,
    segment: pathSegment(s.workSessionId),
    status: s.status,
    category: s.collabCategory,
    subTags: s.collabSubTags,
    title: s.title,
    agents: s.agents,
    startMs: s.startMs,
    lastActivityMs: s.lastActivityMs,
    eventCount: s.eventCount,
    threadSegments: s.threads.map((t) => pathSegment(t.threadKey)),
    threadPages: s.threads.map((t) => transcriptPageCount(t.transcript.length)),
    blockedThreads: s.threads.filter((t) => t.outcome === "blocked").length,
  };
}
