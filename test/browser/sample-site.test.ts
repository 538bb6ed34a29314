import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Report } from "../../src/core/report.ts";
import { CollabCategory } from "../../src/core/category.ts";
import { categoryName } from "../../src/core/site/labels.ts";
import { pathSegment } from "../../src/core/site/path-segment.ts";
import type { Session } from "./browser.ts";
import { expectNoSeriousAxeViolations } from "./page-checks.ts";
import { goTo, leave, visitSample, type SampleVisit, type Server } from "./sample-visit.ts";

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

const go = (path: string): Promise<void> => goTo(page, server, path);
const visibleCards = (): Promise<string[]> =>
  page
    .locator("li.session:visible")
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset["category"] ?? ""));
/** Waits until the session list has loaded its index and drawn the filtered cards. */
const listReady = (): Promise<unknown> => page.waitForSelector('#session-list[data-ready="true"]');

describe("the sample site, in Chromium", () => {
  it("opens on the ten categories with Korean names and counts, and 전체 보기 as its own entry", async () => {
    await go("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    const badges = page.locator("ul.categories a");
    expect(await badges.count()).toBe(10);
    for (const category of CollabCategory.options) {
      const badge = page.locator(`ul.categories a[data-category="${category}"]`);
      const count = report.workSessions.filter((s) => s.collabCategory === category).length;
      expect(await badge.innerText()).toBe(`${categoryName("ko", category)}\n${count}`);
    }
    await expect
      .poll(() => page.locator("a", { hasText: "전체 보기" }).getAttribute("href"))
      .toBe("/sessions/");
    expect(await page.locator("ul.sessions-list li.session").count()).toBe(10);
  });

  it("leads from a category badge to that category's sessions, filtered in the URL", async () => {
    await go("/");
    await page.locator('ul.categories a[data-category="qa_validation"]').click();
    await page.waitForURL(/\/sessions\/\?category=qa_validation$/);
    await listReady();
    const shown = await visibleCards();
    expect(shown.length).toBe(report.workSessions.filter((s) => s.collabCategory === "qa_validation").length);
    expect(new Set(shown)).toEqual(new Set(["qa_validation"]));
    expect(await page.locator("#shown-count").innerText()).toBe(String(shown.length));
  });

  it("filters sessions by status, agent, subTag and text, and keeps each filter in the URL", async () => {
    await go("/sessions/");
    await listReady();
    expect(await page.locator("li.session").count()).toBe(report.workSessions.length);
    await page.selectOption('select[name="status"]', "QUIET");
    await page.waitForURL(/status=QUIET/);
    expect((await visibleCards()).length).toBe(
      report.workSessions.filter((s) => s.status === "QUIET").length,
    );
    await page.selectOption('select[name="status"]', "");

    const agent = "nuri";
    await page.selectOption('select[name="agent"]', agent);
    expect((await visibleCards()).length).toBe(
      report.workSessions.filter((s) => s.agents.includes(agent)).length,
    );
    expect(page.url()).toContain("agent=nuri");

    // A shared link restores the same view.
    const tag = report.workSessions.flatMap((s) => s.collabSubTags)[0] as string;
    await go(`/sessions/?subTag=${encodeURIComponent(tag)}`);
    await listReady();
    expect(await page.inputValue('select[name="subTag"]')).toBe(tag);
    expect((await visibleCards()).length).toBe(
      report.workSessions.filter((s) => s.collabSubTags.includes(tag)).length,
    );

    const title = report.workSessions.find((s) => s.title.length > 8)?.title as string;
    await go("/sessions/");
    await listReady();
    await page.fill('input[name="q"]', title.toUpperCase());
    await page.waitForURL(/q=/);
    const titles = await page.locator("li.session:visible h3").allInnerTexts();
    expect(titles).toContain(title);
    expect(titles.length).toBe(
      report.workSessions.filter(
        (s) =>
          s.title.toLowerCase().includes(title.toLowerCase()) ||
          s.workSessionId.includes(title.toLowerCase()),
      ).length,
    );

    await page.fill('input[name="q"]', "zzz-no-such-session");
    await expect.poll(() => page.locator("#no-match").isVisible()).toBe(true);
  });

  it("draws the session cards in the browser with the very markup the server renders", async () => {
    const served = readFileSync(path.join(inject("sampleSite"), "sessions", "index.html"), "utf8");
    await go("/sessions/");
    await listReady();
    const [server, drawn] = await page.evaluate((html) => {
      const cards = (doc: Document): string[] =>
        [...doc.querySelectorAll("#session-list li.session")].map((card) => card.outerHTML);
      return [cards(new DOMParser().parseFromString(html, "text/html")), cards(document)];
    }, served);
    expect(server.length).toBe(Math.min(100, report.workSessions.length));
    expect(drawn.slice(0, server.length)).toEqual(server);
    expect(server.some((card) => card.includes("badge blocked"))).toBe(true);
  });

  it("groups sessions by category on the grouped view, each group's newest twenty and a link to all", async () => {
    await go("/sessions/by-category/");
    const groups = await page
      .locator("section[data-group]")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset["group"]));
    expect(groups).toEqual(
      CollabCategory.options.filter((c) => report.workSessions.some((s) => s.collabCategory === c)),
    );
    for (const category of groups) {
      const count = report.workSessions.filter((s) => s.collabCategory === category).length;
      const section = page.locator(`section[data-group="${category}"]`);
      expect(await section.locator("li.session").count()).toBe(Math.min(20, count));
      expect(await section.locator(`a[href="/sessions/?category=${category}"]`).count()).toBe(
        count > 20 ? 1 : 0,
      );
    }
  });

  it("shows a session's summary, main-agent conversations only, delegations, signals and timeline", async () => {
    const s = report.workSessions.find(
      (x) =>
        x.threads.some((t) => t.eventRole === "conversation.main") &&
        x.threads.some((t) => t.eventRole === "delegation.subagent"),
    ) as Report["workSessions"][number];
    await go(`/sessions/${pathSegment(s.workSessionId)}/`);
    expect(await page.locator("h1").innerText()).toBe(s.title);
    expect(await page.locator("li.thread").count()).toBe(
      s.threads.filter((t) => t.eventRole === "conversation.main").length,
    );
    expect(await page.locator("ul.tree li").count()).toBeGreaterThan(0);
    expect(await page.locator(".timeline svg rect").count()).toBeGreaterThan(0);
    expect(await page.locator("dl.facts").innerText()).toContain(
      `${Math.round(s.categoryConfidence * 100)}%`,
    );
  });

  it("renders a transcript: bubbles with sender and time on both sides, markdown, a blocked badge with its human reason", async () => {
    const s = report.workSessions.find((x) =>
      x.threads.some((t) => t.blockedReason === "timeout" && t.eventRole === "conversation.main"),
    ) as Report["workSessions"][number];
    const thread = s.threads.find(
      (t) => t.blockedReason === "timeout",
    ) as Report["workSessions"][number]["threads"][number];
    await go(`/sessions/${pathSegment(s.workSessionId)}/threads/${pathSegment(thread.threadKey)}/`);
    for (const side of ["left", "right"]) {
      const bubble = page.locator(`li.bubble.${side}`).first();
      expect(await bubble.locator(".who strong").innerText()).not.toBe("");
      expect(await bubble.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(
      await page.locator(".outcome .badge.blocked", { hasText: "시간 초과 (300초)" }).first().isVisible(),
    ).toBe(true);
    const text = await page.locator("main").innerText();
    expect(text).not.toContain("[outcome] blocked:");
    // The raw text is one click away, in a collapsed detail.
    await page.locator("details summary").first().click();
    expect(await page.locator("details pre.raw").first().innerText()).toContain("[outcome] blocked:");
  });

  it("numbers ping-pong turns", async () => {
    const s = report.workSessions.find((x) =>
      x.threads.some(
        (t) => t.eventRole === "conversation.main" && t.transcript.some((turn) => turn.turn !== undefined),
      ),
    ) as Report["workSessions"][number];
    const thread = s.threads.find(
      (t) => t.eventRole === "conversation.main" && t.transcript.some((turn) => turn.turn !== undefined),
    ) as Report["workSessions"][number]["threads"][number];
    await go(`/sessions/${pathSegment(s.workSessionId)}/threads/${pathSegment(thread.threadKey)}/`);
    const numbered = thread.transcript.filter((turn) => turn.turn !== undefined);
    expect(await page.locator("li.bubble .badge", { hasText: "턴" }).allInnerTexts()).toEqual(
      numbered.map((turn) => `턴 ${turn.turn}`),
    );
  });

  it("never shows a raw Discord mention or raw markdown markers in a transcript", async () => {
    for (const s of report.workSessions.slice(0, 40)) {
      for (const thread of s.threads.filter((t) => t.eventRole === "conversation.main")) {
        await go(`/sessions/${pathSegment(s.workSessionId)}/threads/${pathSegment(thread.threadKey)}/`);
        const text = await page.locator("ol.chat").innerText();
        expect(text, thread.threadKey).not.toMatch(/<@!?\d+>/);
        expect(text, thread.threadKey).not.toMatch(/\*\*[^*\n]+\*\*/);
        expect(await page.locator("h1").innerText()).not.toMatch(/^task_/);
      }
    }
  });

  it("lists tasks and shows a task's pending question prominently, with its steps as a checklist", async () => {
    const task = report.tasks.find((t) =>
      t.humanQueries.some((q) => q.answeredMs === undefined),
    ) as Report["tasks"][number];
    await go("/tasks/");
    expect(await page.locator("tbody tr").count()).toBe(report.tasks.length);
    await go(`/tasks/${pathSegment(task.taskId)}/`);
    const question = page.locator("section.question");
    expect(await question.isVisible()).toBe(true);
    expect(await question.innerText()).toContain(
      task.humanQueries.find((q) => q.answeredMs === undefined)?.question,
    );
    const withSteps = report.tasks.find(
      (t) => t.steps.total > 0 && t.steps.done > 0,
    ) as Report["tasks"][number];
    await go(`/tasks/${pathSegment(withSteps.taskId)}/`);
    expect(await page.locator("ul.checklist li").count()).toBe(withSteps.steps.total);
    expect(await page.locator('ul.checklist li[data-status="done"]').count()).toBe(withSteps.steps.done);
  });

  it("pages through delegation and orchestration events and filters them by role and type", async () => {
    await go("/events/");
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(100);
    await go("/events/2/");
    expect(await rows.count()).toBeGreaterThan(0);
    await go("/events/delegation.subagent/");
    const roles = await rows.evaluateAll((els) => [
      ...new Set(els.map((e) => (e as HTMLElement).dataset["role"])),
    ]);
    expect(roles).toEqual(["delegation.subagent"]);
    await page.selectOption('select[name="type"]', "a2a.spawn");
    await page.waitForURL(/type=a2a\.spawn/);
    const types = await page
      .locator("tbody tr:visible")
      .evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset["type"]))]);
    expect(types).toEqual(["a2a.spawn"]);
  });

  it("lists agents and shows one agent's sessions, tasks and states", async () => {
    await go("/agents/");
    expect(await page.locator("tbody tr").count()).toBe(report.agents.length);
    const agent = report.agents.find((a) => a.states.length > 0) as Report["agents"][number];
    await go(`/agents/${pathSegment(agent.agentId)}/`);
    expect(await page.locator("h1").innerText()).toBe(agent.agentId);
    expect(await page.locator("#states ~ table tbody tr, section:has(#states) tbody tr").count()).toBe(
      agent.states.length,
    );
    const sessions = report.workSessions.filter((s) => s.agents.includes(agent.agentId)).length;
    expect(await page.locator("li.session").count()).toBe(Math.min(50, sessions));
    expect(await page.locator("h2#agent-sessions").innerText()).toContain(`(${sessions})`);
  });

  it("has no serious accessibility violations on the main pages (axe-core)", async () => {
    const s = report.workSessions.find((x) =>
      x.threads.some((t) => t.eventRole === "conversation.main"),
    ) as Report["workSessions"][number];
    const thread = s.threads.find(
      (t) => t.eventRole === "conversation.main",
    ) as Report["workSessions"][number]["threads"][number];
    const task = report.tasks[0] as Report["tasks"][number];
    const paths = [
      "/",
      "/sessions/",
      `/sessions/${pathSegment(s.workSessionId)}/`,
      `/sessions/${pathSegment(s.workSessionId)}/threads/${pathSegment(thread.threadKey)}/`,
      "/events/",
      "/tasks/",
      `/tasks/${pathSegment(task.taskId)}/`,
      "/agents/",
    ];
    await expectNoSeriousAxeViolations(session, server.url, paths);
  });

  it("reported no uncaught error, console error or failed request on any page", () => {
    expect(session.errors).toEqual([]);
  });
});
