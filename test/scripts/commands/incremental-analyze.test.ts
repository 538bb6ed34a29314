import { appendFileSync, cpSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appendix, sampleLines } from "../../../scripts/bench/corpus.ts";
import { analyzeCaptured as analyze, latestEvent, REUSED } from "../../helpers/analyze-captured.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";
import { tmpTree } from "../../helpers/tmp.ts";

/*
 * A differential test of the incremental analysis: after a run with the parse cache, a run of
 * `analyze --json FILE` may reuse a snapshot of the last analysis when event files only grew by
 * later events. Each scenario changes a copy of a state directory and compares the Report of a run
 * on the same cache (the candidate) with the Report of a run with `--no-cache` (the reference),
 * byte for byte, and checks on stderr whether the snapshot was reused where the rules say it may
 * be (FAST) or must not be (FULL).
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * A time after every event scenario 1 appends: with TEST_NOW they lie in the future, which a log
 * written live never holds, so that scenario runs with both.
 */
const LATER_NOW = "2027-03-01T00:00:00.000Z";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The state directories the scenarios copy, each with the event log they append to. */
interface Source {
  /** The folder, from the repository's root. */
  dir: string;
  /**
   * The log the scenarios grow. The sample's `logs/coordination-events.ndjson` ends in a line cut
   * without its newline, and anything appended there would join that line into a broken one, so
   * the sample's scenarios grow the February log, which ends in a newline.
   */
  log: string;
}

const SAMPLE: Source = {
  dir: "content/sample",
  log: "logs/coordination-events-2026-02.ndjson",
};
const HOSTILE: Source = {
  dir: "test/fixtures/site-hostile",
  log: "logs/coordination-events.ndjson",
};

/** A fresh copy of a state directory, with a cache of its own, as one scenario changes it. */
interface State {
  /** The working directory of every run; the copy is its `state` folder. */
  cwd: string;
  cache: string;
  /** The grown log's absolute path. */
  log: string;
  /** The latest time of any event the inputs hold now, in ms: appended lines go after it. */
  latest: number;
}

/** The members of the Report the scenarios look into, to show they change what they mean to. */
interface Report {
  workSessions: Array<{ workSessionId: string; eventCount: number }>;
  unattributed: Array<{ ts: number; threadKey: string | null }>;
}

/** One run's settings beyond the inputs. */
interface RunOptions {
  /** Flags given to the candidate and the reference alike (--pretty, --tz). */
  flags?: string[];
  /** Flags given to the runs on the cache only (--workers, --range-bytes). */
  cacheFlags?: string[];
  now?: string;
}

/** Copies a state directory (SAMPLE's or HOSTILE's `dir`) into a fresh working directory with a fresh cache. */
async function fresh(dir: string): Promise<State> {
  const source = [SAMPLE, HOSTILE].find((s) => s.dir === dir);
  if (source === undefined) throw new Error(`no state directory ${dir}`);
  const cwd = tmpTree();
  cpSync(path.join(ROOT, source.dir), path.join(cwd, "state"), { recursive: true });
  return {
    cwd,
    cache: tmpTree(),
    log: path.join(cwd, "state", source.log),
    latest: await latestEvent(source.dir),
  };
}

/**
 * Runs the candidate (on the state's cache, writing to the same Report file each time, as a user
 * would) and the reference (`--no-cache`), asserts their Reports are byte-identical, and whether
 * the candidate said it reused the last analysis: `reuse` true for FAST, false for FULL, null where
 * the rules leave it open (only the Report's bytes are judged then).
 */
async function check(
  s: State,
  what: string,
  reuse: boolean | null,
  options: RunOptions = {},
): Promise<Report> {
  const now = options.now ?? TEST_NOW;
  const flags = options.flags ?? [];
  const candidate = await analyze(
    s.cwd,
    "report.json",
    ["--cache", s.cache, ...(options.cacheFlags ?? []), ...flags],
    now,
  );
  const reference = await analyze(s.cwd, "reference.json", ["--no-cache", ...flags], now);
  // The parsed Reports first: a difference then reads as a diff of members, not of one long line.
  if (candidate.json !== reference.json)
    expect(JSON.parse(candidate.json), `${what}: the Report`).toEqual(JSON.parse(reference.json));
  expect(candidate.json, `${what}: the Report's bytes`).toBe(reference.json);
  // The summary line shows stderr was captured, so a missing message below means something.
  expect(candidate.stderr, `${what}: stderr`).toMatch(/read \d+ files/);
  // Soft, so a scenario of several steps still checks every step's Report when reuse is missing.
  // The whole of stderr in the message, as it says why the snapshot was or was not reused.
  const said = `${what}: stderr was ${JSON.stringify(candidate.stderr)}`;
  if (reuse === true) expect.soft(candidate.stderr, `${said}; reused`).toContain(REUSED);
  if (reuse === false) expect.soft(candidate.stderr, `${said}; not reused`).not.toContain(REUSED);
  return JSON.parse(reference.json) as Report;
}

/** Fills the cache with a first run; there is no snapshot to reuse yet. */
async function fill(s: State, options: RunOptions = {}): Promise<Report> {
  return await check(s, "the first run", false, options);
}

/** Appends NDJSON lines, each with its newline, to a file, and moves `latest` past their times. */
function append(s: State, file: string, lines: readonly string[]): void {
  appendFileSync(file, lines.map((l) => `${l}\n`).join(""));
  for (const line of lines) {
    try {
      const ts = (JSON.parse(line) as { ts?: unknown }).ts;
      if (typeof ts === "number" && ts > s.latest) s.latest = ts;
    } catch {
      // A broken line has no time.
    }
  }
}

/** Appends a block of text (lines from appendix, ending in a newline) to the grown log. */
function appendText(s: State, text: string): void {
  append(
    s,
    s.log,
    text.split("\n").filter((l) => l.length > 0),
  );
}

/** The complete lines of a file (those followed by a newline). */
function completeLines(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  lines.pop();
  return lines.filter((l) => l.length > 0);
}

interface LogLine {
  type: string;
  agentId: string;
  ts: number;
  data: Record<string, unknown>;
}

/** A log line as another event: a new time and, where it has one, a new message. */
function reemit(line: string, ts: number, tag: string): string {
  const event = JSON.parse(line) as LogLine;
  event.ts = ts;
  if (typeof event.data.message === "string") event.data.message = `${event.data.message} (${tag})`;
  return JSON.stringify(event);
}

/** The last line of a log that holds a message, to copy as a new event. */
function lastWithMessage(file: string): string {
  const line = completeLines(file).findLast(
    (l) => typeof (JSON.parse(l) as LogLine).data.message === "string",
  );
  if (line === undefined) throw new Error(`no line with a message in ${file}`);
  return line;
}

/** Later copies of the sample's lines: copy `k` is shifted by k weeks, with its ids suffixed. */
function later(k: number, bytes = 20_000): string {
  return appendix(sampleLines(), k, bytes);
}

describe("the incremental analysis", () => {
  // Scenario 1 (FAST): a log grows by a later copy of the sample's lines, three times, so the third
  // and fourth runs reuse a snapshot that was itself written by a run that reused one.
  it.each([
    [SAMPLE.dir, TEST_NOW],
    [SAMPLE.dir, LATER_NOW],
    [HOSTILE.dir, TEST_NOW],
  ])("reuses the analysis of %s when a log grows by later events (now %s)", async (source, now) => {
    const s = await fresh(source);
    await fill(s, { now });
    const first = later(50);
    expect(minTs(first)).toBeGreaterThan(s.latest);
    appendText(s, first);
    await check(s, "after an append", true, { now });
    const second = later(51);
    expect(minTs(second)).toBeGreaterThan(s.latest);
    appendText(s, second);
    await check(s, "after a second append", true, { now });
    // The second append's run merged the two appends' parts of the cache into one (mergedTail):
    // a run that reads that part still reuses the snapshot, whose ranges name it.
    const third = later(52);
    expect(minTs(third)).toBeGreaterThan(s.latest);
    appendText(s, third);
    await check(s, "after a third append, over merged parts", true, { now });
  });

  // Scenario 1b (FAST): a run that keeps no snapshot (here --pretty; `build` and `report` are such
  // runs too) still keeps the parse cache, and may merge its parts: the run after it must still
  // find there the parts the snapshot names, which the merged part lists as its pieces.
  it("reuses the analysis after a run without a snapshot merged the cache's parts", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    appendText(s, later(60));
    await check(s, "after an append", true);
    appendText(s, later(61));
    const pretty = await analyze(s.cwd, "pretty.json", ["--cache", s.cache, "--pretty"], TEST_NOW);
    expect(pretty.stderr).not.toContain(REUSED);
    appendText(s, later(62));
    await check(s, "after a run without a snapshot merged the parts", true);
  });

  // Scenario 2 (FAST): new lines of work sessions and conversations that already exist, so the
  // snapshot's sessions must be analysed again rather than only new ones added.
  it.each([
    [SAMPLE.dir, SAMPLE.log, "the same log"],
    [SAMPLE.dir, "logs/coordination-events.ndjson", "the newest log"],
    [HOSTILE.dir, HOSTILE.log, "the same log"],
  ])(
    "reuses the analysis of %s when existing work sessions go on (lines of %s, from %s)",
    async (source, from) => {
      const s = await fresh(source);
      const before = await fill(s);
      const withIds = completeLines(path.join(s.cwd, "state", from)).filter((l) => {
        const data = (JSON.parse(l) as LogLine).data;
        return typeof data.workSessionId === "string" || typeof data.conversationId === "string";
      });
      const last = withIds.slice(-4);
      expect(last).toHaveLength(4);
      const start = s.latest;
      append(
        s,
        s.log,
        last.map((l, i) => reemit(l, start + (i + 1) * MINUTE, "again")),
      );
      const after = await check(s, "after lines of existing sessions", true);
      // The lines went on sessions the first run saw, and made no new one.
      const ids = (r: Report) => r.workSessions.map((w) => w.workSessionId).sort();
      const events = (r: Report) => r.workSessions.reduce((n, w) => n + w.eventCount, 0);
      expect(ids(after)).toEqual(ids(before));
      expect(events(after)).toBeGreaterThan(events(before));
      // And once more, a few hours on, over the snapshot the step before wrote.
      const start2 = s.latest + 3 * HOUR;
      append(
        s,
        s.log,
        last.map((l, i) => reemit(l, start2 + i * MINUTE, "once more")),
      );
      await check(s, "after more lines of the same sessions", true);
    },
  );

  // Scenario 2b (FAST): lines that name only a conversation or only a task belong to the work
  // session their conversation or task is tied to by an earlier line; when the conversation or the
  // task goes on, the session is analysed again with every earlier line of either.
  it("reuses the analysis when lines that name only a tied conversation or task go on", async () => {
    const s = await fresh(SAMPLE.dir);
    const template = JSON.parse(lastWithMessage(s.log)) as LogLine;
    const line = (ts: number, data: Record<string, unknown>, type = "a2a.send"): string =>
      JSON.stringify({
        type,
        agentId: template.agentId,
        ts,
        data: {
          fromAgent: template.data.fromAgent,
          toAgent: template.data.toAgent,
          message: `m${ts}`,
          ...data,
        },
      });
    const t0 = s.latest + HOUR;
    append(s, s.log, [
      line(t0, { workSessionId: "ws-tied", conversationId: "c-tied", taskId: "task-tied" }),
      line(t0 + MINUTE, { conversationId: "c-tied" }, "a2a.response"),
      line(t0 + 2 * MINUTE, { conversationId: "c-tied" }),
      line(t0 + 3 * MINUTE, { taskId: "task-tied" }),
      line(t0 + 4 * MINUTE, { workSessionId: "ws-tied" }, "a2a.complete"),
    ]);
    const before = await fill(s);
    const count = (r: Report) => r.workSessions.find((w) => w.workSessionId === "ws-tied")?.eventCount;
    expect(count(before)).toBe(5);
    append(s, s.log, [line(t0 + 10 * MINUTE, { conversationId: "c-tied" }, "a2a.response")]);
    expect(count(await check(s, "a line of the tied conversation", true))).toBe(6);
    append(s, s.log, [line(t0 + 20 * MINUTE, { taskId: "task-tied" })]);
    expect(count(await check(s, "a line of the tied task", true))).toBe(7);
  });

  // Scenario 3b (FAST): a legacy pair's new line joins a conversation whose first line is further
  // back than the kept run of unattributed events it falls in, past 600 other pairs' lines.
  it("reuses the analysis when a legacy pair's line joins a conversation that began runs earlier", async () => {
    const s = await fresh(SAMPLE.dir);
    const pairLine = (ts: number, from: string, to: string): string =>
      JSON.stringify({
        type: "a2a.send",
        agentId: from,
        ts,
        data: { fromAgent: from, toAgent: to, message: `m${ts}` },
      });
    const t0 = s.latest + HOUR;
    // More than two runs of unattributed events (256 each), as in scenario 3c.
    const others = Array.from({ length: 600 }, (_, i) => pairLine(t0 + (i + 1) * 1000, `p${i}`, `q${i}`));
    append(s, s.log, [pairLine(t0, "pa", "pb"), ...others, pairLine(t0 + 20 * MINUTE, "pa", "pb")]);
    await fill(s);
    const late = t0 + 40 * MINUTE;
    append(s, s.log, [pairLine(late, "pa", "pb")]);
    const after = await check(s, "a pair's line within 30 minutes of a chain of its lines", true);
    expect(after.unattributed.find((e) => e.ts === late)?.threadKey).toMatch(
      new RegExp(`@${new Date(t0).toISOString()}$`),
    );
  });

  // Scenario 3 (FAST): legacy lines (an a2a.send with only fromAgent and toAgent, no conversation
  // id) are grouped by their pair and by the gap to the pair's last line, so a new one may join
  // the pair's last conversation (within 30 minutes) or start another (far later).
  it("reuses the analysis when a legacy pair sends again, soon and far later", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    const legacy = completeLines(s.log).findLast((l) => {
      const e = JSON.parse(l) as LogLine;
      return (
        e.type === "a2a.send" && e.data.conversationId === undefined && e.data.workSessionId === undefined
      );
    });
    expect(legacy).toBeDefined();
    const pairLine = (ts: number, tag: string): string => {
      const e = JSON.parse(legacy as string) as LogLine;
      const data: Record<string, unknown> = {
        fromAgent: e.data.fromAgent,
        toAgent: e.data.toAgent,
        message: `${String(e.data.message)} (${tag})`,
      };
      if (typeof e.data.targetSessionKey === "string") data.targetSessionKey = e.data.targetSessionKey;
      return JSON.stringify({ type: "a2a.send", agentId: e.agentId, ts, data });
    };
    // The thread the whole analysis put the legacy line of a time in.
    const threadAt = (r: Report, ts: number) => r.unattributed.find((e) => e.ts === ts)?.threadKey;
    // Far later than the pair's last line: a new conversation of the pair.
    const far = s.latest + HOUR;
    append(s, s.log, [pairLine(far, "far later")]);
    const first = await check(s, "a legacy line far later than the pair's last", true);
    expect(threadAt(first, far)).toMatch(new RegExp(`^pair:.*@${new Date(far).toISOString()}$`));
    // Ten minutes after the pair's last line: it joins that conversation.
    const soon = s.latest + 10 * MINUTE;
    append(s, s.log, [pairLine(soon, "soon after")]);
    const second = await check(s, "a legacy line within 30 minutes of the pair's last", true);
    expect(threadAt(second, soon)).toBe(threadAt(first, far));
    // Two days on again, after a conversation that the snapshot holds as open.
    const days = s.latest + 48 * HOUR;
    append(s, s.log, [pairLine(days, "days later")]);
    const third = await check(s, "a legacy line days after the pair's last", true);
    expect(threadAt(third, days)).toMatch(new RegExp(`^pair:.*@${new Date(days).toISOString()}$`));
  });

  // Scenario 3d (FAST): a legacy pair's conversation that has gone on for ten hours, a line every
  // twenty minutes, further back than the run first looks for a pair's earlier lines.
  it("reuses the analysis when a legacy pair's line joins a conversation ten hours long", async () => {
    const s = await fresh(SAMPLE.dir);
    const pairLine = (ts: number): string =>
      JSON.stringify({
        type: "a2a.send",
        agentId: "pa",
        ts,
        data: { fromAgent: "pa", toAgent: "pb", message: `m${ts}` },
      });
    const t0 = s.latest + HOUR;
    const chain = Array.from({ length: 31 }, (_, i) => [
      t0 + i * 20 * MINUTE,
      pairLine(t0 + i * 20 * MINUTE),
    ]);
    // Other pairs' lines between, so that the kept run the new line falls in starts hours after t0.
    const others = Array.from({ length: 600 }, (_, i) => {
      const ts = t0 + 30_000 + i * 60_000;
      return [
        ts,
        JSON.stringify({
          type: "a2a.send",
          agentId: `p${i}`,
          ts,
          data: { fromAgent: `p${i}`, toAgent: `q${i}` },
        }),
      ];
    });
    append(
      s,
      s.log,
      [...chain, ...others].sort((x, y) => Number(x[0]) - Number(y[0])).map(([, line]) => String(line)),
    );
    await fill(s);
    const late = t0 + 10 * HOUR + 10 * MINUTE;
    append(s, s.log, [pairLine(late)]);
    const after = await check(s, "a pair's line after ten hours of its conversation", true);
    expect(after.unattributed.find((e) => e.ts === late)?.threadKey).toMatch(
      new RegExp(`@${new Date(t0).toISOString()}$`),
    );
  });

  // Scenario 3c (FAST): a line of neither a conversation nor a pair joins the thread of its type's
  // five minutes, whose first line is further back than the kept run it falls in.
  it("reuses the analysis when a line joins its type's five minutes, begun runs earlier", async () => {
    const s = await fresh(SAMPLE.dir);
    const line = (ts: number, data: Record<string, unknown>): string =>
      JSON.stringify({ type: "a2a.send", agentId: "pa", ts, data: { message: `m${ts}`, ...data } });
    const bucket = 5 * MINUTE;
    const t0 = Math.ceil((s.latest + HOUR) / bucket) * bucket;
    // More than two runs of unattributed events (256 each): the kept run the new line falls in
    // starts among them, whatever the sample's own unattributed events.
    const others = Array.from({ length: 600 }, (_, i) =>
      line(t0 + (i + 1) * 250, { fromAgent: `p${i}`, toAgent: `q${i}` }),
    );
    // A last line after the new one, so that the log's end stays and the cut is the new line's time.
    const last = line(t0 + 290_000, { fromAgent: "pz", toAgent: "qz" });
    append(s, s.log, [line(t0, { fromAgent: "pa" }), ...others, last]);
    await fill(s);
    const late = t0 + 200_000;
    append(s, s.log, [line(late, { fromAgent: "pa" })]);
    const after = await check(s, "a line of a bucket begun before the kept run", true);
    const key = (ts: number) => after.unattributed.find((e) => e.ts === ts)?.threadKey;
    expect(key(late)).toBeDefined();
    expect(key(late)).toBe(key(t0));
  });

  // Scenario 4 (FAST): nothing changes but the time judged against, which moves what is open,
  // stale or blocked; the snapshot may be reused with only that judged again.
  it.each([
    [SAMPLE.dir, "a minute", MINUTE],
    [SAMPLE.dir, "25 hours", 25 * HOUR],
    [HOSTILE.dir, "a minute", MINUTE],
    [HOSTILE.dir, "25 hours", 25 * HOUR],
  ])("reuses the analysis of %s when only --now moves later by %s", async (source, _label, by) => {
    const s = await fresh(source);
    await fill(s);
    const now = new Date(Date.parse(TEST_NOW) + by).toISOString();
    await check(s, "with --now later", true, { now });
    await check(s, "with --now later, again", true, { now });
  });

  // Scenario 5 (FULL): a duplicate is dropped by the whole analysis and counted, which a snapshot
  // of distinct events cannot do by adding the line. A copy in other bytes is no duplicate: where
  // its line has the first one's length (the sample's compact lines) it shares its fingerprint and
  // is a twin, which only a whole analysis numbers; where it is shorter (site-hostile's spaced
  // lines) it is a distinct event of an earlier time, which the snapshot can take.
  it.each([
    [SAMPLE.dir, "a copy of a line in the middle", false],
    [SAMPLE.dir, "a copy of the last line", false],
    [SAMPLE.dir, "a copy of a line with its members in another order", false],
    [HOSTILE.dir, "a copy of a line in the middle", false],
    [HOSTILE.dir, "a copy of the last line", false],
    [HOSTILE.dir, "a copy of a line with its members in another order", true],
  ])("analyses %s when a log gains a duplicate: %s (reused: %s)", async (source, kind, reused) => {
    const s = await fresh(source);
    await fill(s);
    const lines = completeLines(s.log);
    const middle = lines[Math.floor(lines.length / 2)] as string;
    let copy: string;
    if (kind === "a copy of the last line") copy = lines[lines.length - 1] as string;
    else if (kind === "a copy of a line in the middle") copy = middle;
    else {
      // The same event in other bytes, the time first. Duplicates are copies of a line's bytes, so
      // the analysis keeps this one as a distinct event (a twin of the first where the lengths
      // match, as in the sample's compact lines): an event of an earlier time either way.
      const { ts, ...rest } = JSON.parse(middle) as LogLine;
      copy = JSON.stringify({ ts, ...rest });
      expect(copy).not.toBe(middle);
    }
    append(s, s.log, [copy]);
    await check(s, `after ${kind}`, reused);
  });

  // Scenario 5, chained: a duplicate of an event the last run appended, after a run that could
  // reuse the snapshot, so the duplicate is of an event only the snapshot's run saw.
  it("analyses again when a log gains a duplicate of a line appended before", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    const line = reemit(lastWithMessage(s.log), s.latest + MINUTE, "new");
    append(s, s.log, [line]);
    await check(s, "after a later line", true);
    append(s, s.log, [line]);
    await check(s, "after a copy of that line", false);
  });

  // Scenario 6: an event earlier than ones already analysed falls between them. The snapshot is
  // reused: every list in time order is made again from the earliest new event on. An earlier
  // line of the sample still needs a whole analysis, as its v1.1 stream starts and stops agents
  // after that time (the runs an agent leaves open are kept as a set, which a later run cannot put
  // in order again); at the time of its latest event, none is started or stopped after.
  it.each([
    [SAMPLE.dir, "earlier than the log's last event", false],
    [SAMPLE.dir, "later than its log's events but earlier than another log's last", false],
    [SAMPLE.dir, "at the very time of the latest event", true],
    [HOSTILE.dir, "earlier than the log's last event", true],
    [HOSTILE.dir, "at the very time of the latest event", true],
  ])("analyses %s when a log gains a line %s (reused: %s)", async (source, kind, reused) => {
    const s = await fresh(source);
    await fill(s);
    const template = lastWithMessage(s.log);
    const logLatest = Math.max(...completeLines(s.log).map((l) => (JSON.parse(l) as LogLine).ts));
    let ts: number;
    if (kind === "earlier than the log's last event") ts = logLatest - MINUTE;
    else if (kind === "at the very time of the latest event") ts = s.latest;
    else {
      // Only the sample has other logs, whose latest event is later than the grown log's.
      expect(logLatest).toBeLessThan(s.latest - HOUR);
      ts = logLatest + HOUR;
    }
    // A line with a later good line after it: the batch as a whole is not all later.
    append(s, s.log, [reemit(template, ts, "early"), reemit(template, s.latest + MINUTE, "late")]);
    await check(s, `after a line ${kind}`, reused);
  });

  // Scenario 7 (FULL): a broken line is a finding, and findings are listed in the Report in an
  // order a snapshot does not keep.
  it.each([[SAMPLE.dir], [HOSTILE.dir]])(
    "analyses %s again when new lines include a broken one",
    async (source) => {
      const s = await fresh(source);
      await fill(s);
      const template = lastWithMessage(s.log);
      append(s, s.log, [
        reemit(template, s.latest + MINUTE, "before"),
        "{not json",
        reemit(template, s.latest + 2 * MINUTE, "after"),
      ]);
      await check(s, "after a broken line among later ones", false);
    },
  );

  // Scenario 7, a writer caught mid-line: the last line has no newline yet, and then is finished.
  // The rules leave reuse open for the second run (the cut line was not kept), so only the
  // Report's bytes are judged there.
  it("gives the whole analysis's Report when a log's new last line is cut and then finished", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    const line = reemit(lastWithMessage(s.log), s.latest + MINUTE, "cut");
    const cut = Math.floor(line.length / 2);
    appendFileSync(
      s.log,
      `${reemit(lastWithMessage(s.log), s.latest + 30_000, "whole")}\n${line.slice(0, cut)}`,
    );
    await check(s, "with a cut last line", false);
    appendFileSync(s.log, `${line.slice(cut)}\n`);
    await check(s, "with that line finished", null);
  });

  it("counts a last line that is a whole event without its newline once, run after run", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    appendFileSync(s.log, reemit(lastWithMessage(s.log), s.latest + MINUTE, "unended"));
    await check(s, "with a whole last line without its newline", null);
    // The line is read again by every run and never kept: a run that reused the last analysis
    // would count its event a second time.
    const again = await check(s, "run again, nothing changed", false);
    const unended = again.workSessions.reduce((n, session) => n + session.eventCount, 0);
    const once = await check(s, "run once more", false);
    expect(once.workSessions.reduce((n, session) => n + session.eventCount, 0)).toBe(unended);
    appendFileSync(s.log, `\n${reemit(lastWithMessage(s.log), s.latest + 2 * MINUTE, "next")}\n`);
    await check(s, "with that line ended and one more", null);
    await check(s, "with nothing new", true);
  });

  // Scenario 8 (FULL): a log rewritten or cut is not one that only grew; the parse cache sees it
  // by its ranges' CRCs, and the snapshot must not be used.
  it.each([
    [SAMPLE.dir, "rewritten at the same size, its first line moved to the end"],
    [SAMPLE.dir, "rewritten longer, a later line put first"],
    [SAMPLE.dir, "changed by one byte in the middle"],
    [SAMPLE.dir, "cut by its last line"],
    [SAMPLE.dir, "replaced by more, later lines"],
    [HOSTILE.dir, "rewritten at the same size, its first line moved to the end"],
    [HOSTILE.dir, "rewritten longer, a later line put first"],
    [HOSTILE.dir, "changed by one byte in the middle"],
    [HOSTILE.dir, "cut by its last line"],
    [HOSTILE.dir, "replaced by more, later lines"],
  ])("analyses %s again when a log is %s", async (source, kind) => {
    const s = await fresh(source);
    await fill(s);
    const before = readFileSync(s.log, "utf8");
    const lines = completeLines(s.log);
    if (kind === "rewritten at the same size, its first line moved to the end") {
      writeFileSync(s.log, `${[...lines.slice(1), lines[0]].join("\n")}\n`);
    } else if (kind === "rewritten longer, a later line put first") {
      writeFileSync(s.log, `${reemit(lastWithMessage(s.log), s.latest + MINUTE, "first")}\n${before}`);
    } else if (kind === "changed by one byte in the middle") {
      const at = Math.floor(lines.length / 2);
      const event = JSON.parse(lines[at] as string) as LogLine;
      const ts = String(event.ts);
      // The time's last digit changed, so the size is kept and the line is still a good event.
      const changed = ts.slice(0, -1) + String((Number(ts.slice(-1)) + 1) % 10);
      expect(changed).toHaveLength(ts.length);
      lines[at] = (lines[at] as string).replace(ts, changed);
      writeFileSync(s.log, `${lines.join("\n")}\n`);
    } else if (kind === "cut by its last line") {
      truncateSync(s.log, Buffer.byteLength(before) - Buffer.byteLength(`${lines[lines.length - 1]}\n`));
    } else {
      writeFileSync(s.log, later(50, Buffer.byteLength(before) + 1000));
    }
    if (kind !== "cut by its last line")
      expect(statSync(s.log).size).toBeGreaterThanOrEqual(Buffer.byteLength(before));
    expect(readFileSync(s.log, "utf8")).not.toBe(before);
    await check(s, `after the log was ${kind}`, false);
  });

  // Scenario 9 (FULL): task files, the config and the category overrides feed the whole analysis;
  // a change to any of them, even a space, must not be missed because a log also only grew.
  it.each([
    ["a task file gains a space", "workspace-eden/tasks/task_598d335216c131b63454.md", " "],
    ["openclaw.json gains a newline", "openclaw.json", "\n"],
    ["the category overrides gain a newline", "work-session-category-overrides.json", "\n"],
    ["a task history gains a newline", "workspace-eden/task-history/2026-03.md", "\n"],
    ["a CURRENT_TASK.md gains a space", "workspace-seum/CURRENT_TASK.md", " "],
  ])("analyses the sample again when %s and a log grows", async (_what, file, extra) => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    appendFileSync(path.join(s.cwd, "state", file), extra);
    appendText(s, later(50, 5_000));
    await check(s, `after ${file} changed`, false);
  });

  // Scenario 9, files that come and go: a new task file or a removed event file change what the
  // whole analysis reads. A new event file of later events is growth from nothing, which the rules
  // leave open, so only its Report's bytes are judged.
  it("analyses the sample again when a task file is added or an event file removed", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    const task = path.join(s.cwd, "state", "workspace-eden/tasks/task_598d335216c131b63454.md");
    writeFileSync(path.join(path.dirname(task), "task_00000000000000000000.md"), readFileSync(task));
    appendText(s, later(50, 5_000));
    await check(s, "after a task file was added", false);
    const added = later(60, 5_000);
    writeFileSync(path.join(s.cwd, "state", "logs/coordination-events-2027.ndjson"), added);
    s.latest = Math.max(s.latest, maxTs(added));
    await check(s, "after an event file of later events was added", null);
    rmSync(path.join(s.cwd, "state", "logs/coordination-events-2027.ndjson"));
    await check(s, "after that event file was removed", false);
  });

  // Scenario 10 (FULL): --pretty is written by the whole analysis; the run after it, compact again,
  // follows a run with the cache that kept no snapshot, which the rules leave open.
  it.each([[SAMPLE.dir], [HOSTILE.dir]])("writes %s with --pretty from a whole analysis", async (source) => {
    const s = await fresh(source);
    await fill(s);
    appendText(s, later(50));
    await check(s, "with --pretty", false, { flags: ["--pretty"] });
    appendText(s, later(51));
    await check(s, "compact again after --pretty", null);
  });

  // Scenario 11 (FAST): the same as scenario 1 with the cache kept by parts on two workers.
  it("reuses the analysis of the sample parsed by two workers in small parts", async () => {
    const s = await fresh(SAMPLE.dir);
    const cacheFlags = ["--workers", "2", "--range-bytes", "4096"];
    await fill(s, { cacheFlags });
    appendText(s, later(50));
    await check(s, "after an append", true, { cacheFlags });
    appendText(s, later(51));
    await check(s, "after a second append", true, { cacheFlags });
  });

  // Beyond the list: the sample's v1.1 stream, whose events carry ids and ISO times, grows by later
  // events with new ids (FAST), and then by a later event with an earlier one's id (FULL: the
  // whole analysis keeps one event per id and reports a changed copy).
  it("follows the sample's stream of events with ids", async () => {
    const s = await fresh(SAMPLE.dir);
    await fill(s);
    const stream = path.join(s.cwd, "state", "streams/office-v11.ndjson");
    const lines = completeLines(stream);
    const withId = (line: string, id: string, ts: number): string => {
      const event = JSON.parse(line) as { id: string; ts: string; payload: Record<string, unknown> };
      return JSON.stringify({
        ...event,
        id,
        ts: new Date(ts).toISOString(),
        payload: { ...event.payload, again: id },
      });
    };
    const last = lines[lines.length - 1] as string;
    const newId = `${(JSON.parse(last) as { id: string }).id}_again`;
    appendFileSync(stream, `${withId(last, newId, s.latest + MINUTE)}\n`);
    s.latest += MINUTE;
    await check(s, "after a later event with a new id", true);
    const oldId = (JSON.parse(lines[0] as string) as { id: string }).id;
    appendFileSync(stream, `${withId(lines[0] as string, oldId, s.latest + MINUTE)}\n`);
    s.latest += MINUTE;
    await check(s, "after a later event with an earlier one's id", false);
  });

  // Scenario 12 (FULL): the time zone cuts the weeks; a snapshot taken in another zone is not the
  // same analysis, with or without new lines, and neither is one taken before going back.
  it.each([
    [SAMPLE.dir, false],
    [SAMPLE.dir, true],
    [HOSTILE.dir, true],
  ])("analyses %s again when --tz changes (with new lines: %s)", async (source, grow) => {
    const s = await fresh(source);
    await fill(s);
    if (grow) appendText(s, later(50));
    await check(s, "with --tz Asia/Seoul", false, { flags: ["--tz", "Asia/Seoul"] });
    await check(s, "back in UTC", false);
  });
});

/** The earliest event time of NDJSON lines, in ms. */
function minTs(text: string): number {
  return Math.min(...times(text));
}

/** The latest event time of NDJSON lines, in ms. */
function maxTs(text: string): number {
  return Math.max(...times(text));
}

function times(text: string): number[] {
  return text
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => (JSON.parse(l) as LogLine).ts);
}
