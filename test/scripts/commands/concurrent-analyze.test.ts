import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appendix, sampleLines } from "../../../scripts/bench/corpus.ts";
import { readSnapshot } from "../../../src/ingest/analysis-snapshot.ts";
import { partsNamedIn } from "../../../src/ingest/parse-cache.ts";
import { tmpTree } from "../../helpers/tmp.ts";
import { workscopeProcess, type Ended } from "../../helpers/workscope-process.ts";

/*
 * Runs of `workscope analyze --json` at once on one cache, as a user's command and the live mode
 * (or two terminals) may run: every process reads and writes the same parse cache, snapshot, kept
 * Report and spare. Each run's Report must be the one a run with `--no-cache` writes, and the
 * cache they leave must serve the runs after them: one run's snapshot beside that run's Report. The runs are processes of their own, so that
 * their file operations interleave as they do for users, not only at the awaits of one thread.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The sample's log that ends in a newline (its newest one ends in a cut line), which grows here. */
const LOG = "logs/coordination-events-2026-02.ndjson";

/** After every event appended below (copy k of the sample is k weeks later), so no status depends on the append's place. */
const NOW = "2027-03-01T00:00:00.000Z";

/** Runs `workscope analyze` on the `state` folder of `cwd` in a process of its own. */
function analyze(cwd: string, flags: readonly string[]): Promise<Ended> {
  return workscopeProcess(["analyze", "--now", NOW, ...flags, "--", "state"], cwd);
}

/**
 * The runs started together in each round: two write the same Report file (the same command run
 * twice), one another file on two workers in small parts; one writes the Report for people and
 * one the events, which keep no snapshot but use the parse cache. Each output is compared with
 * the output of `reference` and `--no-cache`.
 */
const TOGETHER: ReadonlyArray<{ output: string; flags: string[]; reference: string[] }> = [
  { output: "a.json", flags: ["--json", "a.json"], reference: ["--json", "ref.json"] },
  { output: "a.json", flags: ["--json", "a.json"], reference: ["--json", "ref.json"] },
  {
    output: "b.json",
    flags: ["--json", "b.json", "--workers", "2", "--range-bytes", "4096"],
    reference: ["--json", "ref.json"],
  },
  {
    output: "p.json",
    flags: ["--json", "p.json", "--pretty"],
    reference: ["--json", "ref-pretty.json", "--pretty"],
  },
  { output: "e.ndjson", flags: ["--events", "e.ndjson"], reference: ["--events", "ref.ndjson"] },
];

describe("runs of analyze at once on one cache", () => {
  it("each write the Report of a run without the cache, round after round as the log grows, and so does a run after them", async () => {
    const cwd = tmpTree();
    cpSync(path.join(ROOT, "content", "sample"), path.join(cwd, "state"), { recursive: true });
    const cache = tmpTree();
    const lines = sampleLines();
    // Round 0 starts from an empty cache; each later one after an append, from what the runs
    // before left. The last is a run alone.
    for (let round = 0; round < 4; round++) {
      if (round > 0) appendFileSync(path.join(cwd, "state", LOG), appendix(lines, round, 30_000));
      const group = round < 3 ? TOGETHER : TOGETHER.slice(0, 1);
      const ended = await Promise.all(group.map((run) => analyze(cwd, [...run.flags, "--cache", cache])));
      for (const end of ended) expect(end.code, end.stderr).toBe(0);
      // The runs that keep an analysis left one run's snapshot beside that run's Report.
      const snapshots = readdirSync(cache).filter((name) => name.endsWith(".analysis"));
      expect(snapshots.length, `round ${round}`).toBe(1);
      const kept = await readSnapshot(path.join(cache, snapshots[0] as string));
      expect(kept, `round ${round}: the snapshot kept is not paired with its Report`).not.toBeNull();
      await kept?.report.handle.close();
      for (const reference of new Map(group.map((run) => [run.reference[1], run.reference])).values()) {
        const end = await analyze(cwd, [...reference, "--no-cache"]);
        expect(end.code, end.stderr).toBe(0);
      }
      for (const run of new Map(group.map((run) => [run.output, run])).values()) {
        const expected = readFileSync(path.join(cwd, run.reference[1] as string), "utf8");
        const written = readFileSync(path.join(cwd, run.output), "utf8");
        expect(written === expected, `round ${round}: ${run.output} differs from the --no-cache output`).toBe(
          true,
        );
      }
      // The parse cache they leave is whole: each index names only parts that are there, so the
      // next run parses only what was appended.
      const indexes = readdirSync(cache).filter((name) => name.endsWith(".parse"));
      expect(indexes.length).toBeGreaterThan(0);
      for (const index of indexes) {
        // An index that does not read names none: every index here must name some part.
        const parts = partsNamedIn(path.join(cache, index));
        expect(parts.size, `round ${round}: ${index} names no part`).toBeGreaterThan(0);
        for (const part of parts)
          expect(
            existsSync(path.join(cache, part)),
            `round ${round}: ${index} names ${part}, which is gone`,
          ).toBe(true);
      }
    }
  });
});
