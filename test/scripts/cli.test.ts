import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tmpTree } from "../helpers/tmp.ts";
import { TEST_NOW } from "../helpers/run-analyze.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin", "workscope.js");
const GOLDEN = path.join(ROOT, "test", "fixtures", "golden", "openclaw-state");

/** Runs the real `workscope` command, as a user would, in a fixed time zone. */
function workscope(
  args: string[],
  options: { cwd?: string; input?: string; env?: Record<string, string> } = {},
) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? "",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TZ: "UTC", ...options.env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("workscope", () => {
  it("explains itself and each command", () => {
    const help = workscope(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/analyze \[inputs…\]/);
    expect(help.stdout).toMatch(/hook --out FILE/);
    for (const command of ["analyze", "hook"]) {
      const own = workscope([command, "--help"]);
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^Usage: workscope ${command}`));
    }
  });

  it("says in one line, with exit code 1, when a command, option or path is wrong", () => {
    for (const args of [
      ["frobnicate"],
      ["analyze", "--bogus"],
      ["analyze", "no/such/dir"],
      ["analyze", "--now", "soon"],
      ["hook"],
    ]) {
      const run = workscope(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(workscope(["analyze", "no/such/dir"]).stderr).toBe(
      "workscope analyze: no such file or directory: no/such/dir\n",
    );
  });

  it("prints the golden Report with --json -, the same as the in-process path", () => {
    const run = workscope(["analyze", ".", "--now", TEST_NOW, "--json", "-", "--pretty", "--quiet"], {
      cwd: path.join(GOLDEN, "input"),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(readFileSync(path.join(GOLDEN, "expected.json"), "utf8"));
  });

  it("writes --json and --events files, and reports progress on stderr unless --quiet", () => {
    const out = tmpTree();
    const json = path.join(out, "nested", "report.json");
    const events = path.join(out, "events.ndjson");
    const args = ["analyze", ".", "--now", TEST_NOW, "--json", json, "--pretty", "--events", events];
    const run = workscope(args, { cwd: path.join(GOLDEN, "input") });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^workscope: read 10 files: 15 events, 0 duplicates, 0 findings in [\d.]+ s \([\d.]+ MB, [\d,]+ events\/s\)\n$/,
    );
    expect(readFileSync(json, "utf8")).toBe(readFileSync(path.join(GOLDEN, "expected.json"), "utf8"));
    expect(readFileSync(events, "utf8")).toBe(
      readFileSync(path.join(GOLDEN, "expected-events.ndjson"), "utf8"),
    );
  });

  it("prints a plain summary without --json", () => {
    const run = workscope(["analyze", "input", "--now", TEST_NOW, "--quiet"], {
      cwd: path.join(ROOT, "test", "fixtures", "golden", "bad-input"),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/findings {3}19/);
    expect(run.stdout).toMatch(/input\/logs\/coordination-events\.ndjson:2 {2}not valid JSON/);
  });

  it("reads the bundled sample when there is no ~/.openclaw", () => {
    const home = tmpTree();
    const run = workscope(["analyze", "--now", TEST_NOW, "--json", "-", "--quiet"], {
      env: { HOME: home, OPENCLAW_STATE_DIR: path.join(home, ".openclaw") },
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { input: { files: Array<{ path: string }> } };
    expect(report.input.files.some((f) => f.path === "content/sample/openclaw.json")).toBe(true);
  });

  it("reads $OPENCLAW_STATE_DIR when it exists", () => {
    const run = workscope(["analyze", "--now", TEST_NOW, "--json", "-", "--quiet"], {
      env: { OPENCLAW_STATE_DIR: path.join(GOLDEN, "input") },
    });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { input: { events: number } }).input.events).toBe(15);
  });

  it("hook appends one enveloped line per payload, which analyze then maps", () => {
    const dir = tmpTree();
    const out = path.join(dir, "captures", "hooks.ndjson");
    const payload = {
      session_id: "s1",
      transcript_path: "/t",
      cwd: "/app",
      hook_event_name: "SubagentStart",
      agent_id: "a1",
      agent_type: "Explore",
    };
    expect(workscope(["hook", "--out", out], { input: JSON.stringify(payload) }).code).toBe(0);
    expect(
      workscope(["hook", "--out", out], {
        input: JSON.stringify({ ...payload, hook_event_name: "SubagentStop" }),
      }).code,
    ).toBe(0);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { workscope: string; payload: unknown });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ workscope: "hook", v: 1, payload });
    const analyzed = workscope([
      "analyze",
      out,
      "--events",
      path.join(dir, "e.ndjson"),
      "--json",
      "-",
      "--quiet",
    ]);
    expect(
      (JSON.parse(analyzed.stdout) as { input: { events: number; errors: unknown[] } }).input,
    ).toMatchObject({ events: 2, errors: [] });
    const types = readFileSync(path.join(dir, "e.ndjson"), "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toEqual(["agent_started", "agent_stopped"]);
  });

  it("hook refuses stdin that is not a JSON object, without writing", () => {
    const dir = tmpTree();
    const run = workscope(["hook", "--out", path.join(dir, "h.ndjson")], { input: "not json" });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "workscope hook: hook expects one JSON object on stdin (a Claude Code hook payload)\n",
    );
  });
});
