import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("npm run bench", () => {
  it("explains its options with --help, and measures nothing", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "bench.ts"), "--help"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run bench -- \[--mb N\] \[--runs N\]/);
    expect(run.stdout).toMatch(/--runs N/);
    expect(run.stdout).toMatch(/--skip-build/);
    expect(run.stdout).toMatch(/--big/);
    expect(run.stdout).toMatch(/--time-limit MIN/);
  });

  it("refuses a count that is not a number, before it generates or runs anything", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "bench.ts"), "--runs", "many"], {
      encoding: "utf8",
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/--runs should be a positive number \(got "many"\)/);
  });
});
