import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { copyLine, ensureConfig, sampleLines, STATE_LOG, writeCopies } from "../../scripts/bench/corpus.ts";
import { analyzeCaptured, latestEvent, REUSED } from "../helpers/analyze-captured.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";
import { CLAUDE_LINES, fuzzSettings } from "./arbitraries.ts";

// A property of the incremental analysis: whatever lines a log gains between runs, a run on the
// parse cache (which may reuse the last analysis) writes the Report a run without the cache writes,
// byte for byte. The differential test (test/scripts/commands/incremental-analyze.test.ts) holds
// the rules case by case; this one mixes what they meet at random: lines after the log's end, just
// before it and anywhere inside it, of conversations, sessions and tasks the log names and of new
// ones, exact copies, and a `now` that moves on between runs.

const ROOT = path.resolve(import.meta.dirname, "../..");

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A case runs the command up to fourteen times, so it runs far fewer cases than the others. */
const CASES = Math.max(4, Math.round(fuzzSettings.numRuns / 20));

/** A state directory a case grows, and the lines it copies into it. */
interface Base {
  /** The folder, from the repository's root or absolute. */
  dir: string;
  /** The log that grows: one that ends in a newline, so that lines appended to it stay whole. */
  log: string;
  /** OpenClaw lines to append again, at other times: the state's own. */
  lines: readonly string[];
  /** The earliest time of those lines. */
  first: number;
  /** How a counterexample names it: by its folder, not its lines. */
  [fc.toStringMethod]: () => string;
}

interface LogLine {
  ts: number;
  data: Record<string, unknown>;
}

/** A base from its folder, its growing log and its lines (those with a time and a payload). */
function baseOf(dir: string, log: string, lines: readonly string[]): Base {
  const usable: Array<{ line: string; ts: number }> = [];
  for (const line of lines) {
    try {
      const event = JSON.parse(line) as Partial<LogLine>;
      if (Number.isFinite(event.ts) && typeof event.data === "object" && event.data !== null)
        usable.push({ line, ts: event.ts as number });
    } catch {
      // Not a line to copy.
    }
  }
  return {
    dir,
    log,
    lines: usable.map((u) => u.line),
    first: Math.min(...usable.map((u) => u.ts)),
    [fc.toStringMethod]: () => JSON.stringify(path.basename(dir)),
  };
}

/**
 * A state of six copies of the sample's lines, each a week later with its ids suffixed, made for
 * this file and removed after it: some 19,500 events, so that the cache's parts hold several
 * blocks of rows (KEY_BLOCK_ROWS) and a rerun's selections pass over some of them.
 */
const COPIES_DIR = mkdtempSync(path.join(tmpdir(), "workscope-copies-"));
await ensureConfig(COPIES_DIR);
await writeCopies(path.join(COPIES_DIR, STATE_LOG), sampleLines(), 6);
afterAll(() => rmSync(COPIES_DIR, { recursive: true, force: true }));

/**
 * The bundled sample (whose February log ends in a newline), the fixture of hostile text, and the
 * copies of the sample. A folder is named from the repository's root, or absolute.
 */
const BASES: readonly Base[] = [
  baseOf("content/sample", "logs/coordination-events-2026-02.ndjson", sampleLines()),
  baseOf(
    "test/fixtures/site-hostile",
    "logs/coordination-events.ndjson",
    readFileSync(path.join(ROOT, "test/fixtures/site-hostile/logs/coordination-events.ndjson"), "utf8").split(
      "\n",
    ),
  ),
  baseOf(COPIES_DIR, STATE_LOG, readFileSync(path.join(COPIES_DIR, STATE_LOG), "utf8").split("\n")),
];

/** One of the bases. */
const baseArb: fc.Arbitrary<Base> = fc.constantFrom(...BASES);

/** The flags of the runs on the cache: the main thread, or two workers parsing parts of 4 KiB. */
const cacheFlagsArb: fc.Arbitrary<readonly string[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string[]>([]) },
  { weight: 1, arbitrary: fc.constant(["--workers", "2", "--range-bytes", "4096"]) },
);

/** The zone every run of a case cuts weeks in: the weeks are sums a rerun makes from kept sessions. */
const zoneArb = fc.constantFrom("UTC", "Asia/Seoul", "America/New_York");

/** The flags of a case's runs: those of the runs on the cache, and the zone of all of them. */
const flagsArb = fc.record({ cache: cacheFlagsArb, zone: zoneArb });

/** When an appended line happens, against the latest time the log holds. */
type When =
  | { kind: "after"; ms: number }
  | { kind: "before the end"; ms: number }
  | { kind: "inside"; fraction: number };

/** One appended line: a sample line, at another time, with its ids or new ones, or the line itself again. */
interface Appended {
  pick: number;
  when: When;
  newIds: boolean;
  copy: boolean;
}

const whenArb: fc.Arbitrary<When> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant("after"), ms: fc.integer({ min: 1_000, max: 6 * HOUR }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("before the end"),
      ms: fc.integer({ min: 0, max: 30 * MINUTE }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("inside"),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
);

const appendedArb: fc.Arbitrary<Appended> = fc.record({
  pick: fc.nat(),
  when: whenArb,
  newIds: fc.boolean(),
  copy: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** The lines one step appends, and how far `now` moves on before the run after it. */
const stepArb = fc.record({
  lines: fc.array(appendedArb, { minLength: 1, maxLength: 8 }),
  nowAhead: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * DAY })),
});

/** The text of an appended line, the `n`-th of the case; `latest` is the latest time appended so far. */
function lineOf(base: Base, appended: Appended, n: number, latest: number): string {
  const line = base.lines[appended.pick % base.lines.length] as string;
  if (appended.copy) return line;
  // copyLine suffixes the ids; its own move of the time is replaced below.
  const event = JSON.parse(appended.newIds ? copyLine(line, 1000 + n) : line) as LogLine;
  const { when } = appended;
  event.ts =
    when.kind === "after"
      ? latest + when.ms
      : when.kind === "before the end"
        ? latest - when.ms
        : Math.round(base.first + when.fraction * (latest - base.first));
  if (typeof event.data["message"] === "string") event.data["message"] = `${event.data["message"]} (${n})`;
  return JSON.stringify(event);
}

/** A copy of a base in a fresh folder, and a check of the runs on its cache against runs without one. */
interface Case {
  /** The copy of the state directory. */
  state: string;
  /** The grown log's path. */
  log: string;
  /**
   * Runs the command on the cache and without it, as of `nowMs`, asserts their Reports are the
   * same bytes, and says whether the run on the cache reused the last analysis.
   */
  same(what: string, nowMs: number): Promise<boolean>;
}

/** Runs `body` on a fresh copy of `base`, removed after, with the flags of its runs. */
async function withCase(
  base: Base,
  flags: { cache: readonly string[]; zone: string },
  body: (c: Case) => Promise<void>,
): Promise<void> {
  const cwd = mkdtempSync(path.join(tmpdir(), "workscope-incremental-"));
  try {
    cpSync(path.resolve(ROOT, base.dir), path.join(cwd, "state"), { recursive: true });
    const cache = path.join(cwd, "cache");
    await body({
      state: path.join(cwd, "state"),
      log: path.join(cwd, "state", base.log),
      same: async (what, nowMs) => {
        const now = new Date(nowMs).toISOString();
        const zone = ["--tz", flags.zone];
        const candidate = await analyzeCaptured(
          cwd,
          "report.json",
          ["--cache", cache, ...flags.cache, ...zone],
          now,
        );
        const reference = await analyzeCaptured(cwd, "reference.json", ["--no-cache", ...zone], now);
        if (candidate.json !== reference.json)
          expect(JSON.parse(candidate.json), `${what}: the Report`).toEqual(JSON.parse(reference.json));
        expect(candidate.json, `${what}: the Report's bytes`).toBe(reference.json);
        return candidate.stderr.includes(REUSED);
      },
    });
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Lines for a step to append, and the latest time they and the lines before them hold. */
function linesOf(
  base: Base,
  step: readonly Appended[],
  first: number,
  latest: number,
): { text: string; latest: number } {
  const lines = step.map((appended, i) => lineOf(base, appended, first + i, latest));
  for (const line of lines) latest = Math.max(latest, (JSON.parse(line) as LogLine).ts);
  return { text: lines.map((line) => `${line}\n`).join(""), latest };
}

/**
 * What may happen to a log between two runs: lines appended (the last one ended or not), a cut, a
 * byte written over, a rotation; or lines a Claude Code transcript gains.
 */
type Change =
  | { kind: "append"; lines: Appended[]; ended: boolean }
  | { kind: "cut"; fraction: number }
  | { kind: "edit"; fraction: number; byte: number }
  | { kind: "rotate"; gzip: boolean; lines: Appended[] }
  | { kind: "transcript"; picks: number[] };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("append"),
      lines: fc.array(appendedArb, { minLength: 1, maxLength: 6 }),
      // Now and then the last line's newline is still to come (and what comes next joins it).
      ended: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("cut"), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("edit"),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      byte: fc.integer({ min: 0x20, max: 0x7e }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("transcript"),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("rotate"),
      gzip: fc.boolean(),
      lines: fc.array(appendedArb, { minLength: 1, maxLength: 6 }),
    }),
  },
);

/** The Claude Code transcript a change appends to: one of the sample's, or a new one elsewhere. */
const TRANSCRIPT = "claude/projects/-home-dev-app/1d3f7002-4e44-48e6-a47f-2e8c8fa50c72.jsonl";

/**
 * The modification time the log is given before every run, whatever changed it: a change that
 * keeps its length is then one only its bytes tell.
 */
const FILE_TIME = new Date("2026-03-01T00:00:00Z");

/** Makes a change to the case's log, and gives the latest time of any line appended. */
function change(base: Base, c: Case, what: Change, n: number, latest: number): number {
  switch (what.kind) {
    case "append": {
      const made = linesOf(base, what.lines, n, latest);
      appendFileSync(c.log, what.ended ? made.text : made.text.slice(0, -1));
      return made.latest;
    }
    case "cut": {
      truncateSync(c.log, Math.floor(what.fraction * statSync(c.log).size));
      return latest;
    }
    case "edit": {
      // One byte written over in place: the length is the same, and so is the time (see FILE_TIME).
      const bytes = readFileSync(c.log);
      if (bytes.length > 0) {
        bytes[Math.min(bytes.length - 1, Math.floor(what.fraction * bytes.length))] = what.byte;
        writeFileSync(c.log, bytes);
      }
      return latest;
    }
    case "transcript": {
      // Lines of the sample's Claude Code transcripts appended to one of the state's (made when it
      // has none): a new event of a transcript is analysed with all of them.
      const file = path.join(c.state, TRANSCRIPT);
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(
        file,
        what.picks.map((pick) => `${CLAUDE_LINES[pick % CLAUDE_LINES.length]}\n`).join(""),
      );
      return latest;
    }
    case "rotate": {
      // The log moves aside (compressed or not), and a new one starts under its name.
      const rotated = c.log.replace(/\.ndjson$/, `-${n}.ndjson`);
      if (what.gzip) {
        writeFileSync(`${rotated}.gz`, gzipSync(readFileSync(c.log)));
        rmSync(c.log);
      } else renameSync(c.log, rotated);
      const made = linesOf(base, what.lines, n, latest);
      writeFileSync(c.log, made.text);
      return made.latest;
    }
  }
}

describe("the incremental analysis", () => {
  it(
    "writes the Report of a run without the cache, whatever lines the log gains between runs",
    async () => {
      let steps = 0;
      let reused = 0;
      await fc.assert(
        fc.asyncProperty(
          baseArb,
          flagsArb,
          fc.array(stepArb, { minLength: 1, maxLength: 3 }),
          (base, flags, scenario) =>
            withCase(base, flags, async (c) => {
              let nowMs = Date.parse(TEST_NOW);
              await c.same("the first run", nowMs);
              let latest = await latestEvent(base.dir);
              for (const [i, step] of scenario.entries()) {
                const made = linesOf(base, step.lines, 100 * i, latest);
                appendFileSync(c.log, made.text);
                latest = made.latest;
                nowMs = Math.max(nowMs, latest) + step.nowAhead;
                steps++;
                if (await c.same(`step ${i + 1}`, nowMs)) reused++;
              }
            }),
        ),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
      // Runs that never reused the last analysis would hold only the whole analysis to itself.
      expect(steps).toBeGreaterThan(0);
      expect(reused, `${reused} of ${steps} steps reused the last analysis`).toBeGreaterThan(0);
    },
    CASES * 60_000,
  );

  it(
    "writes the Report of a run without the cache when the log is cut, written over in place or rotated, or a transcript grows",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          baseArb,
          flagsArb,
          // Each change, and whether the command then runs once more with nothing changed.
          fc.array(
            fc.tuple(
              changeArb,
              fc.oneof(
                { weight: 2, arbitrary: fc.constant(true) },
                { weight: 1, arbitrary: fc.constant(false) },
              ),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          (base, flags, changes) =>
            withCase(base, flags, async (c) => {
              const nowMs = Date.parse(TEST_NOW);
              utimesSync(c.log, FILE_TIME, FILE_TIME);
              await c.same("the first run", nowMs);
              let latest = await latestEvent(base.dir);
              for (const [i, [what, twice]] of changes.entries()) {
                latest = change(base, c, what, 100 * i, latest);
                utimesSync(c.log, FILE_TIME, FILE_TIME);
                await c.same(`change ${i + 1} (${what.kind})`, nowMs);
                if (twice) await c.same(`change ${i + 1} (${what.kind}), run again`, nowMs);
              }
            }),
        ),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
    },
    CASES * 60_000,
  );
});
