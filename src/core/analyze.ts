import { agentsOf, tallyAgents, type AgentTally } from "./agents/build-agents.ts";
import type { Analysis } from "./analysis.ts";
import { prepareEvents } from "./claude/prepare-claude.ts";
import { classifyEvents } from "./classify/classify-event.ts";
import { dedupeEvents, type Deduped } from "./dedupe.ts";
import type { CanonicalEvent } from "./event.ts";
import { boundFindings, type Finding } from "./finding.ts";
import type { InputFile, LoadedInput } from "./input.ts";
import { SCHEMA_VERSION, type Report } from "./report.ts";
import { tableToMap } from "./safe-map.ts";
import { attributeEvents, type Attribution, type KnownTies } from "./sessions/attribute.ts";
import { blockedFlowsOf, contentionOfWaits, queuedWaitsOf, type SendWait } from "./sessions/blocked-flows.ts";
import { buildWorkSessions, listUnattributed, type SessionsBuilt } from "./sessions/build-sessions.ts";
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
  return analyzeStages(input, nowMs, timeZone).analysis;
}

/**
 * What the incremental analysis tells an analysis of some of a log's events about the rest of it,
 * so that the sessions, tasks and threads whose events are all given come out as the whole log's.
 */
export interface WholeLog {
  /** The time of the whole log's last event. */
  logEndMs: number;
  /** The ties of conversations and tasks to sessions that the whole log's events make. */
  ties: KnownTies;
  /** Each session's next sessions, of the whole log. */
  nextSessions: ReadonlyMap<string, readonly string[]>;
  /**
   * The sessions to build: the events of others are attributed to them, but no session is made of
   * them (see SessionContext.only). All when absent.
   */
  sessions?: ReadonlySet<string>;
}

/** The Analysis, and what its stages worked out on the way that the incremental analysis keeps. */
export interface AnalysisStages {
  analysis: Analysis;
  /** The events by session, the unattributed ones, and the ties of conversations and tasks. */
  attribution: Attribution;
  /** The sessions as built, with each one's previous session. */
  sessions: SessionsBuilt;
  /** Each agent's tally over the events. */
  agentTallies: Map<string, AgentTally>;
  /** Each send's wait, in timeline order. */
  waits: SendWait[];
  /** The findings of the analysis (not of reading), before they were bounded. */
  findings: Finding[];
  /** The producers' ids read more than once (see Deduped). */
  repeatedIds: string[];
}

/**
 * `analyze`, with what its stages worked out. With `whole`, the events given are some of a log's,
 * and what is worked out from the whole log comes from `whole` instead; the sums over the whole
 * log (the agents and their tallies, the waits and queue contention, the weeks) are left empty, as
 * those of some of its events would be wrong and the caller makes them from its own.
 */
export function analyzeStages(
  input: LoadedInput,
  nowMs: number,
  timeZone: string = DEFAULT_TIME_ZONE,
  whole?: WholeLog,
): AnalysisStages {
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
  const attribution = attributeEvents(events, taskLinks.sessionOfTask, whole?.ties);
  const mentionNames = tableToMap(input.mentionNames);
  const sessions = buildWorkSessions(attribution, {
    nowMs,
    logEndMs: whole?.logEndMs ?? events.at(-1)?.ts ?? nowMs,
    overrides: input.overrides,
    previousFromTasks: taskLinks.previousSession,
    taskDescriptions: descriptionsOf(tasks.tasks),
    mentionNames,
    claudeLinks: prepared.links,
    ...(whole === undefined ? {} : { nextSessions: whole.nextSessions }),
    ...(whole?.sessions === undefined ? {} : { only: whole.sessions }),
  });
  const sums = whole === undefined;
  const agentTallies = sums ? tallyAgents(input.mainAgents, events) : new Map<string, AgentTally>();
  const agents = sums ? agentsOf(read, agentTallies, sessions.sessions, tasks.tasks) : [];
  const blockedFlows = blockedFlowsOf(sessions.threads);
  const waits = sums ? queuedWaitsOf(events) : [];
  const contention = sums ? contentionOfWaits(waits) : [];
  const weeks = sums ? weeklyCategories(sessions.sessions, timeZone) : [];

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
  const analysis: Analysis = {
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
  return {
    analysis,
    attribution,
    sessions,
    agentTallies,
    waits,
    findings,
    repeatedIds: distinct.repeatedIds,
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
  return withFindingCounts(files, findingsByFile(findings));
}

/** How many of the findings each file has. */
export function findingsByFile(findings: readonly Finding[]): Map<string, number> {
  const added = new Map<string, number>();
  for (const f of findings) added.set(f.file, (added.get(f.file) ?? 0) + 1);
  return added;
}

/** The files as read, each with the count of the analysis's findings about it added. */
export function withFindingCounts(
  files: readonly InputFile[],
  added: ReadonlyMap<string, number>,
): InputFile[] {
  return files.map((file) => ({ ...file, errors: file.errors + (added.get(file.path) ?? 0) }));
}
