import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runAnalyze } from "../../scripts/commands/analyze.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";
import { fileBytesArb, fuzzSettings, withTree } from "./arbitraries.ts";

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

/** A case runs the command six times, so it runs a fifth as many cases as the other properties. */
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
            await withTree(files, async (dir) => {
              const plain = await reportOf(dir, ["--no-cache"]);
              const cache = path.join(dir, "..", `${path.basename(dir)}-cache`);
              const parts = ["--workers", "2", "--range-bytes", String(rangeBytes)];
              try {
                const ways: Array<[string, string[]]> = [
                  ["an empty cache", ["--cache", cache]],
                  ["a full cache", ["--cache", cache]],
                  ["two workers in small parts", ["--no-cache", ...parts]],
                  ["two workers on the full cache", ["--cache", cache, ...parts]],
                  [
                    "lines held",
                    ["--no-cache", "--events", path.join(dir, "..", `${path.basename(dir)}.ndjson`)],
                  ],
                ];
                for (const [way, flags] of ways) expect(await reportOf(dir, flags), way).toBe(plain);
              } finally {
                rmSync(cache, { recursive: true, force: true });
                rmSync(path.join(dir, "..", `${path.basename(dir)}.ndjson`), { force: true });
              }
            });
          },
        ),
        { numRuns: CASES, seed: fuzzSettings.seed, endOnFailure: true },
      );
    },
    CASES * 10_000,
  );
});
