import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/workscope.ts");
const run = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });

describe("scripts/workscope.ts", () => {
  it("runs the command line and exits with its code", () => {
    const help = run(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^workscope — /);
    const wrong = run(["frobnicate"]);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
