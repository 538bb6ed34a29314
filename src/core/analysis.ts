import * as z from "zod";
import { CanonicalEvent } from "./event.ts";
import { Report } from "./report.ts";
import { Thread } from "./sessions/work-session.ts";
import { HistoryEntry } from "./tasks/history.ts";
import { TaskFile } from "./tasks/task-file.ts";

/**
 * What `analyze` hands on: the Report, and the events and records the site shows beside it. The
 * site is made from this value alone, so whatever a page shows that the Report does not hold is
 * here.
 */
export const Analysis = z.object({
  /** The Report. */
  report: Report,
  /** The distinct events in timeline order. */
  events: z.array(CanonicalEvent).readonly(),
  /** Each work session's events, in order, by work session id: what the site's session pages list. */
  sessionEvents: z.map(z.string(), z.array(CanonicalEvent).readonly()).readonly(),
  /** Each task's events, in timeline order, by task id: a task page's conversation. */
  taskEvents: z.map(z.string(), z.array(CanonicalEvent).readonly()).readonly(),
  /** Each task's file and the file's path, by task id. */
  taskFiles: z.map(z.string(), z.object({ file: z.string(), record: TaskFile })).readonly(),
  /** Each archived task's history entry, by task id. */
  taskHistory: z.map(z.string(), HistoryEntry).readonly(),
  /**
   * The ids of the work sessions nothing names. Their Report title is the fixed UNTITLED_SESSION,
   * which a session's real label or goal may equal, so pages tell an untitled session by this set,
   * never by its title.
   */
  untitledSessions: z.set(z.string()).readonly(),
  /**
   * The threads of the agent-to-agent lines no work session took, in time order, transcripts
   * included: the very threads the analysis built (and found blocked flows in), kept so the pages of
   * conversations outside sessions show the same split without threading those lines again.
   */
  legacyThreads: z.array(Thread).readonly(),
  /** Discord user ids to agent names, from `openclaw.json`: how transcripts show mentions. */
  mentionNames: z.map(z.string(), z.string()).readonly(),
});
export type Analysis = z.infer<typeof Analysis>;
