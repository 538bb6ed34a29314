import type { AnalysisStages } from "../analyze.ts";
import { findingsByFile } from "../analyze.ts";
import type { CanonicalEvent } from "../event.ts";
import { fingerprintId } from "../fingerprint.ts";
import { hash64 } from "../hash.ts";
import type { LoadedInput } from "../input.ts";
import type { ThreadWork } from "../sessions/threads.ts";
import type { WorkSession } from "../sessions/work-session.ts";
import { answersNoTask } from "../tasks/build-tasks.ts";
import type { TaskSummary } from "../tasks/task-summary.ts";
import type { BlockedFlow } from "../sessions/blocked-flows.ts";
import { reportPieces, runsOf, type ReportPieces } from "./report-pieces.ts";
import type {
  AnalysisSnapshot,
  SnapshotFile,
  SnapshotFlow,
  SnapshotRun,
  SnapshotSession,
  SnapshotTask,
} from "./snapshot.ts";
import { tieTableOf, type TieTable } from "./tie-table.ts";

/** Where a member's JSON lands is known only once it is written: until then, nowhere. */
const NOT_YET: [number, number] = [0, 0];

/** A snapshot before its Report is written, with the pieces that Report is written from. */
export interface SnapshotDraft {
  /** The snapshot; each `at`, `reportBytes` and `reportFile` are set once the Report is written. */
  snapshot: AnalysisSnapshot;
  /** The Report's pieces. */
  layout: ReportPieces;
}

/**
 * A hash of what the incremental analysis needs unchanged besides the event files' events: every
 * record that is not an event (task files, history, CURRENT_TASK.md, the config's agents and
 * names, overrides, subagents' descriptions), the files other than event files as read, the event
 * files' paths, and the findings of reading (a bad new line is a new finding, which the kept
 * Report's lists do not have).
 */
export function inputsHashOf(input: LoadedInput): string {
  const others = input.files.map((f) => (f.kind === "events" ? [f.path, f.kind] : f));
  return hash64(
    JSON.stringify([
      others,
      input.findings,
      input.findingsOmitted ?? null,
      input.taskFiles,
      input.history,
      input.currentTasks,
      input.mainAgents,
      input.mentionNames,
      input.overrides,
      input.subagentMeta ?? null,
    ]),
  );
}

/** The snapshot of a whole analysis, and the pieces of its Report. */
export function takeSnapshot(
  stages: AnalysisStages,
  context: { format: string; nowMs: number; inputsHash: string; files: SnapshotFile[] },
): SnapshotDraft {
  const { report, events } = stages.analysis;
  const threadEnds = looseThreadEnds(stages.sessions.threads);
  const runs = runsOf(report.unattributed);
  const snapshot: AnalysisSnapshot = {
    format: context.format,
    timeZone: report.timeZone,
    nowMs: context.nowMs,
    logEndMs: events.at(-1)?.ts ?? context.nowMs,
    inputsHash: context.inputsHash,
    files: context.files,
    events: report.input.events,
    duplicates: report.input.duplicates,
    errors: report.input.errors,
    ...(report.input.errorsOmitted === undefined ? {} : { errorsOmitted: report.input.errorsOmitted }),
    analysisFindings: Object.fromEntries(findingsByFile(stages.findings)),
    idHashes: idHashesOf(events, []),
    repeatedIds: hashesOf(stages.repeatedIds, []),
    twinned: twinnedOf(events, []),
    untimed: events.some(
      (e) => e.source !== "claude_code" && (e.tsEstimated !== undefined || !Number.isFinite(e.ts)),
    ),
    scopeAnswers: events.some(answersNoTask),
    byConversation: tiesOf(stages.attribution.byConversation, events, (e) => e.conversationId),
    byTask: tiesOf(stages.attribution.byTask, events, (e) => e.taskId),
    sessions: report.workSessions.map((s) =>
      snapshotSession(s, stages.sessions.previous.get(s.workSessionId)),
    ),
    tasks: report.tasks.map(snapshotTask),
    flows: report.blockedFlows.map((f) => snapshotFlow(f, threadEnds)),
    unattributed: runs.map(snapshotRun),
    agents: [...stages.agentTallies],
    waits: stages.waits,
    reportBytes: 0,
    reportFile: null,
  };
  const layout = reportPieces({
    head: report,
    sessions: report.workSessions.map((s) => ({ json: s })),
    unattributed: runs.map((r) => ({ run: r.members })),
    tasks: report.tasks.map((t) => ({ json: t })),
    flows: report.blockedFlows.map((f) => ({ json: f })),
    tail: report,
  });
  return { snapshot, layout };
}

/** What is kept of a work session. */
export function snapshotSession(s: WorkSession, previous: string | undefined): SnapshotSession {
  return {
    id: s.workSessionId,
    last: s.lastActivityMs,
    ...(previous === undefined ? {} : { previous }),
    agents: s.agents,
    startMs: s.startMs,
    main: s.roleCounts["conversation.main"] > 0,
    undated: s.undated === true,
    category: s.collabCategory,
    fallback: s.categorySource === "fallback",
    at: NOT_YET,
  };
}

/** What is kept of a task. */
export function snapshotTask(t: TaskSummary): SnapshotTask {
  return {
    id: t.taskId,
    ...(t.createdMs === undefined ? {} : { createdMs: t.createdMs }),
    ...(t.lastActivityMs === undefined ? {} : { lastActivityMs: t.lastActivityMs }),
    agentId: t.agentId,
    at: NOT_YET,
  };
}

/**
 * What is kept of a blocked flow; of a thread of unattributed events, with the time of the
 * thread's last event (from `threadEnds`, by thread key).
 */
export function snapshotFlow(f: BlockedFlow, threadEnds: ReadonlyMap<string, number>): SnapshotFlow {
  const threadLast = f.workSessionId === undefined ? threadEnds.get(f.threadKey) : undefined;
  return {
    ts: f.ts,
    threadKey: f.threadKey,
    flowId: f.flowId,
    ...(f.workSessionId === undefined ? {} : { workSessionId: f.workSessionId }),
    ...(threadLast === undefined ? {} : { threadLast }),
    at: NOT_YET,
  };
}

/** The time of the last event of each thread of unattributed events, by thread key. */
export function looseThreadEnds(threads: readonly ThreadWork[]): Map<string, number> {
  const ends = new Map<string, number>();
  for (const work of threads) {
    const last = work.events.at(-1);
    if (work.workSessionId === null && last !== undefined)
      ends.set(work.thread.threadKey, Math.max(ends.get(work.thread.threadKey) ?? -Infinity, last.ts));
  }
  return ends;
}

/** What is kept of a run of unattributed events. */
export function snapshotRun(run: { members: ReadonlyArray<{ ts: number }> }): SnapshotRun {
  return {
    first: (run.members[0] as { ts: number }).ts,
    last: (run.members.at(-1) as { ts: number }).ts,
    count: run.members.length,
    at: NOT_YET,
  };
}

/** Whether an event starts or stops an agent's run. */
export function startsOrStopsAgent(e: Pick<CanonicalEvent, "type">): boolean {
  return e.type === "agent_started" || e.type === "agent_stopped";
}

/**
 * A 52-bit hash of a producer's id, as a number (exact: below 2^53). A rerun analyses every event
 * again when a new event's hash is among the earlier ones', so a chance match costs a whole
 * analysis: with 32 bits, a million ids and the three thousand of a megabyte appended met by
 * chance about half the time; with 52 bits, once in some million reruns.
 */
export function idHash(id: string): number {
  return Number.parseInt(hash64(id).slice(0, 13), 16);
}

/** The sorted hashes of the events' producer ids, added to `known` (sorted). */
export function idHashesOf(events: readonly CanonicalEvent[], known: readonly number[]): number[] {
  const ids: string[] = [];
  for (const e of events) if (e.id !== null) ids.push(e.id);
  return hashesOf(ids, known);
}

/** The sorted hashes of some ids, added to `known`. */
export function hashesOf(ids: readonly string[], known: readonly number[]): number[] {
  return [...new Set([...known, ...ids.map(idHash)])].sort((a, b) => a - b);
}

/** Whether a sorted list of hashes holds one. */
export function hasHash(sorted: readonly number[], hash: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] as number;
    if (at === hash) return true;
    if (at < hash) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The fingerprint id an event without a producer's id shares with its twins. */
export function fingerprintOf(e: Pick<CanonicalEvent, "ts" | "type" | "agentId" | "raw">): string {
  return fingerprintId(e.ts, e.type, e.agentId, e.raw.length);
}

/** The fingerprints of the numbered twins among the events, added to `known`. */
export function twinnedOf(events: readonly CanonicalEvent[], known: readonly string[]): string[] {
  const twinned = new Set(known);
  for (const e of events) if (e.twin !== undefined) twinned.add(fingerprintOf(e));
  return [...twinned].sort();
}

/** Each key's sessions, and the keys the events name that are tied to none (with none). */
function tiesOf(
  ties: ReadonlyMap<string, ReadonlySet<string>>,
  events: readonly CanonicalEvent[],
  keyOf: (e: CanonicalEvent) => string | null,
): TieTable {
  const all = new Map<string, string[]>();
  for (const [key, sessions] of ties) all.set(key, [...sessions]);
  for (const e of events) {
    const key = keyOf(e);
    if (key !== null && !all.has(key)) all.set(key, []);
  }
  return tieTableOf(all);
}
