import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { failure, lastLines, runCommand, succeeded } from "../../../scripts/bench/run-command.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const script = (code: string) => {
  const dir = tmpTree({ "script.mjs": code });
  return { script: path.join(dir, "script.mjs"), cwd: dir };
};

/** Whether a process runs, from /proc (Linux, as the benchmark's memory figures are). */
const running = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("runCommand", () => {
  it("runs a script with its arguments and gives its output, exit code and peak memory", async () => {
    const timed = await runCommand({
      ...script("process.stdout.write(process.argv.slice(2).join(',')); process.stderr.write('done\\n');"),
      args: ["a", "b"],
    });
    expect(succeeded(timed)).toBe(true);
    expect(timed.stdout).toBe("a,b");
    expect(timed.stderr).toBe("done\n");
    expect(timed.ownPeak).toBeGreaterThan(1_000_000);
    expect(timed.treePeak).toBeGreaterThanOrEqual(timed.ownPeak);
  });

  it("reports a failing script's exit code and last line", async () => {
    const timed = await runCommand({
      ...script("console.error('bad input'); process.exitCode = 3;"),
      args: [],
    });
    expect(succeeded(timed)).toBe(false);
    expect(timed.status).toBe(3);
    expect(failure(timed)).toMatch(/^exit code 3 after [\d.]+ s; last output: bad input$/);
  });

  it("stops a script at the time limit, with the processes it started", async () => {
    const code = `import { spawn } from "node:child_process";
const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
console.error("waiting");
console.log(child.pid);
setTimeout(() => {}, 60000);`;
    const timed = await runCommand({ ...script(code), args: [], timeLimitMs: 1500 });
    expect(timed.timedOut).toBe(true);
    expect(succeeded(timed)).toBe(false);
    expect(failure(timed, 1500)).toMatch(
      /^stopped at the time limit of 0.03 min after [\d.]+ s; last output: waiting$/,
    );
    // The grandchild went too: it is gone, or a zombie left for the init process to reap.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running(Number(timed.stdout))).toBe(false);
  });
});

describe("failure", () => {
  it("names V8's fatal error rather than the native stack printed after it", async () => {
    const code =
      "console.error('FATAL ERROR: Reached heap limit'); console.error(' 1: 0xe46bbe node::OOM'); process.exitCode = 134;";
    const timed = await runCommand({ ...script(code), args: [] });
    expect(failure(timed)).toMatch(/; last output: FATAL ERROR: Reached heap limit$/);
  });
});

describe("lastLines", () => {
  it("keeps the last non-empty lines, whether they end in newlines or carriage returns", () => {
    expect(lastLines("a\nb\r\rc\n\n", 2)).toBe("b | c");
    expect(lastLines("", 2)).toBe("");
  });
});
