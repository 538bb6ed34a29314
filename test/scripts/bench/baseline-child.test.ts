import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tmpTree } from "../../helpers/tmp.ts";

const CHILD = path.resolve(import.meta.dirname, "../../../scripts/bench/baseline-child.mjs");
const run = (...args: string[]) => spawnSync(process.execPath, [CHILD, ...args], { encoding: "utf8" });

describe("baseline-child", () => {
  it("runs the raw loop over a file and prints what it counted as JSON", () => {
    const dir = tmpTree({ "log.ndjson": '{"ts":1}\n{"ts":2}\n' });
    const result = run("raw", path.join(dir, "log.ndjson"));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ count: 2 });
  });

  it("refuses a baseline it does not know, with exit code 2", () => {
    const result = run("sqlite", "x");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown baseline "sqlite"/);
  });
});
