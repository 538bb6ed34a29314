import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const fuzz = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, "scripts", "fuzz.ts"), ...args], {
    encoding: "utf8",
    env: { ...process.env, FUZZ_RUNS: undefined, FUZZ_SEED: undefined },
  });

describe("npm run fuzz", () => {
  it("explains its options with --help, and runs nothing", () => {
    const run = fuzz("--help");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run fuzz -- \[--runs N\] \[--seed N\]/);
  });

  it.each([
    [["--runs", "0"], /^fuzz: --runs should be a whole number of at least 1 \(got "0"\)\n$/],
    [["--runs", "many"], /^fuzz: --runs should be a whole number/],
    [["--seed", "1.5"], /^fuzz: --seed should be a whole number/],
    [["--fast"], /^fuzz: Unknown option '--fast'/],
  ])("refuses %j with one line and exit code 1", (args, message) => {
    const run = fuzz(...args);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });
});
