import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_RSS_FILE } from "../../../scripts/bench/max-rss.mjs";
import { tmpTree } from "../../helpers/tmp.ts";

const PRELOAD = path.resolve(import.meta.dirname, "../../../scripts/bench/max-rss.mjs");

describe("max-rss", () => {
  it("writes the process's peak memory at exit, and hides the variable from the script", () => {
    const dir = tmpTree();
    const file = path.join(dir, "peak");
    const run = spawnSync(
      process.execPath,
      ["--import", PRELOAD, "-e", `process.stdout.write(String(process.env.${MAX_RSS_FILE}))`],
      { encoding: "utf8", env: { ...process.env, [MAX_RSS_FILE]: file } },
    );
    expect(run.stdout).toBe("undefined");
    expect(Number(readFileSync(file, "utf8"))).toBeGreaterThan(1_000_000);
  });

  it("counts the process's own memory, not what its parent held when it started it", () => {
    const dir = tmpTree();
    const file = path.join(dir, "peak");
    // Resident in this process while the child starts: the system's maxRSS of the child counts it.
    const held = Buffer.alloc(300_000_000, 1);
    const run = spawnSync(process.execPath, ["--import", PRELOAD, "-e", "0"], {
      env: { ...process.env, [MAX_RSS_FILE]: file },
    });
    expect(run.status).toBe(0);
    expect(held[held.length - 1]).toBe(1);
    const peak = Number(readFileSync(file, "utf8"));
    expect(peak).toBeGreaterThan(1_000_000);
    expect(peak).toBeLessThan(200_000_000);
  });
});
