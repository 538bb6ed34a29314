import { spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appendix, sampleLines } from "../../../scripts/bench/corpus.ts";
import { partsNamedIn } from "../../../src/ingest/parse-cache.ts";
import { tmpTree } from "../../helpers/tmp.ts";

/*
 * Runs of `workscope analyze --json` at once on one cache, as a user's command and the live mode
 * (or two terminals) may run: every process reads and writes the same parse cache, snapshot, kept
 * Report and spare. Each run's Report must be the one a run with `--no-cache` writes, and the
 * cache they leave must serve the runs after them. The runs are processes of their own, so that
 * their file operations interleave as they do for users, not only at the awaits of one thread.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "workscope.js");

/** The sample's log that ends in a newline (its newest one ends in a cut line), which grows here. */
const LOG = "logs/coordination-events-2026-02.ndjson";

/** After every event appended below (copy k of the sample is k weeks later), so no status depends on the append's place. */
const NOW = "2027-03-01T00:00:00.000Z";

/** What a run of the command ended with. */
interface Ended {
  code: number | null;
  stderr: string;
}

/** Runs `workscope analyze` on the `state` folder of `cwd` in a process of its own. */
function analyze(cwd: string, flags: readonly string[]): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "analyze", "--now", NOW, ...flags, "--", "state"], {
      cwd,
      env: { ...process.env, TZ: "UTC" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/**
 * The runs started together in each round: two write the same Report file (the same command run
 * twice), one another file on two workers in small parts.
 */
const TOGETHER: ReadonlyArray<{ target: string; flags: string[] }> = [
  { target: "a.json", flags: [] },
  { target: "a.json", flags: [] },
  { target: "b.json", flags: ["--workers", "2", "--range-bytes", "4096"] },
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
      const ended = await Promise.all(
        group.map((run) => analyze(cwd, ["--json", run.target, "--cache", cache, ...run.flags])),
      );
      for (const end of ended) expect(end.code, end.stderr).toBe(0);
      const reference = await analyze(cwd, ["--json", "reference.json", "--no-cache"]);
      expect(reference.code, reference.stderr).toBe(0);
      const expected = readFileSync(path.join(cwd, "reference.json"), "utf8");
      for (const target of new Set(group.map((run) => run.target))) {
        const written = readFileSync(path.join(cwd, target), "utf8");
        expect(written === expected, `round ${round}: ${target} differs from the --no-cache Report`).toBe(
          true,
        );
      }
      // The parse cache they leave is whole: each index names only parts that are there, so the
      // next run parses only what was appended.
      const indexes = readdirSync(cache).filter((name) => name.endsWith(".parse"));
      expect(indexes.length).toBeGreaterThan(0);
      for (const index of indexes)
        for (const part of partsNamedIn(path.join(cache, index)))
          expect(
            existsSync(path.join(cache, part)),
            `round ${round}: ${index} names ${part}, which is gone`,
          ).toBe(true);
    }
  });
});
