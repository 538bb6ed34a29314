import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../../src/core/report.ts";
import { pathSegment } from "../../../src/core/site/path-segment.ts";
import { siteUrls } from "../../../src/site/urls.ts";
import { runAnalyze, TEST_NOW } from "../../helpers/run-analyze.ts";

/**
 * The views people open workscope for — postmortems, drift, weekly reports, data quality, the
 * static API — built by the real command from two fixtures at the edges: one with no blocked flow
 * and no week of conversations, and one with a single week that holds every blocked reason. (The
 * bundled sample, with four weeks, is the browser tests' site.)
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "workscope.js");
const CASES = {
  /** Three sessions, no blocked flow, no conversation between main agents: no week. */
  quiet: path.join(ROOT, "test", "fixtures", "golden", "mixed-formats", "input"),
  /** One week, ten blocked flows, one of each reason. */
  blocked: path.join(ROOT, "test", "fixtures", "golden", "blocked-flows", "input"),
};
const urls = siteUrls("/");

interface Built {
  out: string;
  report: Report;
}
const built: Partial<Record<keyof typeof CASES, Built>> = {};
/** Where both sites are built: kept for every test of the file, removed after the last. */
const dir = mkdtempSync(path.join(tmpdir(), "workscope-views-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  for (const [name, input] of Object.entries(CASES) as Array<[keyof typeof CASES, string]>) {
    const out = path.join(dir, name);
    const run = spawnSync(
      process.execPath,
      [BIN, "build", input, "--out", out, "--now", TEST_NOW, "--quiet"],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, TZ: "UTC" },
      },
    );
    if (run.status !== 0) throw new Error(`build of ${name} failed: ${run.stderr}`);
    built[name] = { out, report: JSON.parse((await runAnalyze([input], ROOT)).json) as Report };
  }
}, 300_000);

/** A file of a built site by its URL: a folder's index.html, or the file itself. */
function page(site: Built, url: string): string {
  const file = path.join(site.out, ...url.split("/").filter((part) => part !== ""));
  const html = url.endsWith("/") ? path.join(file, "index.html") : file;
  expect(existsSync(html), url).toBe(true);
  return readFileSync(html, "utf8");
}

const site = (name: keyof typeof CASES): Built => built[name] as Built;

describe("the views of a log with no blocked flow and no week", () => {
  it("fixture holds what it is named for", () => {
    expect(site("quiet").report.blockedFlows).toEqual([]);
    expect(site("quiet").report.weeks).toEqual([]);
  });

  it("renders every view, each saying it has nothing to show rather than failing", () => {
    const s = site("quiet");
    for (const url of [urls.postmortems(), urls.drift(), urls.reports(), urls.quality()])
      expect(page(s, url), url).toContain("<main");
    const feed = page(s, urls.reportFeed());
    expect(feed).toContain("<feed");
    expect(feed).not.toContain("<entry>");
    const sessions = JSON.parse(page(s, urls.apiWorkSessions())) as { totalSessions: number };
    expect(sessions.totalSessions).toBe(s.report.workSessions.length);
    const events = JSON.parse(page(s, urls.apiEvents())) as { total: number };
    expect(events.total).toBe(s.report.input.events);
  });
});

describe("the views of a single week with every blocked reason", () => {
  it("fixture holds what it is named for", () => {
    const { report } = site("blocked");
    expect(report.weeks.map((w) => w.week)).toEqual(["2026-W10"]);
    expect(new Set(report.blockedFlows.map((f) => f.reason)).size).toBe(10);
  });

  it("gives every blocked flow a postmortem page and its Markdown, without the raw failure text as its words", () => {
    const s = site("blocked");
    const list = page(s, urls.postmortems());
    for (const flow of s.report.blockedFlows) {
      const segment = pathSegment((flow as { flowId: string }).flowId);
      expect(list, flow.reason).toContain(urls.postmortem(segment));
      const html = page(s, urls.postmortem(segment));
      expect(html).toContain(`<code>${flow.reason}</code>`);
      // The raw text may only sit in the collapsed detail.
      const outsideDetails = html.replace(/<details[\s\S]*?<\/details>/g, "");
      expect(outsideDetails).not.toContain("[outcome] blocked:");
      expect(page(s, urls.postmortemMarkdown(segment))).toMatch(/^#/);
    }
  });

  it("gives the week a report page with report.md, report.json and a feed entry", () => {
    const s = site("blocked");
    expect(page(s, urls.reports())).toContain(urls.report("2026-W10"));
    expect(page(s, urls.report("2026-W10"))).toContain("<main");
    expect(page(s, urls.reportMarkdown("2026-W10"))).toMatch(/\|/);
    expect(() => JSON.parse(page(s, urls.reportJson("2026-W10")))).not.toThrow();
    expect(page(s, urls.reportFeed()).match(/<entry>/g)).toHaveLength(1);
    expect(page(s, urls.drift())).toContain("2026-W10");
  });
});
