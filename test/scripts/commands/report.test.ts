import { spawnSync } from "node:child_process";
import path from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { WeeklyReport } from "../../../src/core/reports/weekly-report.ts";
import type { Report } from "../../../src/core/report.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "workscope.js");
const SAMPLE = path.join(ROOT, "content", "sample");
/** Two sessions: one late on Sunday 2026-03-01 in UTC (Monday morning in Seoul), one on Tuesday. */
const FIXTURE = path.join(ROOT, "test", "fixtures", "report-week");
/** The session of the sample that starts on Sunday 2026-03-01 17:26 UTC, Monday 02:26 in Seoul. */
const SUNDAY_LATE = "ws_88de2911-5a63-45e6-b844-92e0fbdd1f6c";

function workscope(args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    // The sample's whole Report is a few megabytes, past spawnSync's default of one.
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TZ: "UTC" },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `workscope report` on the sample, judged against the tests' now. */
function report(args: string[], input = SAMPLE) {
  return workscope(["report", input, "--now", TEST_NOW, "--quiet", ...args]);
}

const weekly = (stdout: string): WeeklyReport => WeeklyReport.parse(JSON.parse(stdout));

describe("workscope report", () => {
  it("prints a week of the sample as Markdown with a table of the categories", () => {
    const { code, stdout, stderr } = report(["--week", "2026-W10"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toBe("# [주간 리포트 2026-W10](/reports/2026-W10/)");
    expect(stdout).toContain("| 카테고리 | 워크세션 | 전주 대비 |");
    expect(stdout).toContain("| **합계** | **23** | **−4** |");
    const html = new MarkdownIt().render(stdout);
    expect(html).toContain("<table>");
    expect(html.match(/<a href="\/sessions\//g)?.length).toBeGreaterThan(3);
  });

  it("prints the week as JSON whose counts are the Report's own", () => {
    const { code, stdout } = report(["--week", "2026-W10", "--format", "json"]);
    expect(code).toBe(0);
    const w = weekly(stdout);
    const analyzed = JSON.parse(
      workscope(["analyze", SAMPLE, "--now", TEST_NOW, "--quiet", "--json", "-"]).stdout,
    ) as Report;
    const held = analyzed.weeks.find((x) => x.week === "2026-W10");
    expect(w.sessions).toBe(held?.sessions);
    expect(Object.fromEntries(w.categories.map((c) => [c.category, c.sessions]))).toEqual(
      held?.categoryCounts,
    );
    expect(w.previousSessions).toBe(analyzed.weeks.find((x) => x.week === "2026-W09")?.sessions);
  });

  it("cuts weeks in --tz: a session late on Sunday in UTC belongs to the next week in Seoul", () => {
    const utc = weekly(report(["--week", "2026-W10", "--format", "json"]).stdout);
    const seoul = weekly(report(["--week", "2026-W10", "--format", "json", "--tz", "Asia/Seoul"]).stdout);
    expect(seoul.timeZone).toBe("Asia/Seoul");
    expect(new Date(seoul.startMs).toISOString()).toBe("2026-03-01T15:00:00.000Z");
    expect(seoul.sessions).toBe(utc.sessions + 1);
    // The late session is counted in its category's row; the rows list only their first sessions.
    const analyzed = JSON.parse(
      workscope(["analyze", SAMPLE, "--now", TEST_NOW, "--quiet", "--json", "-"]).stdout,
    ) as Report;
    const category = analyzed.workSessions.find((s) => s.workSessionId === SUNDAY_LATE)?.collabCategory;
    expect(category).toBeDefined();
    const count = (w: WeeklyReport) => w.categories.find((c) => c.category === category)?.sessions ?? 0;
    expect(count(seoul)).toBe(count(utc) + 1);

    const fixtureUtc = report(["--week", "2026-W10", "--format", "json"], FIXTURE);
    const fixtureSeoul = report(["--week", "2026-W10", "--format", "json", "--tz", "Asia/Seoul"], FIXTURE);
    expect(weekly(fixtureUtc.stdout).sessions).toBe(1);
    expect(weekly(fixtureSeoul.stdout)).toMatchObject({ sessions: 2, previousSessions: 0, change: 2 });
  });

  it("redacts secrets like the site, keeps them with --no-redact, and keeps hostile text as text", () => {
    const args = ["--week", "2026-W10", "--tz", "Asia/Seoul", "--locale", "en"];
    const redacted = report(args, FIXTURE).stdout;
    expect(redacted).not.toContain("sk-proj-abc123def456ghi789jkl0");
    expect(redacted).toContain("\\[redacted\\: openai key\\]");
    expect(report([...args, "--no-redact"], FIXTURE).stdout).toContain("sk-proj-abc123def456ghi789jkl0");
    const html = new MarkdownIt({ html: true, linkify: true }).render(redacted);
    expect(html).not.toMatch(/<script|href="javascript/i);
    expect(html).toContain("[x](javascript:alert(1)) deploy with [redacted: openai key]");
  });

  it("writes absolute links when --base is the site's full URL", () => {
    const { stdout } = report(["--week", "2026-W10", "--base", "https://team.example/ws/", "--locale", "en"]);
    expect(stdout.split("\n")[0]).toBe(
      "# [Weekly report 2026-W10](https://team.example/ws/reports/2026-W10/)",
    );
    const hrefs = [...new MarkdownIt().render(stdout).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/team\.example\/ws\//);
  });

  it("names the weeks the logs hold when asked for one they do not, and exits with 1", () => {
    const { code, stdout, stderr } = report(["--week", "2026-W01"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "workscope report: no week 2026-W01 in the logs (UTC); weeks held: 2026-W07, 2026-W08, 2026-W09, 2026-W10\n",
    );
  });

  it.each([
    [["--week", "2026-10"], /--week should be an ISO week such as 2026-W10 \(got "2026-10"\)/],
    [["--week", "2021-W53"], /--week should be an ISO week/],
    [[], /--week is required/],
    [["--week", "2026-W10", "--format", "html"], /--format should be md or json/],
    [["--week", "2026-W10", "--locale", "fr"], /--locale should be ko or en/],
    [["--week", "2026-W10", "--tz", "Mars/Olympus"], /--tz should be an IANA time zone/],
    [["--week", "2026-W10", "--bogus"], /bogus/],
  ])("refuses %j in one line with exit 1", (args, message) => {
    const { code, stdout, stderr } = report(args);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });

  it("has help, and the command list names it", () => {
    const help = workscope(["report", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: workscope report \[inputs…\] --week YYYY-Www/);
    expect(workscope(["--help"]).stdout).toMatch(/\n {2}report --week W {5}/);
  });
});
