import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYZE_HELP, pickedInputs, resolveInputs, runAnalyze } from "../../../scripts/commands/analyze.ts";
import type { Report } from "../../../src/core/report.ts";
import { tmpTree } from "../../helpers/tmp.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const GOLDEN = path.resolve(import.meta.dirname, "../../fixtures/golden/openclaw-state");

/** Runs the command in-process and gives what it printed on stdout. */
async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await runAnalyze(argv, cwd), stdout };
  } finally {
    write.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("runAnalyze", () => {
  it("reads inputs and writes --json and --events relative to the working directory it is given", async () => {
    const out = tmpTree();
    const cwd = path.join(GOLDEN, "input");
    const rel = path.relative(cwd, out);
    const { code, stdout } = await run(
      [
        ...["--now", TEST_NOW, "--quiet", "--pretty"],
        ...["--json", `${rel}/report.json`, "--events", `${rel}/events.ndjson`, "."],
      ],
      cwd,
    );
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(readFileSync(path.join(out, "report.json"), "utf8")).toBe(
      readFileSync(path.join(GOLDEN, "expected.json"), "utf8"),
    );
    expect(readFileSync(path.join(out, "events.ndjson"), "utf8")).toBe(
      readFileSync(path.join(GOLDEN, "expected-events.ndjson"), "utf8"),
    );
  });

  it("prints a summary when no --json is asked for", async () => {
    const { code, stdout } = await run(["--now", TEST_NOW, "--quiet", "."], path.join(GOLDEN, "input"));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^workscope analyze — \.\n {2}files {6}10 \(/);
    expect(stdout).toMatch(/\n {2}events {5}15 distinct, 0 duplicates dropped/);
  });

  it("prints the Report with --json -", async () => {
    const { stdout } = await run(
      ["--now", TEST_NOW, "--quiet", "--pretty", "--json", "-", "."],
      path.join(GOLDEN, "input"),
    );
    expect(stdout).toBe(readFileSync(path.join(GOLDEN, "expected.json"), "utf8"));
  });

  it("writes the Report compact by default and indented with --pretty, the same value either way", async () => {
    const argv = ["--now", TEST_NOW, "--quiet", "--json", "-", "."];
    const cwd = path.join(GOLDEN, "input");
    const compact = (await run(argv, cwd)).stdout;
    const pretty = (await run(["--pretty", ...argv], cwd)).stdout;
    expect(compact).not.toBe(pretty);
    expect(JSON.parse(compact)).toEqual(JSON.parse(pretty));
    expect(compact).toBe(`${JSON.stringify(JSON.parse(pretty))}\n`);
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(pretty), null, 2)}\n`);
  });

  it("explains itself with --help and reads nothing", async () => {
    const { code, stdout } = await run(["--help", "no/such/dir"], tmpTree());
    expect(code).toBe(0);
    expect(stdout).toBe(ANALYZE_HELP);
  });
});

describe("runAnalyze --tz", () => {
  /** A conversation on Sunday 2026-03-08 at 20:00 UTC: Monday 05:00 in Seoul, the next ISO week there. */
  const SUNDAY_NIGHT = [
    { type: "a2a.send", agentId: "eden", ts: Date.parse("2026-03-08T20:00:00Z"), data: { message: "hi" } },
    {
      type: "a2a.response",
      agentId: "seum",
      ts: Date.parse("2026-03-08T20:01:00Z"),
      data: { message: "hello" },
    },
  ]
    .map(({ data, ...e }) =>
      JSON.stringify({
        ...e,
        data: { ...data, conversationId: "c1", workSessionId: "ws_1", eventRole: "conversation.main" },
      }),
    )
    .join("\n");

  const weeksOf = async (tz: string[]): Promise<{ report: Report; text: string }> => {
    const dir = tmpTree({ "logs/coordination-events.ndjson": `${SUNDAY_NIGHT}\n` });
    const { stdout } = await run(["--now", TEST_NOW, "--quiet", ...tz, "--json", "-", "."], dir);
    return { report: JSON.parse(stdout) as Report, text: stdout };
  };

  it("cuts ISO weeks in the zone asked for, names it in the Report, and is UTC without --tz", async () => {
    const utc = await weeksOf([]);
    expect(utc.report.timeZone).toBe("UTC");
    expect(utc.report.weeks.map((w) => w.week)).toEqual(["2026-W10"]);
    const seoul = await weeksOf(["--tz", "Asia/Seoul"]);
    expect(seoul.report.timeZone).toBe("Asia/Seoul");
    expect(seoul.report.weeks.map((w) => w.week)).toEqual(["2026-W11"]);
    // Only the zone and the weeks differ: times stay epoch ms.
    expect(seoul.report.workSessions).toEqual(utc.report.workSessions);
  });

  it("gives the same bytes for the same inputs, --now and --tz", async () => {
    expect((await weeksOf(["--tz", "Asia/Seoul"])).text).toBe((await weeksOf(["--tz", "Asia/Seoul"])).text);
  });

  it("refuses a zone it does not know with one line on stderr and exit code 1", async () => {
    await expect(run(["--tz", "Mars/Olympus", "--quiet", "."], tmpTree())).rejects.toThrow(
      /--tz should be an IANA time zone/,
    );
  });
});

describe("runAnalyze --redact", () => {
  /** Fake secrets, put together from parts so that no file here looks like it holds one. */
  const GITHUB = ["gh", "p_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");
  const JWT = [
    "eyJ",
    "hbGciOiJIUzI1NiJ9",
    ".",
    "eyJ",
    "zdWIiOiIxMjM0In0",
    ".",
    "dBjftJeZ4CVPmB92K27uhb",
  ].join("");
  const lines = [
    {
      type: "a2a.send",
      agentId: "seum",
      ts: 1772341950000,
      data: {
        fromAgent: "seum",
        toAgent: "eden",
        conversationId: "c-1",
        workSessionId: "ws-1",
        message: `push with ${GITHUB}`,
      },
    },
    {
      type: "a2a.response",
      agentId: "eden",
      ts: 1772341960000,
      data: { conversationId: "c-1", workSessionId: "ws-1", message: JWT },
    },
  ];
  const state = (): string =>
    tmpTree({
      "logs/events.ndjson": `${lines.map((l) => JSON.stringify(l)).join("\n")}\n${GITHUB} is not json\n`,
    });

  it("keeps every text as the logs have it without --redact", async () => {
    const dir = state();
    const { code } = await run(
      ["--now", TEST_NOW, "--quiet", "--json", "r.json", "--events", "e.ndjson", "."],
      dir,
    );
    expect(code).toBe(0);
    for (const file of ["r.json", "e.ndjson"]) {
      const text = readFileSync(path.join(dir, file), "utf8");
      expect(text).toContain(GITHUB);
      expect(text).not.toContain("[redacted:");
    }
  });

  it("replaces secrets in the Report and the events with --redact, and keeps ids and every event", async () => {
    const dir = state();
    const { code } = await run(
      ["--now", TEST_NOW, "--quiet", "--redact", "--json", "r.json", "--events", "e.ndjson", "."],
      dir,
    );
    expect(code).toBe(0);
    const report = readFileSync(path.join(dir, "r.json"), "utf8");
    const events = readFileSync(path.join(dir, "e.ndjson"), "utf8");
    for (const text of [report, events]) {
      expect(text).not.toContain(GITHUB);
      expect(text).not.toContain(JWT);
    }
    expect(events).toContain("push with [redacted: github token]");
    expect(events).toContain('"message":"[redacted: jwt]"');
    expect(events.trimEnd().split("\n")).toHaveLength(2);
    expect(report).toContain('"workSessionId":"ws-1"');
  });
});

describe("runAnalyze with many bad lines", () => {
  it("writes the Report of a file of 300,000 bad lines, listing 1000 findings and counting the rest", async () => {
    // Arrays, not broken JSON: a line JSON.parse throws on costs far more, and the limit is the same.
    // One event first, so the file is told as event lines with bad ones, not as a file of no format.
    const event = '{"type":"a2a.send","agentId":"eden","ts":1767225600000,"data":{}}\n';
    const dir = tmpTree({ "logs/events.ndjson": event + "[1]\n".repeat(300_000) });
    // The logs folder, not ".": the Report written beside it is no log of the second run.
    const { code } = await run(["--now", TEST_NOW, "--quiet", "--json", "r.json", "logs"], dir);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, "r.json"), "utf8")) as Report;
    expect(report.input.files[0]).toMatchObject({ path: "logs/events.ndjson", errors: 300_000 });
    expect(report.input.errors).toHaveLength(1000);
    expect(report.input.errorsOmitted).toEqual([
      { file: "logs/events.ndjson", reason: "expected a JSON object, found an array", count: 299_000 },
    ]);
    const summary = await run(["--now", TEST_NOW, "--quiet", "logs"], dir);
    expect(summary.stdout).toMatch(/\n {2}findings {3}300000\n/);
    expect(summary.stdout).toMatch(/… and 299990 more \(see --json\)/);
  });
});

describe("resolveInputs", () => {
  it("takes the inputs named, and says nothing about them", () => {
    const named = resolveInputs(["a", "b"], {});
    expect(named).toEqual(["a", "b"]);
    expect(pickedInputs(named)).toBeUndefined();
  });

  it("with no inputs, reads the bundled sample when the home folder holds none of the defaults", () => {
    const home = tmpTree();
    const inputs = resolveInputs([], { HOME: home });
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatch(/content[/\\]sample[/\\]?$/);
    expect(existsSync(inputs[0] as string)).toBe(true);
    expect(pickedInputs(inputs)).toMatch(
      /^no inputs named, and none of .*\.openclaw, .*projects and .*workscope exists: .*sample/,
    );
  });

  it("with no inputs, reads ~/.openclaw and ~/.claude/projects, each when it exists", () => {
    const both = tmpTree({ ".openclaw/openclaw.json": "{}", ".claude/projects/-home-a/s.jsonl": "" });
    const inputs = resolveInputs([], { HOME: both });
    expect(inputs).toEqual([path.join(both, ".openclaw"), path.join(both, ".claude", "projects")]);
    expect(pickedInputs(inputs)).toBe(`no inputs named: reading ${inputs.join(" and ")}`);
    const claudeOnly = tmpTree({ ".claude/projects/-home-a/s.jsonl": "" });
    expect(resolveInputs([], { HOME: claudeOnly })).toEqual([path.join(claudeOnly, ".claude", "projects")]);
    // The hook collector's folder joins them.
    const withHooks = tmpTree({
      ".claude/projects/-home-a/s.jsonl": "",
      ".claude/workscope/hooks.ndjson": "",
    });
    expect(resolveInputs([], { HOME: withHooks })).toEqual([
      path.join(withHooks, ".claude", "projects"),
      path.join(withHooks, ".claude", "workscope"),
    ]);
    // ~/.claude alone, without projects/, holds no transcripts.
    const openclawOnly = tmpTree({ ".openclaw/openclaw.json": "{}", ".claude/settings.json": "{}" });
    expect(resolveInputs([], { HOME: openclawOnly })).toEqual([path.join(openclawOnly, ".openclaw")]);
  });

  it("takes a variable set to nothing as unset, as shells do", () => {
    const home = tmpTree({ ".openclaw/openclaw.json": "{}", ".claude/projects/-home-a/s.jsonl": "" });
    const inputs = resolveInputs([], { HOME: home, OPENCLAW_STATE_DIR: "", CLAUDE_CONFIG_DIR: "" });
    expect(inputs).toEqual([path.join(home, ".openclaw"), path.join(home, ".claude", "projects")]);
  });

  it("says on stderr what the command read when no input was named, unless --quiet", async () => {
    const home = tmpTree({ ".claude/projects/-home-a/s.jsonl": "" });
    vi.stubEnv("HOME", home);
    vi.stubEnv("OPENCLAW_STATE_DIR", undefined);
    vi.stubEnv("CLAUDE_CONFIG_DIR", undefined);
    let stderr = "";
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    try {
      await run(["--now", TEST_NOW, "--no-cache"], home);
      expect(stderr).toContain(`no inputs named: reading ${path.join(home, ".claude", "projects")}\n`);
      stderr = "";
      await run(["--now", TEST_NOW, "--no-cache", "--quiet"], home);
      expect(stderr).toBe("");
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
  });

  it("takes $OPENCLAW_STATE_DIR and $CLAUDE_CONFIG_DIR over the home folder", () => {
    const home = tmpTree({ ".openclaw/openclaw.json": "{}", ".claude/projects/p/s.jsonl": "" });
    const other = tmpTree({ "state/openclaw.json": "{}", "config/projects/p/s.jsonl": "" });
    const env = {
      HOME: home,
      OPENCLAW_STATE_DIR: path.join(other, "state"),
      CLAUDE_CONFIG_DIR: path.join(other, "config"),
    };
    expect(resolveInputs([], env)).toEqual([
      path.join(other, "state"),
      path.join(other, "config", "projects"),
    ]);
    const missing = { ...env, OPENCLAW_STATE_DIR: path.join(other, "missing") };
    expect(resolveInputs([], missing)).toEqual([path.join(other, "config", "projects")]);
  });
});
