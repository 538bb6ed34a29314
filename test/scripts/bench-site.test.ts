import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("npm run bench:site", () => {
  it("explains its options with --help, and builds nothing", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "bench-site.ts"), "--help"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run bench:site/);
    expect(run.stdout).toMatch(/--whole-log/);
  });
});
