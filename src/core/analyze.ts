import { buildAgents } from "./agents/build-agents.ts";
import type { Analysis } from "./analysis.ts";
import { prepareEvents } from "./claude/prepare-claude.ts";
import { classifyEvents } from "./classify/classify-event.ts";
import { dedupeEvents, type Deduped } from "./dedupe.ts";
import type { CanonicalEvent } from "./event.ts";
import { boundFindings, type Finding } from "./finding.ts";
import type { InputFile, LoadedInput } from "./input.ts";
import { SCHEMA_VERSION, type Report } from "./report.ts";
import { tableToMap } from "./safe-map.ts";
import { attributeEvents } from "./sessions/attribute.ts";
import { blockedFlowsOf, queueContention } from "./sessions/blocked-flows.ts";
import { buildWorkSessions, listUnattributed } from "./sessions/build-sessions.ts";
import { buildTasks } from "./tasks/build-tasks.ts";
import { distinctTaskFiles, type TaskSummary } from "./tasks/task-summary.ts";
import { taskLinksOf } from "./tasks/task-links.ts";
import { toIso } from "./time.ts";
import { weeklyCategories } from "./weeks.ts";
import { DEFAULT_TIME_ZONE } from "./zone.ts";

/**
 * The first two stages, dedupe then classify: the distinct events in timeline order, each with
 * its role and session types, and what dedupe dropped. `analyze` starts with it, and the
 * benchmarks time it as the first part of analyze.
 */
export function distinctEvents(input: Pick<LoadedInput, "events" | "mainAgents">): Deduped<CanonicalEvent> {
  const deduped = dedupeEvents(input.events);
  return { ...deduped, events: classifyEvents(deduped.events, { mainAgents: new Set(input.mainAgents) }) };
}

/**
 * Turns what the IO shell read into the Analysis, one stage after another. The same input, `nowMs`
 * and time zone give the same value. The one thing it writes to is the loaded events: dedupe
 * writes each distinct event's made id on it (`madeId`, the same value every time), and the first
 * analysis of an input adds their classification to them (see classifyEvents), while a later one
 * classifies copies. The zone (an IANA name, `--tz`) decides which ISO week a time falls in.
 */
export function analyze(input: LoadedInput, nowMs: number, timeZone: string = DEFAULT_TIME_ZONE): Analysis {
  // Claude Code events first take the session and time that what is tied to them tells.
  const prepared = prepareEvents(input);
  const distinct = distinctEvents({ ...input, events: prepared.events });
  const { events } = distinct;
  // One file per task: a second file with a task's id is a finding, not merged into the first.
  const distinctFiles = distinctTaskFiles(input.taskFiles);
  const read: LoadedInput = { ...input, taskFiles: distinctFiles.taskFiles };
  // Tasks need no session; sessions of task signals only are titled by the tasks' descriptions.
  const tasks = buildTasks(read, events, nowMs);
  const taskLinks = taskLinksOf(read);
  const attribution = attributeEvents(events, taskLinks.sessionOfTask);
  const mentionNames = tableToMap(input.mentionNames);
  const sessions = buildWorkSessions(attribution, {
    nowMs,
    logEndMs: events.at(-1)?.ts ?? nowMs,
    overrides: input.overrides,
    previousFromTasks: taskLinks.previousSession,
    taskDescriptions: descriptionsOf(tasks.tasks),
    mentionNames,
    claudeLinks: prepared.links,
  });
  const agents = buildAgents(read, events, sessions.sessions, tasks.tasks);
  const blockedFlows = blockedFlowsOf(sessions.threads);
  const contention = queueContention(events);
  const weeks = weeklyCategories(sessions.sessions, timeZone);

  const findings = [...prepared.findings, ...distinct.findings, ...distinctFiles.findings, ...tasks.findings];
  // Listed up to a limit per file, the rest counted, so the Report always comes out.
  const bounded = boundFindings([...input.findings, ...findings], input.findingsOmitted);
  const report: Report = {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: toIso(nowMs),
    timeZone,
    input: {
      files: withFindings(input.files, findings),
      events: events.length,
      duplicates: distinct.duplicates,
      errors: bounded.listed,
      ...(bounded.omitted.length > 0 ? { errorsOmitted: bounded.omitted } : {}),
    },
    workSessions: sessions.sessions,
    unattributed: listUnattributed(attribution, sessions.looseThreadKeys),
    tasks: tasks.tasks,
    blockedFlows,
    agents,
    queueContention: contention,
    weeks,
  };
  return {
    report,
    events,
    sessionEvents: attribution.bySession,
    taskEvents: tasks.taskEvents,
    taskFiles: tasks.taskFiles,
    taskHistory: new Map(input.history.map((h) => [h.record.taskId, h.record])),
    untitledSessions: sessions.untitled,
    legacyThreads: sessions.threads.filter((work) => work.workSessionId === null).map((work) => work.thread),
    mentionNames,
  };
}

/**
 * Each task's description, by task id, for the tasks a file or history entry tells of: what
 * titles and classifies a session of task signals only. A task only events know has none.
 */
function descriptionsOf(tasks: readonly TaskSummary[]): Map<string, string> {
  return new Map(
    tasks
      .filter((t) => t.sources.includes("file") || t.sources.includes("history"))
      .map((t) => [t.taskId, t.description]),
  );
}

/** The files as read, each with the findings the analysis made about it added to its count. */
function withFindings(files: readonly InputFile[], findings: readonly Finding[]): InputFile[] {
  const added = new Map<string, number>();
  for (const f of findings) added.set(f.file, (added.get(f.file) ?? 0) + 1);
  return files.map((file) => ({ ...file, errors: file.errors + (added.get(file.path) ?? 0) }));
}
