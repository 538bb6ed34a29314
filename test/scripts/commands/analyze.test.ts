import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYZE_HELP, resolveInputs, runAnalyze } from "../../../scripts/commands/analyze.ts";
import { tmpTree } from "../../helpers/tmp.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const GOLDEN = path.resolve(import.meta.dirname, "../../fixtures/golden/openclaw-state");

/** Runs the command in-process and gives what it printed on stdout. */
async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await runAnalyze(argv, cwd), stdout };
  } finally {
    write.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("runAnalyze", () => {
  it("reads inputs and writes --json and --events relative to the working directory it is given", async () => {
    const out = tmpTree();
    const cwd = path.join(GOLDEN, "input");
    const rel = path.relative(cwd, out);
    const { code, stdout } = await run(
      ["--now", TEST_NOW, "--quiet", "--json", `${rel}/report.json`, "--events", `${rel}/events.ndjson`, "."],
      cwd,
    );
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(readFileSync(path.join(out, "report.json"), "utf8")).toBe(
      readFileSync(path.join(GOLDEN, "expected.json"), "utf8"),
    );
    expect(readFileSync(path.join(out, "events.ndjson"), "utf8")).toBe(
      readFileSync(path.join(GOLDEN, "expected-events.ndjson"), "utf8"),
    );
  });

  it("prints a summary when no --json is asked for", async () => {
    const { code, stdout } = await run(["--now", TEST_NOW, "--quiet", "."], path.join(GOLDEN, "input"));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^workscope analyze — \.\n {2}files {6}10 \(/);
    expect(stdout).toMatch(/\n {2}events {5}15 distinct, 0 duplicates dropped/);
  });

  it("prints the Report with --json -", async () => {
    const { stdout } = await run(
      ["--now", TEST_NOW, "--quiet", "--json", "-", "."],
      path.join(GOLDEN, "input"),
    );
    expect(stdout).toBe(readFileSync(path.join(GOLDEN, "expected.json"), "utf8"));
  });

  it("explains itself with --help and reads nothing", async () => {
    const { code, stdout } = await run(["--help", "no/such/dir"], tmpTree());
    expect(code).toBe(0);
    expect(stdout).toBe(ANALYZE_HELP);
  });
});

describe("resolveInputs", () => {
  it("takes the inputs named, else the OpenClaw state directory, else the bundled sample", () => {
    expect(resolveInputs(["a", "b"], {})).toEqual(["a", "b"]);
    const state = tmpTree();
    expect(resolveInputs([], { OPENCLAW_STATE_DIR: state })).toEqual([state]);
    const [sample] = resolveInputs([], { OPENCLAW_STATE_DIR: path.join(state, "missing") });
    expect(sample).toMatch(/content[/\\]sample[/\\]?$/);
    expect(existsSync(sample as string)).toBe(true);
  });
});
