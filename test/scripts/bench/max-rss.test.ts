import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_RSS_FILE } from "../../../scripts/bench/max-rss.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const PRELOAD = path.resolve(import.meta.dirname, "../../../scripts/bench/max-rss.ts");

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
});
