import { stateChangeOf, tallyAgents, agentsOf, type AgentTally } from "../agents/build-agents.ts";
import { analyzeStages, withFindingCounts, type AnalysisStages } from "../analyze.ts";
import { crc32Combine } from "../crc32-combine.ts";
import { compareOrigins, type BaseEvent, type CanonicalEvent } from "../event.ts";
import type { LoadedInput } from "../input.ts";
import { SCHEMA_VERSION, type InputSummary } from "../report.ts";
import { contentionOfWaits, queuedWaitsOf, type SendWait } from "../sessions/blocked-flows.ts";
import { nextSessionsOf } from "../sessions/session-links.ts";
import { ARCHIVE_AFTER_MS } from "../sessions/status.ts";
import { bucketOf, LEGACY_GAP_MS } from "../sessions/thread-key.ts";
import { ORPHAN_AFTER_MS } from "../sessions/thread-outcome.ts";
import { answersNoTask } from "../tasks/build-tasks.ts";
import { STALE_AFTER_MS } from "../tasks/task-flags.ts";
import { toIso } from "../time.ts";
import { weeklyCategories, type WeekSession } from "../weeks.ts";
import { meetsFilter, type KeyFilter } from "./key-filter.ts";
import { reportPieces, runsOf, type Piece, type ReportPieces } from "./report-pieces.ts";
import type {
  AnalysisSnapshot,
  CheckedRange,
  SnapshotFile,
  SnapshotFlow,
  SnapshotRun,
  SnapshotSession,
  SnapshotTask,
} from "./snapshot.ts";
import {
  fingerprintOf,
  hashesOf,
  hasHash,
  idHash,
  idHashesOf,
  startsOrStopsAgent,
  looseThreadEnds,
  snapshotFlow,
  snapshotRun,
  snapshotSession,
  snapshotTask,
  twinnedOf,
} from "./take-snapshot.ts";
import { TieLookup, type TieTable } from "./tie-table.ts";

/**
 * What is looked at of an event the last analysis saw, to tell whether it is analysed again, before
 * it is made: its time, line and the fields it is joined on.
 */
export type EventKeys = Pick<
  BaseEvent,
  | "ts"
  | "line"
  | "source"
  | "id"
  | "type"
  | "agentId"
  | "fromAgent"
  | "toAgent"
  | "workSessionId"
  | "conversationId"
  | "taskId"
>;

/**
 * The events of the cache's columns, made only when `pick` takes them: `pick` is asked of each
 * event's keys (one object written over for each event, which it must not keep) and its file.
 */
export interface CachedEvents {
  /** The events `pick` takes; `filter`, when given, is met by every one of them (see KeyFilter). */
  select(pick: (keys: EventKeys, file: string) => boolean, filter?: KeyFilter): BaseEvent[];
  /** How many lines the cached events of each file cover, by path. */
  lines(): ReadonlyMap<string, number>;
  /** How many cached events have a time at or after `ts`, counted without making them. */
  countFrom(ts: number): number;
}

/** An event file as this run read it: what the cache checked of it before reading the rest. */
export interface ReadFile {
  /** Its path, as the Report lists it. */
  path: string;
  /** The ranges the parse cache checked against the file before this run read on; null when none. */
  checked: CheckedRange[] | null;
}

/** What a run of the incremental analysis needs besides the snapshot and the input. */
export interface RerunContext {
  nowMs: number;
  timeZone: string;
  /** inputsHashOf the input. */
  inputsHash: string;
  /** The event files, in the input's order, with what the cache checked. */
  read: readonly ReadFile[];
  /** The event files as the next snapshot keeps them. */
  files: SnapshotFile[];
}

/** The Report of a run that reused a snapshot, and the snapshot to keep for the next. */
export interface Reanalysis {
  snapshot: AnalysisSnapshot;
  layout: ReportPieces;
  /** The work sessions analysed again. */
  rebuilt: number;
  /** The events analysed again or for the first time. */
  analysed: number;
  /** The Report's `input` section, for the command's summary line. */
  input: InputSummary;
}

/** Why a snapshot could not be reused: the run analyses every event instead. */
export interface NotReused {
  reason: string;
}

/** How many times the links between sessions may send more sessions to be analysed again. */
const LINK_ROUNDS = 4;

/**
 * How many earlier events from the new events' time a rerun makes before it weighs whether a
 * whole analysis costs less: below it, trying costs a rerun less than a second.
 */
export const WEIGHED_EVENTS = 20_000;

/**
 * The Report of the input, from the snapshot of an earlier analysis of the same inputs and the
 * events the event files gained since (see docs/decisions.md#the-incremental-analysis). What the
 * new events can change is analysed again, from all of its events, by the same stages as a whole
 * analysis: the work sessions and tasks they join; the sessions and tasks whose status or flags
 * the new `now` changes; the sessions whose threads the log's new end may orphan; and, from the
 * time of the earliest new event (the cut), whatever the Report lists in time order (the
 * unattributed events and their threads, the agents' states, the waits of queue contention). The
 * rest of the Report is the snapshot's bytes. When the change is of a kind this cannot follow
 * exactly, it says why, and the caller analyses every event.
 */
export function reanalyze(
  snap: AnalysisSnapshot,
  input: LoadedInput,
  cached: CachedEvents,
  context: RerunContext,
): Reanalysis | NotReused {
  const unchanged = sameInputs(snap, context);
  if (unchanged !== null) return { reason: unchanged };
  const oldLines = new Map(snap.files.map((f) => [f.path, f.lines]));
  const isNewLine = (file: string, line: number): boolean => line > (oldLines.get(file) ?? 0);
  const isNew = (e: Pick<BaseEvent, "file" | "line">): boolean => isNewLine(e.file, e.line);
  // The events the last analysis saw, of the cache's columns and of those read in this run,
  // made only when `pick` takes them.
  const loadedOld = input.events.filter((e) => !isNew(e));
  const old: CachedEvents = {
    lines: () => cached.lines(),
    // The cache's count is of new events too when another run read them: those are taken off.
    countFrom: (ts) => cached.countFrom(ts) - countFrom(freshCached, ts) + countFrom(loadedOld, ts),
    select: (pick, filter) => [
      ...cached.select((keys, file) => !isNewLine(file, keys.line) && pick(keys, file), filter),
      ...loadedOld.filter((e) => pick(e, e.file)),
    ],
  };
  // The cache holds new lines only when another run read them since the snapshot was taken.
  const cachedNew = [...cached.lines()].some(([file, lines]) => isNewLine(file, lines));
  const freshCached = cachedNew ? cached.select((keys, file) => isNewLine(file, keys.line)) : [];
  const fresh: BaseEvent[] = [...freshCached, ...input.events.filter(isNew)];
  const freshProblem = freshEventsProblem(snap, fresh);
  if (freshProblem !== null) return { reason: freshProblem };

  const ties = tiesWithFresh(snap, fresh);
  if ("reason" in ties) return ties;
  const sessionOf = (e: EventKeys): string | null => attributedTo(e, ties.byConversation, ties.byTask);

  const logEndMs = fresh.reduce((end, e) => Math.max(end, e.ts), snap.logEndMs);
  const moved = logEndMs !== snap.logEndMs;
  const window = windowOf(snap.unattributed, fresh, moved ? snap.logEndMs - ORPHAN_AFTER_MS : Infinity);
  // New events from before most of a large log leave a rerun as many events to make and analyse
  // as a whole analysis, and it would find that out only after making them: seconds of work.
  if (old.countFrom(window.cut) > Math.max(WEIGHED_EVENTS, snap.events / 2))
    return { reason: "the new events go back before most of the log" };
  // One pass over the earlier events makes those from the cut; those before it are looked at
  // again only for what the new events change.
  const after = old.select((e) => e.ts >= window.cut, { from: window.cut });
  const afterProblem = windowProblem(after, fresh);
  if (afterProblem !== null) return { reason: afterProblem };

  const dirty = dirtySessions(snap, fresh, sessionOf, context.nowMs, moved);
  const tasks = dirtyTasks(snap, fresh, context.nowMs);
  if (snap.scopeAnswers && tasks.size > 0)
    return { reason: "the log answers human questions without naming their tasks" };
  const loose = looseThreadsOf(
    [...after, ...fresh],
    (pairs) => pairTimesOf(old, after, window.cut, pairs),
    sessionOf,
  );

  const twinned = new Set(snap.twinned);
  const previous = new Map<string, string | undefined>(snap.sessions.map((s) => [s.id, s.previous]));
  const nextBefore = nextSessionsOf(previous);
  let stages: AnalysisStages | null = null;
  let picked = new Set<BaseEvent>();
  // A session analysed again may name another previous session, which changes that one's next
  // sessions: it is analysed again too, in another round, until no list of next sessions changes.
  for (let round = 0; round < LINK_ROUNDS && stages === null; round++) {
    // The events from the cut are in `after` already; of the earlier ones, those of what is made again.
    const earlier = old.select(
      (e) => {
        if (e.ts >= window.cut) return false;
        const ws = sessionOf(e);
        return (
          (ws !== null && dirty.has(ws)) ||
          (e.taskId !== null && tasks.has(e.taskId)) ||
          meetsFilter(loose, e)
        );
      },
      earlierFilter(window.cut, dirty, tasks, ties, loose),
    );
    picked = new Set<BaseEvent>([...earlier, ...after, ...fresh]);
    for (const e of picked) {
      if (e.source === "claude_code") return { reason: "a Claude Code session would be analysed again" };
      if (e.id === null && twinned.size > 0 && twinned.has(fingerprintOf(e)))
        return { reason: "an event to analyse again has twins" };
      // Of an id read more than once only the first copy is kept, and a copy picked without it
      // would be kept in its place.
      if (e.id !== null && hasHash(snap.repeatedIds, idHash(e.id)))
        return { reason: "an event to analyse again has copies of its id" };
    }
    const guess = nextSessionsOf(previous);
    const run = analyzeStages(
      // In the order a whole read gives them: by file, then line.
      { ...input, events: [...picked].sort(compareOrigins) },
      context.nowMs,
      context.timeZone,
      {
        logEndMs,
        ties: {
          byConversation: tiesNamed(ties.byConversation, picked, (e) => e.conversationId),
          byTask: tiesNamed(ties.byTask, picked, (e) => e.taskId),
        },
        nextSessions: guess,
        // Sessions with events from the cut on but nothing new are kept from the snapshot.
        sessions: dirty,
      },
    );
    for (const id of dirty) previous.set(id, run.sessions.previous.get(id));
    const next = nextSessionsOf(previous);
    let again = false;
    for (const id of previous.keys()) {
      if (!dirty.has(id) && !sameList(next.get(id), nextBefore.get(id))) {
        dirty.add(id);
        again = true;
      } else if (dirty.has(id) && !sameList(next.get(id), guess.get(id))) again = true;
    }
    if (!again) stages = run;
  }
  if (stages === null) return { reason: "the links between work sessions kept changing" };
  const built = new Set(stages.analysis.report.workSessions.map((s) => s.workSessionId));
  if ([...dirty].some((id) => previous.has(id) && !built.has(id) && snap.sessions.some((s) => s.id === id)))
    return { reason: "a work session to analyse again was not whole" };
  const taskIds = new Set(stages.analysis.report.tasks.map((t) => t.taskId));
  if (snap.tasks.some((t) => tasks.has(t.id) && !taskIds.has(t.id)))
    return { reason: "a task to analyse again was not whole" };
  if (stages.findings.some(isNew)) return { reason: "the new events have findings" };
  return assemble(snap, input, context, stages, {
    fresh,
    isNew,
    dirty,
    tasks,
    cut: window.cut,
    keptRuns: window.keptRuns,
    ties,
    previous,
    logEndMs,
    analysed: picked.size,
  });
}

/** What reanalyze worked out, for assemble. */
interface Worked {
  fresh: BaseEvent[];
  isNew: (e: Pick<BaseEvent, "file" | "line">) => boolean;
  dirty: ReadonlySet<string>;
  tasks: ReadonlySet<string>;
  /** The time from which the lists in time order are made again. */
  cut: number;
  /** How many of the kept runs of unattributed events end before the cut. */
  keptRuns: number;
  ties: Ties;
  previous: ReadonlyMap<string, string | undefined>;
  logEndMs: number;
  analysed: number;
}

/** The new Report's pieces and the snapshot to keep, from the snapshot and the analysis of the changed part. */
function assemble(
  snap: AnalysisSnapshot,
  input: LoadedInput,
  context: RerunContext,
  stages: AnalysisStages,
  w: Worked,
): Reanalysis {
  const { report, events } = stages.analysis;
  const freshDistinct = events.filter(w.isNew);
  const afterCut = events.filter((e) => e.ts >= w.cut);

  const rebuiltSessions = report.workSessions.filter((s) => w.dirty.has(s.workSessionId));
  const sessionMade = new Map(rebuiltSessions.map((s) => [s.workSessionId, s]));
  const sessions = mergeOrdered<SnapshotSession>(
    snap.sessions.filter((s) => !w.dirty.has(s.id)),
    rebuiltSessions.map((s) => snapshotSession(s, w.previous.get(s.workSessionId))),
    (a, b) => b.last - a.last || (a.id < b.id ? -1 : 1),
  );
  const rebuiltTasks = report.tasks.filter((t) => w.tasks.has(t.taskId));
  const taskMade = new Map(rebuiltTasks.map((t) => [t.taskId, t]));
  const tasks = mergeOrdered<SnapshotTask>(
    snap.tasks.filter((t) => !w.tasks.has(t.id)),
    rebuiltTasks.map(snapshotTask),
    (a, b) => (a.createdMs ?? 0) - (b.createdMs ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

  // Unattributed events: the kept runs before the cut, then the events from the cut listed again.
  const listedAgain = report.unattributed.filter((u) => u.ts >= w.cut);
  const runs = runsOf(listedAgain);
  const unattributed: Array<SnapshotRun & { made?: Piece }> = [
    ...snap.unattributed.slice(0, w.keptRuns),
    ...runs.map((r) => ({ ...snapshotRun(r), made: { run: r.members } })),
  ];
  // Flows: of the sessions analysed again, and of the unattributed threads from the cut (their
  // keys are those of the events listed again; an old thread that reached past the cut may have
  // been joined to another or cut in two).
  const looseKeys = new Set(listedAgain.map((u) => u.threadKey));
  const gone = (f: SnapshotFlow): boolean =>
    f.workSessionId === undefined
      ? looseKeys.has(f.threadKey) || (f.threadLast ?? Infinity) >= w.cut
      : w.dirty.has(f.workSessionId);
  const threadEnds = looseThreadEnds(stages.sessions.threads);
  const rebuiltFlows = report.blockedFlows.filter((f) =>
    f.workSessionId === undefined ? looseKeys.has(f.threadKey) : w.dirty.has(f.workSessionId),
  );
  const order = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  const flows = mergeOrdered<SnapshotFlow & { made?: Piece }>(
    snap.flows.filter((f) => !gone(f)),
    rebuiltFlows.map((f) => ({ ...snapshotFlow(f, threadEnds), made: { json: f } })),
    (a, b) => a.ts - b.ts || order(a.threadKey, b.threadKey) || order(a.flowId, b.flowId),
  );

  const tallies = mergeTallies(snap, input.mainAgents, freshDistinct, afterCut, w.cut);
  const agents = agentsOf(input, tallies, sessions, tasks);
  const waits = mergeWaits(snap.waits, freshDistinct, afterCut, w.cut);
  const weeks = weeklyCategories(sessions.map(weekSession), context.timeZone);

  const duplicates = snap.duplicates + (w.fresh.length - freshDistinct.length);
  const inputSummary: InputSummary = {
    files: withFindingCounts(input.files, new Map(Object.entries(snap.analysisFindings))),
    events: snap.events + freshDistinct.length,
    duplicates,
    errors: snap.errors,
    ...(snap.errorsOmitted === undefined ? {} : { errorsOmitted: snap.errorsOmitted }),
  };
  const layout = reportPieces({
    head: {
      schemaVersion: SCHEMA_VERSION,
      generatedAt: toIso(context.nowMs),
      timeZone: context.timeZone,
      input: inputSummary,
    },
    sessions: sessions.map((s) => pieceOf(w.dirty.has(s.id) ? sessionMade.get(s.id) : undefined, s.at)),
    unattributed: unattributed.map((r) => r.made ?? { kept: r.at }),
    tasks: tasks.map((t) => pieceOf(w.tasks.has(t.id) ? taskMade.get(t.id) : undefined, t.at)),
    flows: flows.map((f) => f.made ?? { kept: f.at }),
    tail: { agents, queueContention: contentionOfWaits(waits), weeks },
  });
  const snapshot: AnalysisSnapshot = {
    ...snap,
    nowMs: context.nowMs,
    logEndMs: w.logEndMs,
    files: context.files,
    events: inputSummary.events,
    duplicates,
    idHashes: idHashesOf(freshDistinct, snap.idHashes),
    repeatedIds: hashesOf(stages.repeatedIds, snap.repeatedIds),
    twinned: twinnedOf(freshDistinct, snap.twinned),
    byConversation: tieList(w.ties.byConversation, w.fresh, (e) => e.conversationId),
    byTask: tieList(w.ties.byTask, w.fresh, (e) => e.taskId),
    sessions,
    tasks,
    flows: flows.map(({ made: _, ...f }) => f),
    unattributed: unattributed.map(({ made: _, ...r }) => r),
    agents: [...tallies],
    waits,
    reportBytes: 0,
    reportFile: null,
  };
  return { snapshot, layout, rebuilt: rebuiltSessions.length, analysed: w.analysed, input: inputSummary };
}

/** A member's piece: the member when it was made again, else its kept bytes. */
function pieceOf(member: unknown, at: [number, number]): Piece {
  return member !== undefined ? { json: member } : { kept: at };
}

/** The ties of conversations and tasks to sessions, with those of the new events. */
interface Ties {
  byConversation: TieLookup;
  byTask: TieLookup;
}

/**
 * The snapshot's ties with those the new events make: a key no earlier event named may be tied
 * to any sessions, but a key one did only to the one session it was already tied to, as the
 * earlier events' attribution would change otherwise. The snapshot's tables are not changed.
 */
function tiesWithFresh(snap: AnalysisSnapshot, fresh: readonly BaseEvent[]): Ties | NotReused {
  const byConversation = new TieLookup(snap.byConversation);
  const byTask = new TieLookup(snap.byTask);
  for (const e of fresh) {
    if (e.workSessionId === null) continue;
    for (const [ties, key] of [
      [byConversation, e.conversationId],
      [byTask, e.taskId],
    ] as const) {
      if (key === null) continue;
      const sessions = ties.get(key);
      if (sessions === undefined) ties.add(key, [e.workSessionId]);
      else if (!sessions.includes(e.workSessionId)) {
        if (ties.isKept(key)) return { reason: `a new event ties ${key} to another work session` };
        ties.add(key, [...sessions, e.workSessionId]);
      }
    }
  }
  return { byConversation, byTask };
}

/** Where a key's sessions are looked up: a snapshot's ties, or the subset's. */
interface TiesByKey {
  get(key: string): readonly string[] | undefined;
}

/** The one session an event goes to, as attributeEvents decides it; null when none. */
function attributedTo(e: EventKeys, byConversation: TiesByKey, byTask: TiesByKey): string | null {
  if (e.workSessionId !== null) return e.workSessionId;
  const conversation = e.conversationId === null ? undefined : byConversation.get(e.conversationId);
  if (conversation !== undefined && conversation.length > 0)
    return conversation.length === 1 ? (conversation[0] as string) : null;
  const task = e.taskId === null ? undefined : byTask.get(e.taskId);
  if (task !== undefined && task.length > 0) return task.length === 1 ? (task[0] as string) : null;
  return null;
}

/**
 * What every earlier event analysed again meets: it is before the cut, and its session is dirty
 * (by its own id, or by the one session its conversation or task is tied to), or its task is, or
 * a loose thread holds it (by its conversation, or, without one, as a pair's line or by its bucket).
 */
function earlierFilter(
  cut: number,
  dirty: ReadonlySet<string>,
  tasks: ReadonlySet<string>,
  ties: Ties,
  loose: LooseThreads,
): KeyFilter {
  const tiedToDirty = (tied: TieLookup): Set<string> =>
    new Set(tied.keysTiedOnlyTo((session) => dirty.has(session)));
  const taskIds = tiedToDirty(ties.byTask);
  for (const id of tasks) taskIds.add(id);
  const conversationIds = tiedToDirty(ties.byConversation);
  for (const id of loose.conversationIds) conversationIds.add(id);
  return {
    before: cut,
    workSessionIds: dirty,
    conversationIds,
    taskIds,
    pairs: loose.pairs,
    buckets: loose.buckets,
  };
}

/**
 * Where the lists in time order are made again from: the earliest new event, or `from`, moved back
 * to the start of the kept run of unattributed events it falls in, so that the runs before it are
 * kept whole and hold only earlier events.
 */
function windowOf(
  runs: readonly SnapshotRun[],
  fresh: readonly BaseEvent[],
  from: number,
): { cut: number; keptRuns: number } {
  let cut = fresh.reduce((first, e) => Math.min(first, e.ts), from);
  let kept = runs.findIndex((r) => r.last >= cut);
  if (kept === -1) kept = runs.length;
  else cut = Math.min(cut, (runs[kept] as SnapshotRun).first);
  // A kept run whose last event has the cut's time would be listed twice: it goes too.
  while (kept > 0 && (runs[kept - 1] as SnapshotRun).last >= cut) {
    kept--;
    cut = Math.min(cut, (runs[kept] as SnapshotRun).first);
  }
  return { cut, keptRuns: kept };
}

/** How many of the events have a time at or after `ts`. */
function countFrom(events: readonly BaseEvent[], ts: number): number {
  let n = 0;
  for (const e of events) if (e.ts >= ts) n++;
  return n;
}

/** Why the new events cannot be added to the snapshot, or null when they can. */
function freshEventsProblem(snap: AnalysisSnapshot, fresh: readonly BaseEvent[]): string | null {
  for (const e of fresh) {
    if (e.source === "claude_code") return "a Claude Code file grew";
    if (!Number.isFinite(e.ts)) return "a new event has no time";
    if (e.id !== null && hasHash(snap.idHashes, idHash(e.id)))
      return "a new event has the id of an earlier one";
    if (answersNoTask(e as CanonicalEvent))
      return "a new event answers a human question without naming its task";
    if (startsOrStopsAgent(e)) return "a new event starts or stops an agent";
  }
  return null;
}

/**
 * Why the events from the cut cannot be analysed again with the new ones, or null: a new event
 * with an earlier one's fingerprint (a copy or a twin of it: both share its time), or an agent
 * started or stopped from the cut on (the runs it leaves open are kept as a set).
 */
function windowProblem(after: readonly BaseEvent[], fresh: readonly BaseEvent[]): string | null {
  // A fingerprint starts with the event's time: only earlier events at the time of a new one
  // without an id are made into theirs, not the ten thousand of a rerun's window.
  const freshTimes = new Set<number>();
  for (const e of fresh) if (e.id === null) freshTimes.add(e.ts);
  const prints = new Set<string>();
  for (const e of after) {
    if (startsOrStopsAgent(e)) return "an agent was started or stopped after the new events' time";
    if (e.id === null && freshTimes.has(e.ts)) prints.add(fingerprintOf(e));
  }
  for (const e of fresh)
    if (e.id === null && prints.has(fingerprintOf(e))) return "a new event may be a copy of an earlier one";
  return null;
}

/**
 * The sessions the new events join, those whose status the new `now` changes, and, when the log's
 * end moves, those active in its last five minutes, whose threads it may orphan.
 */
function dirtySessions(
  snap: AnalysisSnapshot,
  fresh: readonly BaseEvent[],
  sessionOf: (e: EventKeys) => string | null,
  nowMs: number,
  moved: boolean,
): Set<string> {
  const dirty = new Set<string>();
  for (const e of fresh) {
    const ws = sessionOf(e);
    if (ws !== null) dirty.add(ws);
  }
  const archived = (now: number, last: number): boolean => now - last > ARCHIVE_AFTER_MS;
  for (const s of snap.sessions) {
    if (archived(snap.nowMs, s.last) !== archived(nowMs, s.last)) dirty.add(s.id);
    if (moved && s.last >= snap.logEndMs - ORPHAN_AFTER_MS) dirty.add(s.id);
  }
  return dirty;
}

/** The tasks the new events name, and those whose flags the new `now` may change. */
function dirtyTasks(snap: AnalysisSnapshot, fresh: readonly BaseEvent[], nowMs: number): Set<string> {
  const tasks = new Set<string>();
  for (const e of fresh) if (e.taskId !== null) tasks.add(e.taskId);
  const stale = (now: number, at: number | undefined): boolean =>
    at !== undefined && now - at > STALE_AFTER_MS;
  for (const t of snap.tasks)
    if (
      stale(snap.nowMs, t.createdMs) !== stale(nowMs, t.createdMs) ||
      stale(snap.nowMs, t.lastActivityMs) !== stale(nowMs, t.lastActivityMs)
    )
      tasks.add(t.id);
  return tasks;
}

/**
 * The earlier events the unattributed threads of `events` hold, for those threads to be made
 * again whole: every event of their conversations and of their types' five minutes, and of an
 * agent pair's lines, those from the start of the inferred conversation the first of them is in.
 * That start is looked for among all of the pair's lines, attributed or not: more lines can only
 * bridge more silences, so the start found is never later than the thread's own. `timesOf` gives
 * the times of the earlier lines of some pairs, each from a time. An earlier event is in one of the
 * threads when it meets the filter returned.
 */
function looseThreadsOf(
  events: readonly BaseEvent[],
  timesOf: (pairs: ReadonlyMap<string, ReadonlyMap<string, number>>) => PairTimes,
  sessionOf: (e: EventKeys) => string | null,
): LooseThreads {
  // Looked up by their parts rather than by thread keys, as every earlier event is asked and most
  // are in none of these threads: a key would be a new string for each.
  const conversations = new Set<string>();
  const buckets = new Map<string, Set<number>>();
  const pairFirst = new Map<string, Map<string, number>>();
  for (const e of events) {
    if (sessionOf(e) !== null) continue;
    if (e.conversationId !== null) conversations.add(e.conversationId);
    else if (isPairLine(e)) {
      const [a, b] = pairOf(e);
      const byB = pairFirst.get(a) ?? pairFirst.set(a, new Map()).get(a);
      byB?.set(b, Math.min(byB.get(b) ?? Infinity, e.ts));
    } else (buckets.get(e.type) ?? buckets.set(e.type, new Set()).get(e.type))?.add(bucketOf(e.ts));
  }
  // The start of each pair's inferred conversation that its first line of `events` is in, walked
  // back from that line over the pair's earlier lines. They are looked for only as far back as
  // `reach`, most conversations being minutes long, and further when the walk came within a
  // silence of where the look began, as a line before it could then go on with the conversation.
  let starts = new Map<string, Map<string, number>>();
  for (let reach = LOOK_BACK_MS; pairFirst.size > 0; reach *= 8) {
    const look = reach > MAX_LOOK_BACK_MS ? Infinity : reach;
    const since = new Map(
      [...pairFirst].map(([a, byB]) => [a, new Map([...byB].map(([b, first]) => [b, first - look]))]),
    );
    const pairTimes = timesOf(since);
    starts = new Map();
    let settled = true;
    for (const [a, byB] of pairFirst)
      for (const [b, first] of byB) {
        let from = first;
        const earlier = (pairTimes.get(a)?.get(b) ?? []).filter((ts) => ts < first).sort((x, y) => y - x);
        for (const ts of earlier) {
          if (from - ts > LEGACY_GAP_MS) break;
          from = ts;
        }
        (starts.get(a) ?? starts.set(a, new Map()).get(a))?.set(b, from);
        if (from - (first - look) < LEGACY_GAP_MS) settled = false;
      }
    if (settled || look === Infinity) break;
  }
  return { conversationIds: conversations, pairs: starts, buckets };
}

/**
 * The unattributed threads of the events from the cut, as the earlier events they hold meet it
 * (meetsFilter): by their conversations, their pairs' lines from each conversation's start, and
 * their buckets.
 */
type LooseThreads = Required<Pick<KeyFilter, "conversationIds" | "pairs" | "buckets">>;

/** How far back the earlier lines of a loose thread's pair are first looked for: twelve silences. */
const LOOK_BACK_MS = 12 * LEGACY_GAP_MS;
/** Past this, they are looked for all the way back. */
const MAX_LOOK_BACK_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The times of the legacy lines of `pairs` (by their agents in key order, each from a time) that
 * the last analysis saw: those from the cut are in `after` (all of them), and the earlier ones
 * from the pair's time on are looked for.
 */
function pairTimesOf(
  old: CachedEvents,
  after: readonly BaseEvent[],
  cut: number,
  pairs: ReadonlyMap<string, ReadonlyMap<string, number>>,
): PairTimes {
  const times: PairTimes = new Map();
  const note = (e: EventKeys): void => {
    if (!isPairLine(e)) return;
    const [a, b] = pairOf(e);
    if (pairs.get(a)?.has(b) !== true) return;
    const byB = times.get(a) ?? times.set(a, new Map()).get(a);
    (byB?.get(b) ?? byB?.set(b, []).get(b))?.push(e.ts);
  };
  for (const e of after) note(e);
  old.select(
    (e) => {
      if (e.ts < cut) note(e);
      return false;
    },
    { before: cut, pairs },
  );
  return times;
}

/** An agent pair's two agents in the order thread keys name them (see threadKeyOf in thread-key.ts). */
function pairOf(e: EventKeys): [string, string] {
  const a = e.fromAgent as string;
  const b = e.toAgent as string;
  return a <= b ? [a, b] : [b, a];
}

/** The times of the earlier legacy lines of each agent pair, by its two agents in key order. */
type PairTimes = Map<string, Map<string, number[]>>;

/** Whether an event is a legacy line of an agent pair: no conversation, a sender and a receiver. */
function isPairLine(e: EventKeys): boolean {
  return e.conversationId === null && e.fromAgent !== null && e.toAgent !== null;
}

/**
 * The agents' tallies with the new events counted; their states up to the cut as kept, then
 * worked out again over the events from the cut on, in time order.
 */
function mergeTallies(
  snap: AnalysisSnapshot,
  mainAgents: readonly string[],
  freshDistinct: readonly CanonicalEvent[],
  afterCut: readonly CanonicalEvent[],
  cut: number,
): Map<string, AgentTally> {
  const tallies = new Map(snap.agents);
  for (const [id, add] of tallyAgents(mainAgents, freshDistinct)) {
    const had = tallies.get(id);
    if (had === undefined) {
      tallies.set(id, add);
      continue;
    }
    const first = Math.min(had.firstSeenMs ?? Infinity, add.firstSeenMs ?? Infinity);
    const last = Math.max(had.lastSeenMs ?? -Infinity, add.lastSeenMs ?? -Infinity);
    tallies.set(id, {
      ...had,
      events: had.events + add.events,
      ...(Number.isFinite(first) ? { firstSeenMs: first } : {}),
      ...(Number.isFinite(last) ? { lastSeenMs: last } : {}),
      ranAsSubagent: had.ranAsSubagent || add.ranAsSubagent,
    });
  }
  for (const [id, tally] of tallies)
    tallies.set(id, { ...tally, states: tally.states.filter((s) => s.ts < cut) });
  for (const event of afterCut) {
    const change = stateChangeOf(event);
    if (change === null) continue;
    const tally = tallies.get(change.subject) as AgentTally;
    if (tally.states.at(-1)?.state !== change.state)
      tally.states.push({ ts: event.ts, state: change.state, eventType: event.type });
  }
  return tallies;
}

/**
 * The sends' waits: those sent before the cut as kept, each ended by a new answer when one came
 * sooner; then those from the cut on, worked out again with their answers, which all come after.
 */
function mergeWaits(
  kept: readonly SendWait[],
  freshDistinct: readonly CanonicalEvent[],
  afterCut: readonly CanonicalEvent[],
  cut: number,
): SendWait[] {
  const answers = new Map<string, number[]>();
  for (const e of freshDistinct)
    if (e.conversationId !== null && (e.type === "a2a.response" || e.type === "a2a.complete"))
      (answers.get(e.conversationId) ?? answers.set(e.conversationId, []).get(e.conversationId))?.push(e.ts);
  const waits: SendWait[] = [];
  // Indexed, and a wait no new answer may end is kept as it is: a rerun looks at every kept wait.
  for (let i = 0; i < kept.length; i++) {
    const wait = kept[i]!;
    if (wait.start >= cut) continue;
    const times = answers.size === 0 ? undefined : answers.get(wait.conversationId);
    if (times === undefined) {
      waits.push(wait);
      continue;
    }
    let end = wait.answered ? wait.end : Infinity;
    for (let j = 0; j < times.length; j++) if (times[j]! >= wait.start && times[j]! < end) end = times[j]!;
    waits.push(Number.isFinite(end) ? { ...wait, end, answered: true } : wait);
  }
  waits.push(...queuedWaitsOf(afterCut));
  return waits;
}

/** What the weeks read of a kept session. */
function weekSession(s: SnapshotSession): WeekSession {
  return {
    roleCounts: {
      "conversation.main": s.main ? 1 : 0,
      "delegation.subagent": 0,
      "orchestration.task": 0,
      "system.observability": 0,
    },
    ...(s.undated ? { undated: true as const } : {}),
    startMs: s.startMs,
    collabCategory: s.category,
    // The weeks tell only the fallback from the rest.
    categorySource: s.fallback ? "fallback" : "rule",
  };
}

/** Why the inputs are not the snapshot's grown by lines, or null when they are. */
function sameInputs(snap: AnalysisSnapshot, context: RerunContext): string | null {
  if (snap.timeZone !== context.timeZone) return "another time zone";
  if (snap.inputsHash !== context.inputsHash) return "inputs other than the event files' events changed";
  if (!Number.isFinite(snap.logEndMs) || snap.events === 0 || snap.untimed)
    return "the last analysis had events without a time";
  if (snap.files.length !== context.read.length) return "another set of event files";
  for (let i = 0; i < snap.files.length; i++) {
    const before = snap.files[i] as SnapshotFile;
    const now = context.read[i] as ReadFile;
    if (before.path !== now.path) return "another set of event files";
    if (before.ranges === null)
      return `the last run could not keep all of ${now.path} (as when its last line, an event, has no newline)`;
    // The file may have changed, or the cache lost what it held of it (damaged, or another run's
    // save replaced its parts): the reason names both.
    if (now.checked === null || !startsWith(now.checked, before.ranges))
      return `the parse cache no longer holds what the last run read of ${now.path} (the file did not only grow, or another run replaced its cache)`;
  }
  return null;
}

/**
 * Whether the ranges checked now (the file's bytes as the parse cache holds them, each range's
 * CRC-32 checked against the file) start with the ranges the snapshot kept, both from the file's
 * start: the same bytes up to the end of the kept ones. The two lists are compared at every place
 * where both have a range end, by the CRC-32s of their ranges since the place before, combined.
 * Two runs may cut the same bytes into other ranges (one parsed them on workers, the other on the
 * main thread, and each kept its own), which then still match where their cuts meet; the last kept
 * range must end where a checked one does.
 */
function startsWith(checked: readonly CheckedRange[], kept: readonly CheckedRange[]): boolean {
  let c = 0;
  let k = 0;
  let checkedEnd = 0;
  let keptEnd = 0;
  let checkedCrc = 0;
  let keptCrc = 0;
  while (k < kept.length || keptEnd !== checkedEnd) {
    if (keptEnd <= checkedEnd && k < kept.length) {
      const range = kept[k++] as CheckedRange;
      if (range.start !== keptEnd || range.end < range.start) return false;
      keptCrc = crc32Combine(keptCrc, range.crc, range.end - range.start);
      keptEnd = range.end;
    } else {
      const range = checked[c++];
      if (range === undefined || range.start !== checkedEnd || range.end < range.start) return false;
      checkedCrc = crc32Combine(checkedCrc, range.crc, range.end - range.start);
      checkedEnd = range.end;
    }
    if (keptEnd === checkedEnd) {
      if (keptCrc !== checkedCrc) return false;
      keptCrc = 0;
      checkedCrc = 0;
    }
  }
  return true;
}

/** The ties as the snapshot keeps them, with the keys the new events name and no session ties. */
function tieList(
  ties: TieLookup,
  fresh: readonly BaseEvent[],
  keyOf: (e: BaseEvent) => string | null,
): TieTable {
  for (const e of fresh) {
    const key = keyOf(e);
    if (key !== null && ties.get(key) === undefined) ties.add(key, []);
  }
  return ties.table();
}

/** The ties of the keys the events name. */
function tiesNamed(
  ties: TiesByKey,
  events: ReadonlySet<BaseEvent>,
  keyOf: (e: BaseEvent) => string | null,
): Map<string, readonly string[]> {
  const named = new Map<string, readonly string[]>();
  for (const e of events) {
    const key = keyOf(e);
    if (key === null || named.has(key)) continue;
    const sessions = ties.get(key);
    if (sessions !== undefined && sessions.length > 0) named.set(key, sessions);
  }
  return named;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Two lists, the first in `compare`'s order, merged into one in that order. */
function mergeOrdered<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const sorted = [...b].sort(compare);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < sorted.length)
    out.push(compare(a[i] as T, sorted[j] as T) <= 0 ? (a[i++] as T) : (sorted[j++] as T));
  while (i < a.length) out.push(a[i++] as T);
  while (j < sorted.length) out.push(sorted[j++] as T);
  return out;
}
