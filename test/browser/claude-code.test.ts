import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/core/report.ts";
import type { WorkSession } from "../../src/core/sessions/work-session.ts";
import { UNTITLED_SESSION } from "../../src/core/sessions/work-session.ts";
import { label } from "../../src/core/site/labels.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import type { Session } from "./browser.ts";
import { SITE_NOW } from "./global-setup.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { goTo, leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

/**
 * The pages of the sample's Claude Code sessions: a session page lists its subagents under the
 * Task calls that spawned them, and a transcript keeps the agent's thinking folded until the reader
 * opens it. Then the sample built in English: no page says the Report's Korean untitled title.
 */
let visit: SampleVisit;
let session: Session;
let server: Server;
let report: Report;
let page: Page;

beforeAll(async () => {
  visit = await visitSample();
  ({ session, server, page, report } = visit);
});
afterAll(() => leave(visit));

const go = (to: string): Promise<void> => goTo(page, server, to);

/** The sample's Claude Code session with the most subagents spawned by a linked call. */
function sessionWithSubagents(): WorkSession {
  const spawned = (s: WorkSession): number => s.threads.filter((t) => t.spawnedBy !== undefined).length;
  const found = [...report.workSessions].sort((a, b) => spawned(b) - spawned(a))[0];
  expect(found !== undefined && spawned(found) > 0, "the sample has a Claude Code subagent").toBe(true);
  return found as WorkSession;
}

describe("a Claude Code session's pages, in Chromium", () => {
  it("list each subagent under the call that spawned it, linking to its transcript and to the call", async () => {
    const cc = sessionWithSubagents();
    await go(`/sessions/${pathSegment(cc.workSessionId)}/`);
    const items = page.locator("section[aria-labelledby=subagents] li.subagent");
    expect(await items.count()).toBe(
      cc.threads.filter((t) => t.spawnedBy !== undefined || t.agentType).length,
    );
    const sub = cc.threads.find((t) => t.spawnedBy !== undefined);
    const item = page.locator(`li.subagent[data-thread="${pathSegment(sub?.threadKey ?? "")}"]`);
    // The subagent's type links to its own thread, with its outcome beside it.
    const typeLink = item.locator(".agent a");
    expect(await typeLink.innerText()).toBe(sub?.agentType);
    const subagentHref = await typeLink.getAttribute("href");
    expect(subagentHref).toBe(
      `/sessions/${pathSegment(cc.workSessionId)}/threads/${pathSegment(sub?.threadKey ?? "")}/`,
    );
    expect(await item.locator(".agent .badge").first().getAttribute("class")).toContain(sub?.outcome);
    // The call's words link to the call's step in the main conversation, which is there.
    const callHref = await item.locator(".call a").getAttribute("href");
    expect(callHref).toMatch(/\/threads\/[^/]+\/#e-/);
    await page.goto(`${server.url}${callHref}`);
    const anchor = (callHref ?? "").split("#")[1] ?? "";
    const step = page.locator(`li[id="${anchor}"]`);
    expect(await step.getAttribute("class")).toContain("tool");
    expect(await step.locator(".subagent-link a").getAttribute("href")).toBe(subagentHref);
    await expectNoSeriousAxeViolations(session, server.url, [
      `/sessions/${pathSegment(cc.workSessionId)}/`,
      (callHref ?? "").split("#")[0] ?? "",
    ]);
  });

  it("hides the agent's thinking until the reader opens it", async () => {
    const cc = report.workSessions.find((s) =>
      s.threads.some((t) => t.transcript.some((turn) => turn.kind === "thinking")),
    );
    expect(cc, "the sample has a transcript with thinking").toBeDefined();
    const thread = cc?.threads.find((t) => t.transcript.some((turn) => turn.kind === "thinking"));
    const thinking = thread?.transcript.find((turn) => turn.kind === "thinking");
    await go(
      `/sessions/${pathSegment(cc?.workSessionId ?? "")}/threads/${pathSegment(thread?.threadKey ?? "")}/`,
    );
    const turn = page.locator(`li[id="e-${pathSegment(thinking?.id ?? "")}"]`);
    const words = turn.locator(".body");
    expect(await turn.locator("summary").innerText()).toBe("생각");
    expect(await words.isVisible()).toBe(false);
    await turn.locator("summary").click();
    expect(await words.isVisible()).toBe(true);
    expect(await words.innerText()).toContain((thinking?.text ?? "").slice(0, 20));
    expect(session.errors).toEqual([]);
  });
});

describe("the sample built in English", () => {
  let dir: string;
  let out: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "workscope-en-"));
    out = path.join(dir, "out");
    execFileSync(
      process.execPath,
      [
        path.resolve("bin/workscope.js"),
        "build",
        "content/sample",
        "--out",
        out,
        "--locale",
        "en",
        "--now",
        SITE_NOW,
        "--quiet",
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names untitled sessions in English on every page, never with the Report's Korean title", () => {
    const untitled = report.workSessions.filter((s) => s.title === UNTITLED_SESSION);
    expect(untitled.length, "the sample has an untitled session").toBeGreaterThan(0);
    // Every page and every file made for people: the static API alone keeps the Report's values.
    const files = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(html|md|xml|json)$/.test(e.name))
      .map((e) => path.relative(out, path.join(e.parentPath, e.name)))
      .filter((file) => !file.startsWith(`api${path.sep}`));
    expect(files.length).toBeGreaterThan(100);
    const saying = files.filter((file) =>
      readFileSync(path.join(out, file), "utf8").includes(UNTITLED_SESSION),
    );
    expect(saying).toEqual([]);
    const first = untitled[0] as WorkSession;
    const html = readFileSync(
      path.join(out, "sessions", pathSegment(first.workSessionId), "index.html"),
      "utf8",
    );
    expect(html).toContain(`<h1>${label("en", "untitledSession")}</h1>`);
  });
});
