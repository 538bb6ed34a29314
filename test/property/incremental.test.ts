import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyLine, sampleLines } from "../../scripts/bench/corpus.ts";
import { analyzeCaptured, REUSED } from "../helpers/analyze-captured.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";
import { fuzzSettings } from "./arbitraries.ts";

// A property of the incremental analysis: whatever lines a log gains between runs, a run on the
// parse cache (which may reuse the last analysis) writes the Report a run without the cache writes,
// byte for byte. The differential test (test/scripts/commands/incremental-analyze.test.ts) holds
// the rules case by case; this one mixes what they meet at random: lines after the log's end, just
// before it and anywhere inside it, of conversations, sessions and tasks the log names and of new
// ones, exact copies, and a `now` that moves on between runs.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(ROOT, "content/sample");
/** The sample's log that ends in a newline: lines appended to it stay whole. */
const LOG = "logs/coordination-events-2026-02.ndjson";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A case runs the command up to eight times on the sample, so it runs far fewer cases than the others. */
const CASES = Math.max(4, Math.round(fuzzSettings.numRuns / 20));

/** The sample's OpenClaw lines, and the span of their times. */
const LINES = sampleLines();
const TIMES = LINES.map((line) => (JSON.parse(line) as { ts: number }).ts);
const FIRST = Math.min(...TIMES);
const LAST = Math.max(...TIMES);

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

interface LogLine {
  ts: number;
  data: Record<string, unknown>;
}

/** The text of an appended line, the `n`-th of the case; `latest` is the latest time appended so far. */
function lineOf(appended: Appended, n: number, latest: number): string {
  const base = LINES[appended.pick % LINES.length] as string;
  if (appended.copy) return base;
  // copyLine suffixes the ids; its own move of the time is replaced below.
  const event = JSON.parse(appended.newIds ? copyLine(base, 1000 + n) : base) as LogLine;
  const { when } = appended;
  event.ts =
    when.kind === "after"
      ? latest + when.ms
      : when.kind === "before the end"
        ? latest - when.ms
        : Math.round(FIRST + when.fraction * (latest - FIRST));
  if (typeof event.data["message"] === "string") event.data["message"] = `${event.data["message"]} (${n})`;
  return JSON.stringify(event);
}

describe("the incremental analysis", () => {
  it(
    "writes the Report of a run without the cache, whatever lines the log gains between runs",
    async () => {
      let steps = 0;
      let reused = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 3 }), async (scenario) => {
          const cwd = mkdtempSync(path.join(tmpdir(), "workscope-incremental-"));
          try {
            cpSync(SAMPLE, path.join(cwd, "state"), { recursive: true });
            const cache = path.join(cwd, "cache");
            let nowMs = Date.parse(TEST_NOW);
            const same = async (what: string): Promise<boolean> => {
              const now = new Date(nowMs).toISOString();
              const candidate = await analyzeCaptured(cwd, "report.json", ["--cache", cache], now);
              const reference = await analyzeCaptured(cwd, "reference.json", ["--no-cache"], now);
              if (candidate.json !== reference.json)
                expect(JSON.parse(candidate.json), `${what}: the Report`).toEqual(JSON.parse(reference.json));
              expect(candidate.json, `${what}: the Report's bytes`).toBe(reference.json);
              return candidate.stderr.includes(REUSED);
            };
            await same("the first run");
            let latest = LAST;
            let n = 0;
            for (const [i, step] of scenario.entries()) {
              const lines = step.lines.map((appended) => lineOf(appended, n++, latest));
              for (const line of lines) latest = Math.max(latest, (JSON.parse(line) as LogLine).ts);
              appendFileSync(path.join(cwd, "state", LOG), lines.map((line) => `${line}\n`).join(""));
              nowMs = Math.max(nowMs, latest) + step.nowAhead;
              steps++;
              if (await same(`step ${i + 1}`)) reused++;
            }
          } finally {
            rmSync(cwd, { recursive: true, force: true });
          }
        }),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
      // Runs that never reused the last analysis would hold only the whole analysis to itself.
      expect(steps).toBeGreaterThan(0);
      expect(reused, `${reused} of ${steps} steps reused the last analysis`).toBeGreaterThan(0);
    },
    CASES * 60_000,
  );
});
