import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../../src/core/analysis.ts";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import { publish } from "../../../src/core/redact/publish.ts";
import { Redactor } from "../../../src/core/redact/redact.ts";
import { buildSiteData, SiteData, siteShards, type SiteShards } from "../../../src/core/site/build-site.ts";
import { FAMILY_BUILDERS } from "../../../src/core/site/families.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { SiteShard } from "../../../src/core/site/site-shard.ts";
import { dataFilePath } from "../../../src/site/data-folder.ts";
import { analysis as fixture, workSession } from "./fixtures.ts";
import { siteDataShards } from "../../helpers/site-data-shards.ts";
import { EVENTS_PER_PAGE } from "../../../src/core/site/events-page.ts";
import { SessionPage } from "../../../src/core/site/session-page.ts";
import { TaskPage } from "../../../src/core/site/task-page.ts";
import { AgentPage } from "../../../src/core/site/agent-page.ts";
import { SiteIndex } from "../../../src/core/site/site-index.ts";
import { analyzeInputs } from "../../../src/ingest/analyze-inputs.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const SAMPLE = path.resolve(import.meta.dirname, "../../../content/sample");
let data: SiteData;
let analysis: Analysis;

/** Every shard of a stream, in order, and the index it ends with. */
function drain(stream: SiteShards): { shards: SiteShard[]; index: SiteIndex } {
  const shards: SiteShard[] = [];
  for (let next = stream.next(); ; next = stream.next()) {
    if (next.done === true) return { shards, index: next.value };
    shards.push(next.value);
  }
}

beforeAll(async () => {
  analysis = await analyzeInputs([SAMPLE], { cwd: process.cwd(), nowMs: Date.parse(TEST_NOW) });
  data = buildSiteData(analysis);
});

describe("buildSiteData on the sample", () => {
  it("makes values that pass their schemas", () => {
    expect(SiteData.safeParse(data).success).toBe(true);
    expect(SiteIndex.safeParse(data.index).success).toBe(true);
    for (const page of data.sessions) expect(SessionPage.safeParse(page).success).toBe(true);
    for (const page of data.tasks) expect(TaskPage.safeParse(page).success).toBe(true);
    for (const page of data.agents) expect(AgentPage.safeParse(page).success).toBe(true);
  });

  it("gives every session, task and agent its own page, and every thread of a session its own path", () => {
    const { report } = analysis;
    expect(data.sessions.map((p) => p.session.workSessionId)).toEqual(
      report.workSessions.map((s) => s.workSessionId),
    );
    for (const list of [data.sessions, data.tasks, data.agents])
      expect(new Set(list.map((p) => p.segment)).size).toBe(list.length);
    for (const page of data.sessions)
      expect(new Set(page.threadSegments).size).toBe(page.session.threads.length);
    expect(data.index.categories.reduce((n, c) => n + c.count, 0)).toBe(report.workSessions.length);
  });

  it("pages every delegation and orchestration event, a hundred a page, and lists nothing else", () => {
    const listed = analysis.events.filter(
      (e) => e.eventRole === "delegation.subagent" || e.eventRole === "orchestration.task",
    );
    const all = data.events.filter((p) => p.listing === "all");
    expect(all.flatMap((p) => p.rows).map((r) => `${r.ts} ${r.type}`)).toEqual(
      listed.map((e) => `${e.ts} ${e.type}`),
    );
    expect(all.every((p) => p.rows.length <= EVENTS_PER_PAGE)).toBe(true);
    for (const listing of data.index.eventListings) {
      const pages = data.events.filter((p) => p.listing === listing.segment);
      expect(pages).toHaveLength(listing.pages);
      expect(pages.flatMap((p) => p.rows)).toHaveLength(listing.events);
      if (listing.role !== "all")
        expect(pages.flatMap((p) => p.rows).every((r) => r.eventRole === listing.role)).toBe(true);
    }
  });

  it("resolves Discord mentions in the texts it lists", () => {
    const texts = [
      ...data.tasks.flatMap((p) => p.messages.map((m) => m.text)),
      ...data.events.flatMap((p) => p.rows.map((r) => r.summary)),
    ];
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => /<@!?\d+>/.test(t))).toEqual([]);
  });

  it("names the pending human question on its task", () => {
    const pending = data.tasks.filter((p) => p.pendingQuestion !== null);
    expect(pending.map((p) => p.task.taskId)).toEqual(
      analysis.report.tasks
        .filter((t) => t.humanQueries.some((q) => q.answeredMs === undefined))
        .map((t) => t.taskId),
    );
    expect(data.index.tasks.filter((t) => t.pendingQuestion !== null)).toHaveLength(pending.length);
  });
});

describe("siteShards", () => {
  it("makes each session's page only when its shard is asked for", () => {
    const looked: string[] = [];
    /** The sessions' events, noting whose are looked up: a session's page reads its own. */
    class Watched extends Map<string, CanonicalEvent[]> {
      override get(id: string): CanonicalEvent[] | undefined {
        looked.push(id);
        return super.get(id);
      }
    }
    const watched = fixture(
      { workSessions: ["ws-1", "ws-2", "ws-3"].map((id) => workSession(id)) },
      { sessionEvents: new Watched() },
    );
    const stream = siteShards(watched);
    expect(stream.next().value).toMatchObject({ file: { kind: "session", segment: "ws-1" } });
    expect(looked).toEqual(["ws-1"]);
    expect(stream.next().value).toMatchObject({ file: { kind: "session", segment: "ws-2" } });
    expect(looked).toEqual(["ws-1", "ws-2"]);
  });

  it("hands out every page once, in the order and under the file names the pages read, the index last", () => {
    const { shards, index } = drain(siteShards(analysis));
    const { report } = analysis;
    const lookups = siteLookups(analysis);
    expect(shards.map((s) => s.file)).toEqual([
      ...report.workSessions.map((s) => ({
        kind: "session",
        segment: lookups.sessionCards.get(s.workSessionId)?.segment,
      })),
      ...report.tasks.map((t) => ({ kind: "task", segment: lookups.taskCards.get(t.taskId)?.segment })),
      ...report.agents.map((a) => ({ kind: "agent", segment: lookups.agentCards.get(a.agentId)?.segment })),
      ...index.eventListings.flatMap((l) =>
        Array.from({ length: l.pages }, (_, i) => ({ kind: "events", listing: l.segment, page: i + 1 })),
      ),
      ...FAMILY_BUILDERS.flatMap((build) => {
        const { family, pages } = build(analysis, lookups);
        return [
          { kind: "family", family },
          ...pages.map(({ segment }) => ({ kind: "familyPage", family, segment })),
        ];
      }),
    ]);
    const paths = shards.map((s) => dataFilePath(s.file).join("/"));
    expect(new Set(paths).size).toBe(shards.length);
    expect(shards.filter((s) => !SiteShard.safeParse(s).success)).toEqual([]);
    expect(SiteIndex.safeParse(index).success).toBe(true);
  });

  it("is what buildSiteData collects, shard for shard", () => {
    const streamed = drain(siteShards(analysis));
    const collected = drain(siteDataShards(data));
    expect(collected.shards).toEqual(streamed.shards);
    expect(collected.index).toEqual(streamed.index);
  });
});

describe("buildSiteData on logs that hold secrets, read from outside the working directory", () => {
  /** Fake secrets, put together from parts so that no file here looks like it holds one. */
  const GITHUB = ["gh", "p_", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"].join("");
  const AWS = ["AK", "IA", "IOSFODNN7EXAMPLE"].join("");
  const URL_PASSWORD = ["postgres://app:", "hunter2", "@db.internal/x"].join("");
  let dir: string;
  let leaky: Analysis;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "workscope-redact-"));
    mkdirSync(path.join(dir, "logs"));
    mkdirSync(path.join(dir, "workspace-eden", "tasks"), { recursive: true });
    const data = (extra: object): object => ({
      fromAgent: "seum",
      toAgent: "eden",
      conversationId: "c-1",
      workSessionId: "ws-1",
      taskId: "task_abc",
      ...extra,
    });
    const lines = [
      {
        type: "a2a.send",
        agentId: "seum",
        ts: 1772341950000,
        data: data({ message: `use ${GITHUB} to push` }),
      },
      {
        type: "a2a.response",
        agentId: "eden",
        ts: 1772341960000,
        data: data({ message: `db is ${URL_PASSWORD}` }),
      },
      {
        type: "task.started",
        agentId: "eden",
        ts: 1772341970000,
        data: { taskId: "task_abc", workSessionId: "ws-1" },
      },
      // Not JSON: a finding with this file's path.
      `not json ${AWS}`,
    ];
    writeFileSync(
      path.join(dir, "logs", "events.ndjson"),
      `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
    );
    writeFileSync(
      path.join(dir, "workspace-eden", "tasks", "task_abc.md"),
      [
        "# Task: task_abc",
        "",
        "## Metadata",
        "- **Status:** in_progress",
        "- **Priority:** high",
        "- **Created:** 2026-03-01T04:00:00.000Z",
        "- **Work Session:** ws-1",
        "",
        "## Description",
        `Rotate ${AWS} before the release`,
        "",
        "## Progress",
        `- tried ${GITHUB}`,
        "",
      ].join("\n"),
    );
    leaky = await analyzeInputs([dir], { cwd: process.cwd(), nowMs: Date.parse(TEST_NOW) });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("replaces every secret in the page data and counts them per kind in the index", () => {
    const site = buildSiteData(leaky, { inputRoots: [dir] });
    const json = JSON.stringify(site);
    for (const secret of [GITHUB, AWS, "hunter2"]) expect(json).not.toContain(secret);
    expect(json).toContain("[redacted: github token]");
    expect(json).toContain("postgres://app:[redacted: url password]@db.internal/x");
    expect(SiteData.safeParse(site).success).toBe(true);
    expect(site.index.redactions.map((r) => r.kind)).toEqual([
      "github token",
      "aws access key",
      "url password",
    ]);
    expect(site.index.redactions.every((r) => r.count > 0)).toBe(true);
  });

  it("counts in the index the secrets of every shard, each distinct text once, in any order", () => {
    const { shards, index } = drain(siteShards(leaky, { inputRoots: [dir] }));
    expect(shards.length).toBeGreaterThan(1);
    const plain = drain(siteShards(leaky, { redact: false, inputRoots: [dir] }));
    const values = [...plain.shards.map((s) => s.value), plain.index];
    const countsOver = (list: unknown[]): ReturnType<Redactor["counts"]> => {
      const redactor = new Redactor();
      for (const value of list) publish(value, { redactor, inputRoots: [dir] });
      return redactor.counts();
    };
    expect(index.redactions).toEqual(countsOver(values));
    expect(index.redactions).toEqual(countsOver([...values].reverse()));
    // The pages hold secrets the index's own cards do not show: the counts cover them.
    const total = (counts: ReturnType<Redactor["counts"]>): number => counts.reduce((n, c) => n + c.count, 0);
    expect(total(index.redactions)).toBeGreaterThan(total(countsOver([plain.index])));
  });

  it("shows no absolute path of an input, only paths relative to it", () => {
    const site = buildSiteData(leaky, { inputRoots: [dir] });
    expect(leaky.report.input.files.some((f) => f.path.startsWith(dir))).toBe(true);
    expect(JSON.stringify(site)).not.toContain(dir);
    expect(site.tasks.find((t) => t.task.taskId === "task_abc")?.filePath).toBe(
      "workspace-eden/tasks/task_abc.md",
    );
    // Without the inputs, such a path is shown by its file name.
    expect(JSON.stringify(buildSiteData(leaky))).not.toContain(dir);
  });

  it("keeps every text as it is with redact: false, and counts nothing", () => {
    const site = buildSiteData(leaky, { redact: false, inputRoots: [dir] });
    const json = JSON.stringify(site);
    for (const secret of [GITHUB, AWS, "hunter2"]) expect(json).toContain(secret);
    expect(site.index.redactions).toEqual([]);
  });
});
