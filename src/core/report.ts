import * as z from "zod";
import { Agent } from "./agents/build-agents.ts";
import { Finding, OmittedFindings } from "./finding.ts";
import { InputFile } from "./input.ts";
import { BlockedFlow, QueueContention } from "./sessions/blocked-flows.ts";
import { UnattributedEvent, WorkSession } from "./sessions/work-session.ts";
import { TaskSummary } from "./tasks/task-summary.ts";
import { Week } from "./weeks.ts";

/** The version of the Report's shape. Fields are only ever added, so readers of older Reports keep working. */
export const SCHEMA_VERSION = 1;

/** What was read: the `input` section of the Report. */
export const InputSummary = z.object({
  /** Every file read, in path order. */
  files: z.array(InputFile),
  /** Distinct events after dedupe. */
  events: z.number().int().nonnegative(),
  /** Copies dropped by dedupe. */
  duplicates: z.number().int().nonnegative(),
  /**
   * Every data-quality finding, by file and line, up to a limit per file (FINDINGS_LISTED_PER_FILE);
   * each file's `errors` count holds them all.
   */
  errors: z.array(Finding),
  /**
   * The findings past a file's limit, counted by file and reason, so the Report always comes out
   * however many lines are bad; absent when every finding is listed.
   */
  errorsOmitted: z.array(OmittedFindings).optional(),
});
export type InputSummary = z.infer<typeof InputSummary>;

/**
 * The one value every output reads: `analyze --json` writes it as it is, and the site is made
 * from it. It is a contract: the same inputs and `now` give the same bytes.
 */
export const Report = z.object({
  /** The version of this shape. */
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** The `now` the report was made against, ISO-8601 UTC. */
  generatedAt: z.string(),
  /** The IANA time zone (`--tz`) its ISO weeks and days are cut in; `UTC` unless one was named. */
  timeZone: z.string(),
  /** What was read. */
  input: InputSummary,
  /** Work sessions, most recently active first. */
  workSessions: z.array(WorkSession),
  /** Events that no work session could take, with the reason, in time order. */
  unattributed: z.array(UnattributedEvent),
  /** Tasks from task files and history. */
  tasks: z.array(TaskSummary),
  /** Agent-to-agent flows that did not end well, with their reason and evidence. */
  blockedFlows: z.array(BlockedFlow),
  /** Every agent: its kind, its activity and its states over time. */
  agents: z.array(Agent),
  /** Sends to one agent whose waits overlapped. */
  queueContention: z.array(QueueContention),
  /** Category counts per ISO week. */
  weeks: z.array(Week),
});
export type Report = z.infer<typeof Report>;
