import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discover } from "../src/ingest/discover.ts";
import { runAnalyze } from "./helpers/run-analyze.ts";
import { tmpTree } from "./helpers/tmp.ts";

/**
 * Golden tests: every folder under test/fixtures/golden/ holds an `input/` state directory and the
 * output `workscope analyze` must give for it, `expected.json` (the Report, `--json`) and
 * `expected-events.ndjson` (`--events`). They run the analyze command itself. A mismatch writes
 * `*-changed.*` beside the expected file to diff against. Expected files are written only when
 * asked, with `UPDATE_GOLDEN=1`: a case without them fails.
 */
const ROOT = path.join(import.meta.dirname, "fixtures", "golden");
const CASES = readdirSync(ROOT)
  .filter((name) => existsSync(path.join(ROOT, name, "input")))
  .sort();
const update = process.env["UPDATE_GOLDEN"] === "1";

function compare(caseDir: string, name: string, actual: string): void {
  const expectedPath = path.join(caseDir, name);
  const changedPath = expectedPath.replace(/(\.[a-z]+)$/, "-changed$1");
  if (update) writeFileSync(expectedPath, actual);
  if (!existsSync(expectedPath)) {
    expect.fail(
      `${path.relative(process.cwd(), expectedPath)} is missing; check the output, then create it with UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts`,
    );
  }
  const expected = readFileSync(expectedPath, "utf8");
  if (actual === expected) rmSync(changedPath, { force: true });
  else writeFileSync(changedPath, actual);
  expect(actual, `${name} differs; see ${path.relative(process.cwd(), changedPath)}`).toBe(expected);
}

describe("golden", () => {
  it("has cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(4);
  });

  it.skipIf(update)("fails a case without its expected file, says how to make it, and writes nothing", () => {
    const dir = tmpTree();
    expect(() => compare(dir, "expected.json", "{}\n")).toThrow(/is missing; .* UPDATE_GOLDEN=1/);
    expect(readdirSync(dir)).toEqual([]);
  });

  describe.each(CASES)("%s", (name) => {
    const caseDir = path.join(ROOT, name);
    const inputDir = path.join(caseDir, "input");

    it("gives the expected Report and events", async () => {
      const { json, events } = await runAnalyze(["."], inputDir);
      compare(caseDir, "expected.json", json);
      compare(caseDir, "expected-events.ndjson", events);
    });

    it("gives byte-identical output whatever the order of its input files", async () => {
      const files = (await discover(["."], inputDir)).map((f) => f.path);
      const forward = await runAnalyze(files, inputDir);
      const backward = await runAnalyze([...files].reverse(), inputDir);
      expect(backward.json).toBe(forward.json);
      expect(backward.events).toBe(forward.events);
      expect(forward.json).toBe((await runAnalyze(["."], inputDir)).json);
    });
  });
});
