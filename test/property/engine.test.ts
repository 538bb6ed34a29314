import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runAnalyze } from "../../scripts/commands/analyze.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";
import { CLAUDE_LINES, fileBytesArb, fuzzSettings, withTree } from "./arbitraries.ts";

// A property of the parse engine: whatever bytes a log (and now and then a second one, gzipped or
// not) holds, every way of reading them writes the Report a plain read writes, byte for byte: with
// the parse cache empty and then full, on two workers that each take a part of a few bytes (so
// that parts end anywhere a line may), with lines held or left in the file. test/scripts/commands/engine-equivalence.test.ts holds the same for
// the sample and the fixtures; this one gives the engine bytes no fixture has.

const LOG = "logs/coordination-events.ndjson";
const CONFIG = JSON.stringify({ agents: { list: [{ id: "eden" }, { id: "seum" }] } });

/** A second log beside the first, now and then, gzipped or not: it is cached whole when gzipped. */
const SECOND = "logs/coordination-events-older.ndjson";
const secondLogArb = fc.option(fc.record({ bytes: fileBytesArb, gzip: fc.boolean() }), { freq: 3 });

/** A case runs the command six times, so each runs a fifth as many cases as the other properties. */
const CASES = Math.max(10, Math.round(fuzzSettings.numRuns / 5));

/** Runs `workscope analyze . --json` in-process in `dir` with `flags`, and gives the Report's bytes. */
async function reportOf(dir: string, flags: readonly string[]): Promise<string> {
  const out = mkdtempSync(path.join(tmpdir(), "workscope-engine-"));
  try {
    const json = path.join(out, "report.json");
    const code = await runAnalyze(["--now", TEST_NOW, "--json", json, "--quiet", ...flags, "--", "."], dir);
    expect(code, flags.join(" ")).toBe(0);
    return readFileSync(json, "utf8");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Asserts that every way of reading the state directory `dir` writes the Report a plain read
 * writes. The cache and the events written go beside the folder, not in it.
 */
async function readsAlike(dir: string, rangeBytes: number): Promise<void> {
  const plain = await reportOf(dir, ["--no-cache"]);
  const cache = `${dir}-cache`;
  const events = `${dir}-events.ndjson`;
  const parts = ["--workers", "2", "--range-bytes", String(rangeBytes)];
  try {
    const ways: Array<[string, string[]]> = [
      ["an empty cache", ["--cache", cache]],
      ["a full cache", ["--cache", cache]],
      ["two workers in small parts", ["--no-cache", ...parts]],
      ["two workers on the full cache", ["--cache", cache, ...parts]],
      ["lines held", ["--no-cache", "--events", events]],
    ];
    for (const [way, flags] of ways) expect(await reportOf(dir, flags), way).toBe(plain);
  } finally {
    rmSync(cache, { recursive: true, force: true });
    rmSync(events, { force: true });
  }
}

/** A transcript line: one of the sample's, whole, cut short, or as garbage. */
const claudeLineArb = fc.oneof(
  { weight: 8, arbitrary: fc.nat().map((n) => CLAUDE_LINES[n % CLAUDE_LINES.length] as string) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })).map(([n, at]) => {
      const line = CLAUDE_LINES[n % CLAUDE_LINES.length] as string;
      return line.slice(0, Math.floor(at * line.length));
    }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).filter((text) => !text.includes("\n")) },
);

/** A transcript of such lines, its last line ended or not. */
const transcriptArb = fc
  .tuple(fc.array(claudeLineArb, { minLength: 1, maxLength: 24 }), fc.boolean())
  .map(([lines, ended]) => lines.join("\n") + (ended ? "\n" : ""));

describe("the parse engine", () => {
  it(
    "writes the same Report for any bytes as a log file, however it reads them",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fileBytesArb,
          secondLogArb,
          fc.integer({ min: 1, max: 256 }),
          async (bytes, second, rangeBytes) => {
            const files: Record<string, Uint8Array | string> = { [LOG]: bytes, "openclaw.json": CONFIG };
            if (second !== null)
              files[second.gzip ? `${SECOND}.gz` : SECOND] = second.gzip
                ? gzipSync(second.bytes)
                : second.bytes;
            await withTree(files, (dir) => readsAlike(dir, rangeBytes));
          },
        ),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
    },
    CASES * 10_000,
  );

  it(
    "writes the same Report for Claude Code transcripts of any of the sample's lines, however it reads them",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(transcriptArb, { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 1, max: 4096 }),
          async (transcripts, rangeBytes) => {
            const files: Record<string, string> = {};
            transcripts.forEach((text, i) => {
              files[`claude/projects/-home-dev-app/00000000-0000-4000-8000-00000000000${i}.jsonl`] = text;
            });
            await withTree(files, (dir) => readsAlike(dir, rangeBytes));
          },
        ),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
    },
    CASES * 10_000,
  );
});
