import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Analysis } from "../../src/core/analysis.ts";
import { analyze } from "../../src/core/analyze.ts";
import { toEventLine } from "../../src/core/event-line.ts";
import type { LoadedInput } from "../../src/core/input.ts";
import { Report } from "../../src/core/report.ts";
import { buildSiteData } from "../../src/core/site/build-site.ts";
import { analyzeInputs } from "../../src/ingest/analyze-inputs.ts";
import { loadInputs } from "../../src/ingest/load.ts";
import { silentProgress } from "../../src/ingest/progress.ts";
import {
  bomArb,
  contentLines,
  fileBytesArb,
  fuzzSettings,
  garbageLineArb,
  joinLines,
  openClawLineArb,
  KNOWN_BUGS,
  opensAsArray,
  withTree,
} from "./arbitraries.ts";

// Properties over the whole analysis: whatever the bytes, the run ends with a Report that accounts
// for every line. Each runs fuzzSettings.numRuns cases from fuzzSettings.seed; on a failure
// fast-check prints the seed, the path and the smallest input it shrank to, and FUZZ_SEED runs it
// again.

const NOW_MS = Date.parse("2027-01-01T00:00:00Z");
const LOG = "logs/coordination-events.ndjson";
const CONFIG = JSON.stringify({ agents: { list: [{ id: "eden" }, { id: "seum" }] } });

const load = (dir: string): Promise<LoadedInput> => loadInputs(["."], dir, () => silentProgress);

/** Everything a command does with an Analysis, short of writing files: each must not throw. */
function useEveryOutput(analysis: Analysis): void {
  Report.parse(analysis.report);
  JSON.stringify(analysis.report);
  for (const event of analysis.events) toEventLine(event);
  buildSiteData(analysis);
}

describe("any bytes as a log file", () => {
  it("give a Report in which every line with content is an event or a finding", async () => {
    await fc.assert(
      fc.asyncProperty(fileBytesArb, async (bytes) => {
        await withTree({ [LOG]: bytes, "openclaw.json": CONFIG }, async (dir) => {
          const input = await load(dir);
          const analysis = analyze(input, NOW_MS);
          useEveryOutput(analysis);
          const accounted = new Set([
            ...input.events.filter((e) => e.file === LOG).map((e) => e.line),
            ...input.findings.filter((f) => f.file === LOG).map((f) => f.line),
          ]);
          const lost = wholeFileFinding(input, LOG)
            ? []
            : contentLines(bytes).filter((line) => !accounted.has(line));
          expect(lost).toEqual([]);
          const report = analysis.report;
          expect(report.input.events + report.input.duplicates).toBe(input.events.length);
        });
      }),
      fuzzSettings,
    );
  });
});

describe("a valid line among garbage", () => {
  it("is in the Report, whatever lines come before and after it", async () => {
    const arb = fc.record({
      before: fc.array(garbageLineArb, { maxLength: 6 }),
      valid: openClawLineArb,
      bom: bomArb,
      after: fc.array(garbageLineArb, { maxLength: 6 }),
      end: fc.constantFrom("\n", "\r\n"),
      endsWithNewline: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ before, valid, bom, after, end, endsWithNewline }) => {
        const lines = [...before, Buffer.from(bom + valid.text), ...after];
        const bytes = joinLines(lines, end, endsWithNewline);
        // Garbage that opens the file with `[` makes it a JSON array, whose lines are no events:
        // the property of any bytes covers such files.
        fc.pre(!opensAsArray(bytes));
        const lineNumber = before.length + 1;
        await withTree({ [LOG]: bytes, "openclaw.json": CONFIG }, async (dir) => {
          const analysis = await analyzeInputs(["."], { cwd: dir, nowMs: NOW_MS });
          useEveryOutput(analysis);
          const event = analysis.events.find((e) => e.file === LOG && e.line === lineNumber);
          expect(event, `line ${lineNumber} is not among the events`).toBeDefined();
          const { report } = analysis;
          const listed =
            report.workSessions.some((s) => s.workSessionId === event?.workSessionId) ||
            report.unattributed.some((u) => u.file === LOG && u.line === lineNumber);
          expect(listed, "the event is in no work session and not unattributed").toBe(true);
        });
      }),
      fuzzSettings,
    );
  });
});

describe("the order of the input files", () => {
  // Several event files, some lines shared between them so that dedupe has copies to choose from.
  const filesArb = fc
    .array(
      fc.oneof(
        openClawLineArb.map((l) => Buffer.from(l.text)),
        garbageLineArb,
      ),
      {
        minLength: 1,
        maxLength: 8,
      },
    )
    .chain((pool) =>
      fc.array(fc.array(fc.constantFrom(...pool), { maxLength: 6 }), { minLength: 2, maxLength: 4 }),
    )
    .map((files) =>
      Object.fromEntries(
        files.map((lines, i) => [`logs/coordination-events-${i}.ndjson`, joinLines(lines, "\n", true)]),
      ),
    );

  it("does not change the Report: neither how they are named, nor the order their contents are handed on in", async () => {
    await fc.assert(
      fc.asyncProperty(filesArb, fc.nat(), async (files, shuffleSeed) => {
        await withTree({ ...files, "openclaw.json": CONFIG }, async (dir) => {
          const input = await load(dir);
          const expected = analyze(input, NOW_MS).report;

          // Named one by one on the command line, in any order.
          const named = shuffle(Object.keys(files), shuffleSeed);
          const asFiles = await analyzeInputs([...named, "openclaw.json"], { cwd: dir, nowMs: NOW_MS });
          expect(asFiles.report).toEqual(expected);

          // The file list stays in path order, as the Report lists it; what each file gave is
          // handed to the core in a shuffled order of the files, so the analysis must not rely
          // on where in its input a copy or a finding came.
          const order = shuffle(
            input.files.map((f) => f.path),
            shuffleSeed,
          );
          const byFile = <T extends { file: string }>(items: readonly T[]): T[] =>
            order.flatMap((path) => items.filter((item) => item.file === path));
          const shuffled: LoadedInput = {
            ...input,
            events: byFile(input.events),
            findings: byFile(input.findings),
          };
          expect(analyze(shuffled, NOW_MS).report).toEqual(expected);
        });
      }),
      fuzzSettings,
    );
  });
});

describe("gzip", () => {
  // One or more members, as `cat a.gz b.gz` makes, and (unless constrained) bytes after them.
  const arb = fc.record({
    members: fc.array(
      fc.array(
        fc.oneof(
          openClawLineArb.map((l) => Buffer.from(l.text)),
          garbageLineArb,
        ),
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    trailing: KNOWN_BUGS.gzipTrailing ? fc.constant(new Uint8Array()) : fc.uint8Array({ maxLength: 40 }),
  });

  it("keeps every line of every complete member, and reports bytes after them", async () => {
    await fc.assert(
      fc.asyncProperty(arb, async ({ members, trailing }) => {
        const texts = members.map((lines) => joinLines(lines, "\n", true));
        const bytes = Buffer.concat([...texts.map((t) => gzipSync(t)), trailing]);
        const file = `${LOG}.gz`;
        await withTree({ [file]: bytes, "openclaw.json": CONFIG }, async (dir) => {
          const input = await load(dir);
          useEveryOutput(analyze(input, NOW_MS));
          const accounted = new Set([
            ...input.events.map((e) => e.line),
            ...input.findings.map((f) => f.line),
          ]);
          const lost = wholeFileFinding(input, file)
            ? []
            : contentLines(Buffer.concat(texts)).filter((line) => !accounted.has(line));
          expect(lost).toEqual([]);
          if (trailing.length > 0) expect(input.findings.length).toBeGreaterThan(0);
        });
      }),
      fuzzSettings,
    );
  });
});

/**
 * True when the file was found to be of no format workscope reads: its one finding (line 0)
 * accounts for every line, which are then never reported one by one.
 */
function wholeFileFinding(input: LoadedInput, file: string): boolean {
  return (
    input.findings.some(
      (f) => f.file === file && f.line === 0 && f.reason.startsWith("not a format workscope reads"),
    ) && input.events.every((e) => e.file !== file)
  );
}

/** The items in an order made from the seed (a Fisher–Yates shuffle with a small LCG). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
