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
  });
});
