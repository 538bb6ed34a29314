import { z } from "zod";
import { dedupeEvents } from "./dedupe.ts";
import type { CanonicalEvent } from "./event.ts";
import { compareFindings, Finding } from "./finding.ts";
import { InputFile, type LoadedInput } from "./input.ts";
import { buildTasks } from "./tasks/build-tasks.ts";
import { TaskSummary } from "./tasks/task-summary.ts";
import { Agent, buildAgents } from "./agents/build-agents.ts";
import { attributeEvents } from "./sessions/attribute.ts";
import { BlockedFlow, blockedFlowsOf, QueueContention, queueContention } from "./sessions/blocked-flows.ts";
import { buildWorkSessions, listUnattributed } from "./sessions/build-sessions.ts";
import { UnattributedEvent, WorkSession } from "./sessions/work-session.ts";
import type { MentionNames } from "./sessions/transcript.ts";
import type { HistoryEntry } from "./tasks/history.ts";
import type { TaskFile } from "./tasks/task-file.ts";
import { pushTo } from "./group.ts";
import { toIso } from "./time.ts";
import { Week, weeklyCategories } from "./weeks.ts";

/** The version of the Report's shape; fields are only ever added (DESIGN.md §4). */
export const SCHEMA_VERSION = 1;

/** What was read: the `input` section of the Report. */
export const InputSummary = z.object({
  /** Every file read, in path order. */
  files: z.array(InputFile),
  /** Distinct events after dedupe. */
  events: z.number().int().nonnegative(),
  /** Copies dropped by dedupe. */
  duplicates: z.number().int().nonnegative(),
  /** Every data-quality finding, by file and line. */
  errors: z.array(Finding),
});
export type InputSummary = z.infer<typeof InputSummary>;

/** The one value every output reads (DESIGN.md §4). Sections join it issue by issue. */
export const Report = z.object({
  /** The version of this shape. */
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** The `now` the report was made against, ISO-8601 UTC. */
  generatedAt: z.string(),
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

/** The Report and the distinct, ordered events it was made from. */
export interface Analysis {
  /** The Report. */
  report: Report;
  /** The distinct events in timeline order. */
  events: CanonicalEvent[];
  /** Each work session's events, in order: what the site's session pages list. */
  sessionEvents: ReadonlyMap<string, readonly CanonicalEvent[]>;
  /** Each task's events, in timeline order, by task id: a task page's conversation. */
  taskEvents: ReadonlyMap<string, readonly CanonicalEvent[]>;
  /** Each task's file and the file's path, by task id. */
  taskFiles: ReadonlyMap<string, { file: string; record: TaskFile }>;
  /** Each archived task's history entry, by task id. */
  taskHistory: ReadonlyMap<string, HistoryEntry>;
  /** Discord user ids to agent names, from `openclaw.json`: how transcripts show mentions. */
  mentionNames: MentionNames;
}

/** Turns what the IO shell read into the Report. Pure: the same input and `nowMs` give the same value. */
export function analyze(input: LoadedInput, nowMs: number): Analysis {
  const deduped = dedupeEvents(input.events);
  const { tasks, findings: taskFindings } = buildTasks(input, deduped.events, nowMs);
  const analysisFindings = [...deduped.findings, ...taskFindings];
  const errors = [...input.findings, ...analysisFindings].sort(compareFindings);
  const files = input.files.map((file) => ({
    ...file,
    errors: file.errors + analysisFindings.filter((f) => f.file === file.path).length,
  }));
  const taskDescriptions = new Map(tasks.map((t) => [t.taskId, t.description]));
  const taskSessions = new Map<string, string>();
  const previousFromTasks = new Map<string, string>();
  for (const { record } of input.taskFiles) {
    if (record.workSessionId === undefined) continue;
    taskSessions.set(record.id, record.workSessionId);
    if (record.previousWorkSessionId !== undefined)
      previousFromTasks.set(record.workSessionId, record.previousWorkSessionId);
  }
  const mentionNames: MentionNames = new Map(Object.entries(input.mentionNames));
  const attribution = attributeEvents(deduped.events, taskSessions);
  const built = buildWorkSessions(attribution, {
    nowMs,
    logEndMs: deduped.events.at(-1)?.ts ?? nowMs,
    overrides: input.overrides,
    previousFromTasks,
    taskDescriptions,
    mentionNames,
  });
  const workSessions = built.sessions;
  const report: Report = {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: toIso(nowMs),
    input: { files, events: deduped.events.length, duplicates: deduped.duplicates, errors },
    workSessions,
    unattributed: listUnattributed(attribution),
    tasks,
    blockedFlows: blockedFlowsOf(built.threads),
    agents: buildAgents(input, deduped.events, workSessions, tasks),
    queueContention: queueContention(deduped.events),
    weeks: weeklyCategories(workSessions),
  };
  const taskEvents = new Map<string, CanonicalEvent[]>();
  for (const e of deduped.events) if (e.taskId !== null) pushTo(taskEvents, e.taskId, e);
  return {
    report,
    events: deduped.events,
    sessionEvents: attribution.bySession,
    taskEvents,
    taskFiles: new Map(input.taskFiles.map((f) => [f.record.id, f])),
    taskHistory: new Map(input.history.map((h) => [h.record.taskId, h.record])),
    mentionNames,
  };
}
