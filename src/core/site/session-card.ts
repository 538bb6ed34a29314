import * as z from "zod";
import { WorkSession } from "../sessions/work-session.ts";
import { pathSegment } from "./path-segment.ts";
import { transcriptPageCount } from "./transcript-pages.ts";

const { shape } = WorkSession;

/**
 * A work session as lists show it: enough for a card and for the list's filters, and the path
 * segments of its pages. The one type of a session card: the list index, the server-rendered
 * cards and the list script's cards all read it (or the part of it `ListedSession` names).
 */
export const SessionCard = z.object({
  /** The work session id. */
  id: shape.workSessionId,
  /** Its path segment under `/sessions/`. */
  segment: z.string(),
  /** ACTIVE, QUIET or ARCHIVED against the Report's now. */
  status: shape.status,
  /** The primary category. */
  category: shape.collabCategory,
  /** Every subTag (cards show two; the filter knows all). */
  subTags: shape.collabSubTags,
  /**
   * The title (never a raw task id); null when nothing names the session, for pages to show the
   * untitled label of their language (see sessionTitleText).
   */
  title: z.string().nullable(),
  /** Participating agents, sorted. */
  agents: shape.agents,
  /** First and last activity, epoch ms. */
  startMs: shape.startMs,
  lastActivityMs: shape.lastActivityMs,
  /** How many events it holds. */
  eventCount: shape.eventCount,
  /** Its threads' path segments, in the order of its threads: the one place they are made. */
  threadSegments: z.array(z.string()),
  /** How many pages each thread's transcript takes, in the same order. */
  threadPages: z.array(z.number().int().positive()),
  /** How many of its threads ended blocked. */
  blockedThreads: z.number().int(),
});
export type SessionCard = z.infer<typeof SessionCard>;

/**
 * A session's card. `untitled` says whether nothing names the session (the Analysis's
 * untitledSessions): its Report title alone cannot tell, as a real title may read the same.
 */
export function sessionCard(s: WorkSession, untitled: boolean): SessionCard {
  return {
    id: s.workSessionId,
    segment: pathSegment(s.workSessionId),
    status: s.status,
    category: s.collabCategory,
    subTags: s.collabSubTags,
    title: untitled ? null : s.title,
    agents: s.agents,
    startMs: s.startMs,
    lastActivityMs: s.lastActivityMs,
    eventCount: s.eventCount,
    threadSegments: s.threads.map((t) => pathSegment(t.threadKey)),
    threadPages: s.threads.map((t) => transcriptPageCount(t.transcript.length)),
    blockedThreads: s.threads.filter((t) => t.outcome === "blocked").length,
  };
}
