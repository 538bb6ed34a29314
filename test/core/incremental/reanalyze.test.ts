import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { analyze, analyzeStages } from "../../../src/core/analyze.ts";
import { crc32Combine } from "../../../src/core/crc32-combine.ts";
import type { BaseEvent } from "../../../src/core/event.ts";
import type { LoadedInput } from "../../../src/core/input.ts";
import {
  reanalyze,
  WEIGHED_EVENTS,
  type CachedEvents,
  type Reanalysis,
  type RerunContext,
} from "../../../src/core/incremental/reanalyze.ts";
import { pieceText, type Piece } from "../../../src/core/incremental/report-pieces.ts";
import type { AnalysisSnapshot, CheckedRange, SnapshotFile } from "../../../src/core/incremental/snapshot.ts";
import { inputsHashOf, takeSnapshot } from "../../../src/core/incremental/take-snapshot.ts";
import {
  readSnapshot,
  snapshotFormat,
  writeReport,
  type KeptAnalysis,
  type KeptReport,
} from "../../../src/ingest/analysis-snapshot.ts";
import { baseEvent, inputOfLines, type TestLine } from "../../helpers/events.ts";
import { tmpTree } from "../../helpers/tmp.ts";

/*
 * reanalyze is given a snapshot written and read back as the command does (writeReport, then
 * readSnapshot), so that every kept span is a real place in the first run's Report. An accepted
 * run's pieces, the kept ones read from those bytes, must join to the Report a whole analysis of
 * the grown input writes; a refused one must say why, one test per reason.
 */

const ZONE = "UTC";
const T0 = Date.parse("2026-03-01T00:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An hour after the log starts: sessions are still active and tasks fresh, so moving `now` changes them. */
const NOW = T0 + HOUR;
const FILE = "logs/events.ndjson";

/** A line of the log: an OpenClaw line as written, or an event built for a case no line can make. */

/** A send of a work session's conversation. */
const send = (
  ts: number,
  ws: string,
  conversation: string,
  extra: Record<string, unknown> = {},
): TestLine => ({
  type: "a2a.send",
  agentId: "eden",
  ts,
  data: {
    fromAgent: "eden",
    toAgent: "seum",
    workSessionId: ws,
    conversationId: conversation,
    message: "배포 점검",
  },
  ...extra,
});
/** The answer to a send of a work session's conversation. */
const answer = (
  ts: number,
  ws: string,
  conversation: string,
  extra: Record<string, unknown> = {},
): TestLine => ({
  type: "a2a.response",
  agentId: "seum",
  ts,
  data: {
    fromAgent: "seum",
    toAgent: "eden",
    workSessionId: ws,
    conversationId: conversation,
    message: "완료",
  },
  ...extra,
});
/** A line of a loose pair of agents: unattributed. */
const loose = (ts: number, message = "loose"): TestLine => ({
  type: "a2a.send",
  agentId: "eden",
  ts,
  data: { fromAgent: "eden", toAgent: "kai", message },
});
const taskStarted = (ts: number, task: string, ws: string): TestLine => ({
  type: "task.started",
  agentId: "eden",
  ts,
  data: { taskId: task, workSessionId: ws },
});

/**
 * The first run's log: a session with a conversation and an answer, a session of a task, and a
 * loose pair's lines, all within the hour before NOW.
 */
const BASE: readonly TestLine[] = [
  send(T0, "ws_a", "c1", { id: "e1" }),
  answer(T0 + MINUTE, "ws_a", "c1", { id: "e2" }),
  taskStarted(T0 + 2 * MINUTE, "t1", "ws_b"),
  loose(T0 + 3 * MINUTE),
  send(T0 + 10 * MINUTE, "ws_a", "c1", { id: "e5" }),
  loose(T0 + 12 * MINUTE, "again"),
];

/** An input of these lines of one log (see inputOfLines). */
function inputOf(lines: readonly TestLine[], over: Partial<LoadedInput> = {}): LoadedInput {
  return inputOfLines(lines, FILE, over);
}

/**
 * The ranges the parse cache would keep of a file of `lines` lines: one per line, a hundred bytes
 * each, the CRC its line number. A file that only grew keeps its ranges and gains more after.
 */
function rangesOf(lines: number): CheckedRange[] {
  return Array.from({ length: lines }, (_, i) => ({ start: i * 100, end: (i + 1) * 100, crc: i + 1 }));
}

/**
 * rangesOf(lines) as another run's parse may cut the same bytes: the first `joined` ranges two by
 * two into one (with the CRC-32 of both), the rest as they are.
 */
function recut(lines: number, joined: number): CheckedRange[] {
  const ranges = rangesOf(lines);
  const out: CheckedRange[] = [];
  for (let i = 0; i < ranges.length; i++) {
    const a = ranges[i] as CheckedRange;
    const b = ranges[i + 1];
    if (i + 1 < joined && b !== undefined) {
      out.push({ start: a.start, end: b.end, crc: crc32Combine(a.crc, b.crc, b.end - b.start) });
      i++;
    } else out.push(a);
  }
  return out;
}

/** The snapshot's view of the one event file of `lines` lines. */
const filesOf = (lines: number): SnapshotFile[] => [{ path: FILE, lines, ranges: rangesOf(lines) }];

/**
 * A whole analysis of `lines`, written as the command writes it (the Report and the snapshot), and
 * the snapshot read back: what a later run finds in the cache.
 */
async function firstRun(
  lines: readonly TestLine[],
  nowMs = NOW,
  over: Partial<LoadedInput> = {},
): Promise<KeptAnalysis> {
  const input = inputOf(lines, over);
  const stages = analyzeStages(input, nowMs, ZONE);
  const draft = takeSnapshot(stages, {
    format: snapshotFormat(),
    nowMs,
    inputsHash: inputsHashOf(input),
    files: filesOf(lines.length),
  });
  const dir = tmpTree();
  const file = path.join(dir, "cache", "x.analysis");
  await writeReport(path.join(dir, "report.json"), draft.layout, null, {
    file,
    snapshot: draft.snapshot,
    warn: (m) => expect.fail(m),
  });
  return readBack(file);
}

/** The snapshot kept in `file`, read back; its Report is closed when the test ends. */
async function readBack(file: string): Promise<KeptAnalysis> {
  const kept = await readSnapshot(file);
  if (kept === null) throw new Error(`the snapshot in ${file} was not read back`);
  onTestFinished(() => kept.report.handle.close());
  return kept;
}

/** The context of a later run of `grown`, whose one file now has `lines` lines: the old ranges, then new ones. */
function contextOf(
  grown: LoadedInput,
  lines: number,
  nowMs = NOW,
  over: Partial<RerunContext> = {},
): RerunContext {
  return {
    nowMs,
    timeZone: ZONE,
    inputsHash: inputsHashOf(grown),
    read: [{ path: FILE, checked: rangesOf(lines) }],
    files: filesOf(lines),
    ...over,
  };
}

/** Where a later run's events come from: see rerun. */
type Source = "read" | "old cached" | "all cached";

/**
 * reanalyze, given the events of the grown log the three ways the command can hand them over:
 * all as read in this run (`input.events`, as when the cache kept no columns); the lines the last
 * analysis saw from the cache's columns (`cached`) and only the new lines read; or every line from
 * the cache's columns, the new ones included, as when the cache was filled since.
 */
function rerun(
  snapshot: AnalysisSnapshot,
  input: LoadedInput,
  context: RerunContext,
  source: Source = "read",
): ReturnType<typeof reanalyze> {
  if (source === "read") return reanalyze(snapshot, input, NONE_CACHED, context);
  const lines = new Map(snapshot.files.map((f) => [f.path, f.lines]));
  const isOld = (e: BaseEvent): boolean => source === "all cached" || e.line <= (lines.get(e.file) ?? 0);
  const inCache = input.events.filter(isOld);
  // The lines the cache covers: the last line of each file it holds an event of.
  const covered = new Map<string, number>();
  for (const e of inCache) covered.set(e.file, Math.max(covered.get(e.file) ?? 0, e.line));
  const cached: CachedEvents = {
    select: (pick) => inCache.filter((e) => pick(e, e.file)),
    lines: () => covered,
    countFrom: (ts) => inCache.filter((e) => e.ts >= ts).length,
  };
  return reanalyze(snapshot, { ...input, events: input.events.filter((e) => !isOld(e)) }, cached, context);
}

/** No events from the cache's columns: every event is in the input. */
const NONE_CACHED: CachedEvents = { select: () => [], lines: () => new Map(), countFrom: () => 0 };

/** The pieces' bytes joined, a kept piece read from the kept Report, as writeReport copies it. */
function join(pieces: readonly Piece[], report: KeptReport): string {
  const kept = readFileSync(report.path);
  return Buffer.concat(
    pieces.map((p) =>
      "kept" in p ? kept.subarray(p.kept[0], p.kept[0] + p.kept[1]) : Buffer.from(pieceText(p), "utf8"),
    ),
  ).toString("utf8");
}

/** The reason reanalyze gives for the grown log, or a failure when it reuses the snapshot. */
function reasonOf(result: ReturnType<typeof reanalyze>): string {
  if ("reason" in result) return result.reason;
  expect.fail("the snapshot was reused where it must not be");
}

/**
 * Runs reanalyze on the grown lines and checks its Report against a whole analysis of them: the
 * joined pieces must be byte for byte the JSON a whole analysis gives, however the events come
 * (see rerun).
 */
async function reused(
  base: readonly TestLine[],
  grown: readonly TestLine[],
  nowMs = NOW,
): Promise<{ kept: KeptAnalysis; again: Reanalysis; json: string }> {
  const kept = await firstRun(base);
  // A fresh copy of the input for each run, as an analysis writes to the events it is given.
  const whole = JSON.stringify(analyze(inputOf(grown), nowMs, ZONE).report);
  const runs = (["read", "old cached", "all cached"] as const).map((source) => {
    const input = inputOf(grown);
    const again = rerun(kept.snapshot, input, contextOf(input, grown.length, nowMs), source);
    if ("reason" in again) expect.fail(`not reused (${source}): ${again.reason}`);
    const json = join(again.layout.pieces, kept.report);
    // The parsed Reports first: a difference then reads as a diff of members, not of one long line.
    if (json !== whole) expect(JSON.parse(json), source).toEqual(JSON.parse(whole));
    expect(json, source).toBe(whole);
    return { kept, again, json };
  });
  return runs[0] as { kept: KeptAnalysis; again: Reanalysis; json: string };
}

/** The reason given when the parse cache does not hold what the last run read of FILE. */
const NOT_ONLY_GROWN = `the parse cache no longer holds what the last run read of ${FILE} (the file did not only grow, or another run replaced its cache)`;

describe("reanalyze reuses the snapshot, and its Report is a whole analysis's", () => {
  it("when nothing changed", async () => {
    const { again } = await reused(BASE, BASE);
    // Nothing new and the same `now`: nothing is analysed again.
    expect(again.analysed).toBe(0);
    expect(again.rebuilt).toBe(0);
  });

  it("when the log gained later events of a new session", async () => {
    const grown = [...BASE, send(T0 + 20 * MINUTE, "ws_new", "c9"), answer(T0 + 21 * MINUTE, "ws_new", "c9")];
    const { again, json } = await reused(BASE, grown);
    expect(again.rebuilt).toBeGreaterThanOrEqual(1);
    expect(
      (JSON.parse(json) as { workSessions: Array<{ workSessionId: string }> }).workSessions[0]?.workSessionId,
    ).toBe("ws_new");
    expect(again.snapshot.sessions.map((s) => s.id)).toContain("ws_new");
  });

  it("when the log gained new events of an existing session", async () => {
    const grown = [...BASE, answer(T0 + 15 * MINUTE, "ws_a", "c1"), send(T0 + 16 * MINUTE, "ws_b", "c7")];
    const { again } = await reused(BASE, grown);
    expect(again.rebuilt).toBeGreaterThanOrEqual(2);
    expect(again.input.events).toBe(grown.length);
  });

  it("when a new event is earlier than the old last one", async () => {
    // Before the loose pair's second line and the session's last send: the time-ordered lists are cut there.
    const grown = [...BASE, answer(T0 + 5 * MINUTE, "ws_a", "c1"), loose(T0 + 4 * MINUTE, "between")];
    const { again } = await reused(BASE, grown);
    expect(again.snapshot.logEndMs).toBe(T0 + 12 * MINUTE);
    expect(again.input.events).toBe(grown.length);
  });

  it("when `now` moved on by 25 hours, past the archive and stale limits", async () => {
    const { again, json } = await reused(BASE, BASE, NOW + 25 * HOUR);
    const report = JSON.parse(json) as {
      workSessions: Array<{ status: string }>;
      tasks: Array<{ flags: string[] }>;
    };
    // The fixture is meant to change: the sessions are archived now and the task is stale.
    expect(report.workSessions.every((s) => s.status === "ARCHIVED")).toBe(true);
    expect(report.tasks[0]?.flags).toContain("stale_in_progress");
    expect(again.snapshot.nowMs).toBe(NOW + 25 * HOUR);
  });

  it("when a new loose line falls within the second of three runs of unattributed events", async () => {
    // 600 loose lines a second apart make three runs; a new one in the second run's time keeps
    // the first run as bytes and lists the rest again.
    const many = Array.from({ length: 600 }, (_, i) => loose(T0 + 20 * MINUTE + i * 1_000, `run ${i}`));
    const base = [...BASE, ...many];
    const grown = [...base, loose(T0 + 20 * MINUTE + 300 * 1_000 + 500, "between")];
    const { kept, again } = await reused(base, grown);
    expect(kept.snapshot.unattributed.map((r) => r.count)).toEqual([256, 256, 90]);
    const pieces = again.layout.unattributed.map((i) => again.layout.pieces[i]);
    expect(pieces[0]).toEqual({ kept: kept.snapshot.unattributed[0]?.at });
    expect(pieces.slice(1).every((p) => p !== undefined && !("kept" in p))).toBe(true);
  });

  it("when the parse cache cut the same bytes into other ranges, as another run's parse may", async () => {
    const grown = [...BASE, answer(T0 + 15 * MINUTE, "ws_a", "c1")];
    const kept = await firstRun(BASE);
    const input = inputOf(grown);
    const read = [{ path: FILE, checked: recut(grown.length, BASE.length) }];
    expect(read[0]!.checked.length).toBeLessThan(grown.length);
    const again = rerun(kept.snapshot, input, contextOf(input, grown.length, NOW, { read }));
    if ("reason" in again) expect.fail(`not reused: ${again.reason}`);
    expect(join(again.layout.pieces, kept.report)).toBe(
      JSON.stringify(analyze(inputOf(grown), NOW, ZONE).report),
    );
  });

  it("when the log grew twice, the second time from the snapshot the first reuse wrote", async () => {
    const once = [...BASE, send(T0 + 20 * MINUTE, "ws_new", "c9")];
    const { kept, again } = await reused(BASE, once);
    const dir = tmpTree();
    const file = path.join(dir, "next.analysis");
    await writeReport(path.join(dir, "report.json"), again.layout, kept.report, {
      file,
      snapshot: again.snapshot,
      warn: (m) => expect.fail(m),
    });
    const next = await readBack(file);
    const twice = [...once, answer(T0 + 22 * MINUTE, "ws_new", "c9"), loose(T0 + 23 * MINUTE, "late")];
    const input = inputOf(twice);
    const third = rerun(next.snapshot, input, contextOf(input, twice.length));
    if ("reason" in third) expect.fail(`not reused: ${third.reason}`);
    expect(join(third.layout.pieces, next.report)).toBe(
      JSON.stringify(analyze(inputOf(twice), NOW, ZONE).report),
    );
  });
});

describe("reanalyze says why it cannot reuse the snapshot", () => {
  /** A grown log: the base with one new session's send. */
  const GROWN = [...BASE, send(T0 + 20 * MINUTE, "ws_new", "c9")];

  /** The reason for a later run of `grown` over a snapshot of `base`, with the context changed by `over`. */
  async function refused(
    grown: readonly TestLine[],
    base: readonly TestLine[] = BASE,
    over: Partial<RerunContext> = {},
  ): Promise<string> {
    const kept = await firstRun(base);
    const input = inputOf(grown);
    return reasonOf(rerun(kept.snapshot, input, contextOf(input, grown.length, NOW, over)));
  }

  it("another time zone", async () => {
    expect(await refused(GROWN, BASE, { timeZone: "Asia/Seoul" })).toBe("another time zone");
  });

  it("inputs other than the event files' events changed", async () => {
    const kept = await firstRun(BASE);
    const input = inputOf(GROWN, { mainAgents: ["main", "eden"] });
    expect(reasonOf(rerun(kept.snapshot, input, contextOf(input, GROWN.length)))).toBe(
      "inputs other than the event files' events changed",
    );
  });

  it("the last analysis had no events", async () => {
    expect(await refused(GROWN, [])).toBe("the last analysis had events without a time");
  });

  it("the last analysis had an event without a time", async () => {
    // The snapshot's flag is set by hand: a whole analysis dates every event before the snapshot
    // is taken (prepareEvents), so no input read makes it true, but a snapshot that says so must
    // still not be reused.
    const kept = await firstRun(BASE);
    const input = inputOf(GROWN);
    const context = contextOf(input, GROWN.length);
    expect(reasonOf(rerun({ ...kept.snapshot, untimed: true }, input, context))).toBe(
      "the last analysis had events without a time",
    );
    expect(reasonOf(rerun({ ...kept.snapshot, logEndMs: Number.NaN }, input, context))).toBe(
      "the last analysis had events without a time",
    );
    // The same snapshot without the flag is reused, so the flag alone made the difference.
    expect("layout" in rerun(kept.snapshot, inputOf(GROWN), context)).toBe(true);
  });

  it("another number of event files", async () => {
    const read = [
      { path: FILE, checked: rangesOf(GROWN.length) },
      { path: "logs/more.ndjson", checked: rangesOf(1) },
    ];
    expect(await refused(GROWN, BASE, { read })).toBe("another set of event files");
  });

  it("an event file of another path", async () => {
    const read = [{ path: "logs/other.ndjson", checked: rangesOf(GROWN.length) }];
    expect(await refused(GROWN, BASE, { read })).toBe("another set of event files");
  });

  it("an event file whose kept bytes changed", async () => {
    const checked = rangesOf(GROWN.length).map((r, i) => (i === 2 ? { ...r, crc: 999 } : r));
    expect(await refused(GROWN, BASE, { read: [{ path: FILE, checked }] })).toBe(NOT_ONLY_GROWN);
  });

  it("an event file cut into other ranges, one of whose bytes changed", async () => {
    const checked = recut(GROWN.length, BASE.length).map((r, i) => (i === 1 ? { ...r, crc: r.crc ^ 1 } : r));
    expect(await refused(GROWN, BASE, { read: [{ path: FILE, checked }] })).toBe(NOT_ONLY_GROWN);
  });

  it("an event file whose cached ranges do not end where the kept ones do", async () => {
    // The last kept range joined with the first new one: the kept bytes' end is inside a range.
    const ranges = rangesOf(GROWN.length);
    const [last, next] = [ranges[BASE.length - 1]!, ranges[BASE.length]!];
    const checked = [
      ...ranges.slice(0, BASE.length - 1),
      { start: last.start, end: next.end, crc: crc32Combine(last.crc, next.crc, next.end - next.start) },
      ...ranges.slice(BASE.length + 1),
    ];
    expect(await refused(GROWN, BASE, { read: [{ path: FILE, checked }] })).toBe(NOT_ONLY_GROWN);
  });

  it("an event file that shrank", async () => {
    const read = [{ path: FILE, checked: rangesOf(BASE.length - 1) }];
    expect(await refused(GROWN, BASE, { read })).toBe(NOT_ONLY_GROWN);
  });

  it("an event file the cache checked nothing of", async () => {
    expect(await refused(GROWN, BASE, { read: [{ path: FILE, checked: null }] })).toBe(NOT_ONLY_GROWN);
  });

  it("an event file the last run could not keep", async () => {
    const kept = await firstRun(BASE);
    const snapshot = { ...kept.snapshot, files: kept.snapshot.files.map((f) => ({ ...f, ranges: null })) };
    const input = inputOf(GROWN);
    expect(reasonOf(rerun(snapshot, input, contextOf(input, GROWN.length)))).toBe(
      `the last run could not keep all of ${FILE} (as when its last line, an event, has no newline)`,
    );
  });

  it("a Claude Code file grew", async () => {
    const claude: TestLine = (file, line) =>
      baseEvent({
        source: "claude_code",
        ts: T0 + 20 * MINUTE,
        file,
        line,
        agentId: "claude",
        workSessionId: "cc",
      });
    expect(await refused([...BASE, claude])).toBe("a Claude Code file grew");
  });

  it("a new event has no time", async () => {
    const untimed: TestLine = (file, line) => baseEvent({ ts: Number.NaN, file, line, agentId: "eden" });
    expect(await refused([...BASE, untimed])).toBe("a new event has no time");
  });

  it("a new event has the id of an earlier one", async () => {
    expect(await refused([...BASE, answer(T0 + 20 * MINUTE, "ws_a", "c1", { id: "e1" })])).toBe(
      "a new event has the id of an earlier one",
    );
  });

  it("a new event answers a human question without naming its task", async () => {
    const answered: TestLine = {
      type: "human_query.answered",
      agentId: "eden",
      ts: T0 + 20 * MINUTE,
      data: { workSessionId: "ws_b", answer: "yes" },
    };
    expect(await refused([...BASE, answered])).toBe(
      "a new event answers a human question without naming its task",
    );
  });

  it("a new event starts or stops an agent", async () => {
    const started: TestLine = { type: "agent_started", agentId: "eden", ts: T0 + 20 * MINUTE, data: {} };
    expect(await refused([...BASE, started])).toBe("a new event starts or stops an agent");
  });

  it("an event to analyse again has copies of its id", async () => {
    // A second e1 in another session is dropped by a whole analysis, which keeps the first copy;
    // the new answer sends ws_c to be analysed again, and its events would hold the dropped copy.
    const base = [...BASE, send(T0 + 5 * MINUTE, "ws_c", "c7", { id: "e1" })];
    expect(await refused([...base, answer(T0 + 20 * MINUTE, "ws_c", "c7")], base)).toBe(
      "an event to analyse again has copies of its id",
    );
  });

  it("a new event ties a conversation to another work session", async () => {
    expect(await refused([...BASE, answer(T0 + 20 * MINUTE, "ws_other", "c1")])).toBe(
      "a new event ties c1 to another work session",
    );
  });

  it("a new event ties a task to another work session", async () => {
    expect(await refused([...BASE, taskStarted(T0 + 20 * MINUTE, "t1", "ws_other")])).toBe(
      "a new event ties t1 to another work session",
    );
  });

  it("an agent was started or stopped after the new events' time", async () => {
    const base = [...BASE, { type: "agent_started", agentId: "eden", ts: T0 + 30 * MINUTE, data: {} }];
    expect(await refused([...base, send(T0 + 20 * MINUTE, "ws_new", "c9")], base)).toBe(
      "an agent was started or stopped after the new events' time",
    );
  });

  it("the new events go back before most of the log", async () => {
    const kept = await firstRun(BASE);
    const input = inputOf(GROWN);
    const context = contextOf(input, GROWN.length);
    // The cache's count of earlier events from the new events' time decides, against the log's.
    const withCount = (count: number, events = kept.snapshot.events): string => {
      const result = reanalyze(
        { ...kept.snapshot, events },
        input,
        { ...NONE_CACHED, countFrom: () => count },
        context,
      );
      return "reason" in result ? result.reason : "reused";
    };
    const reason = "the new events go back before most of the log";
    // The input's own earlier events from that time add a few to the cache's count.
    expect(withCount(WEIGHED_EVENTS)).toBe(reason);
    // Fewer than WEIGHED_EVENTS are made and analysed again: trying costs little.
    expect(withCount(WEIGHED_EVENTS - 100)).toBe("reused");
    // Half of the log's events or fewer are fewer than a whole analysis makes.
    expect(withCount(WEIGHED_EVENTS, 4 * WEIGHED_EVENTS)).toBe("reused");
    expect(withCount(2 * WEIGHED_EVENTS, 4 * WEIGHED_EVENTS)).toBe(reason);
  });

  it("a new event may be a copy of an earlier one", async () => {
    // The loose line again, in a new line: the same time, type, agent and length as the old one.
    expect(await refused([...BASE, loose(T0 + 12 * MINUTE, "again")])).toBe(
      "a new event may be a copy of an earlier one",
    );
  });

  it("the log answers human questions without naming their tasks", async () => {
    const base = [
      ...BASE,
      {
        type: "human_query.answered",
        agentId: "eden",
        ts: T0 + 13 * MINUTE,
        data: { workSessionId: "ws_b", answer: "yes" },
      },
    ];
    expect(await refused([...base, taskStarted(T0 + 20 * MINUTE, "t2", "ws_new")], base)).toBe(
      "the log answers human questions without naming their tasks",
    );
  });

  it("a Claude Code session would be analysed again", async () => {
    const claude: TestLine = (file, line) =>
      baseEvent({
        source: "claude_code",
        ts: T0 + 30 * MINUTE,
        file,
        line,
        agentId: "claude",
        workSessionId: "cc",
      });
    const base = [...BASE, claude];
    // A new event before the Claude Code one: every event from its time on is analysed again.
    expect(await refused([...base, send(T0 + 20 * MINUTE, "ws_new", "c9")], base)).toBe(
      "a Claude Code session would be analysed again",
    );
  });

  it("an event to analyse again has twins", async () => {
    // Two lines of one time, type, agent and length but other words: twins, numbered by dedupe.
    const base = [
      ...BASE,
      send(T0 + 14 * MINUTE, "ws_t", "c5", {
        data: {
          fromAgent: "eden",
          toAgent: "seum",
          workSessionId: "ws_t",
          conversationId: "c5",
          message: "aa",
        },
      }),
      send(T0 + 14 * MINUTE, "ws_t", "c5", {
        data: {
          fromAgent: "eden",
          toAgent: "seum",
          workSessionId: "ws_t",
          conversationId: "c5",
          message: "bb",
        },
      }),
    ];
    expect(await refused([...base, answer(T0 + 20 * MINUTE, "ws_t", "c5")], base)).toBe(
      "an event to analyse again has twins",
    );
  });

  it("the new events have findings", async () => {
    // One new id used twice with different content: dedupe's finding is about a new line.
    const grown = [
      ...BASE,
      send(T0 + 20 * MINUTE, "ws_new", "c9", { id: "n1" }),
      answer(T0 + 21 * MINUTE, "ws_new", "c9", { id: "n1" }),
    ];
    expect(await refused(grown)).toBe("the new events have findings");
  });
});
