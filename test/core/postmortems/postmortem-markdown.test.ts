import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import {
  postmortemMarkdown,
  type PostmortemLinks,
} from "../../../src/core/postmortems/postmortem-markdown.ts";
import { judgingRule } from "../../../src/core/postmortems/judging-rule.ts";
import { PostmortemPage } from "../../../src/core/postmortems/postmortem-page.ts";
import { postmortemsFamily } from "../../../src/core/postmortems/postmortems-family.ts";
import { reasonName } from "../../../src/core/site/labels.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { HOSTILE, scenario } from "./fixtures.ts";

const analysis = scenario();
const pages = postmortemsFamily(analysis, siteLookups(analysis)).pages.map((p) =>
  PostmortemPage.parse(p.page),
);
const pageOf = (reason: string): PostmortemPage => pages.find((p) => p.reason === reason) as PostmortemPage;
const links: PostmortemLinks = {
  siteUrl: null,
  postmortem: "/postmortems/p/",
  session: "/sessions/ws-1/",
  transcript: "/sessions/ws-1/threads/conv.c1/",
};
/** The most permissive renderer there is: raw HTML on, bare URLs linked. */
const loose = new MarkdownIt({ html: true, linkify: true });

describe("postmortemMarkdown", () => {
  it("titles the copy with the reason in words and lays out the flow", () => {
    const md = postmortemMarkdown(pageOf("retry_exhausted"), "ko", links);
    expect(md.split("\n")[0]).toBe(
      `# 포스트모템: ${reasonName("ko", "retry_exhausted")} — \`eden\` → \`seum\``,
    );
    expect(md).toContain("| 사유 | 재시도 소진 (`retry_exhausted`) |");
    expect(md).toContain("| 블로킹 판정 | 2026-02-01 14:50 (UTC) |");
    expect(md).toContain(
      "- 2026-02-01 14:50 — **재시도** · `eden` → `seum` · 1 / 2 · _근거_ · `overloaded <b>now</b>`",
    );
    expect(md).toContain("## 그다음에 일어난 일");
    expect(md).toContain("**태스크 블로킹**");
    expect(md).toContain("`logs/coordination-events.ndjson:4`");
    expect(md).toMatch(/~~~text\n\[outcome\] blocked: .*\n~~~/);
  });

  it("writes hostile log text so that even a renderer with HTML on makes no tag or link of it", () => {
    const md = postmortemMarkdown(pageOf("retry_exhausted"), "en", links);
    expect(md).toContain(HOSTILE.replace("`tick`", "").slice(0, 10));
    const html = loose.render(md);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toContain('href="https://evil.example');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([links.postmortem, links.session, links.transcript]);
  });

  it("keeps a | of the log from splitting a row of the summary table", () => {
    const page = { ...pageOf("retry_exhausted"), waitError: "a | b" };
    const html = loose.render(postmortemMarkdown(page, "en", links));
    expect(html).toContain("<code>a | b</code>");
  });

  it("says an orphaned flow is the synchronous-timeout fault's signature and names its rule", () => {
    const md = postmortemMarkdown(pageOf("orphaned"), "en", links);
    expect(md).toContain("> This is the signature of the synchronous-timeout fault");
    expect(md).toContain("A rule over the whole flow");
    expect(md).toContain("**Waited** · `eden` → `miri` · 5m 0s · unanswered");
    expect(md).not.toContain("## Show the raw message");
  });

  it("explains a subagent that never stopped in its own words, in an untitled Claude Code session", () => {
    const orphaned = pageOf("orphaned");
    const page: PostmortemPage = {
      ...orphaned,
      reason: "subagent_orphaned",
      fromAgent: "main",
      toAgent: "general-purpose",
      sessionTitle: null,
      workSessionId: "7f3c9a2e-1b4d-4e8f-9a0b-2c6d8e1f3a5b",
      timeline: { ...orphaned.timeline, rule: judgingRule("subagent_orphaned") },
    };
    const md = postmortemMarkdown(page, "en", links);
    expect(md.split("\n")[0]).toBe("# Postmortem: Subagent never stopped — `main` → `general-purpose`");
    expect(md).toContain("> A Claude Code subagent started, but neither a SubagentStop nor a result");
    expect(md).not.toContain("synchronous-timeout");
    expect(md).toContain("| Session | `Untitled collaboration` `7f3c9a2e-1b4d-4e8f-9a0b-2c6d8e1f3a5b` |");
    expect(md).toContain(
      "a subagent that started but never logged a stop or a result (`subagent_never_stopped`)",
    );
    expect(md).not.toContain("협업 작업");
    expect(postmortemMarkdown(page, "ko", links)).toContain("> Claude Code 서브에이전트가 시작됐지만");
  });

  it("makes the links absolute with the site's URL, when given one", () => {
    const md = postmortemMarkdown(pageOf("timeout"), "en", {
      ...links,
      siteUrl: "https://team.example/reports/",
      postmortem: "/reports/postmortems/p/",
      session: null,
    });
    expect(md).toContain("- [Postmortem](https://team.example/reports/postmortems/p/)");
    expect(md).not.toContain("[Session]");
    expect(md).toContain("| Session | No work session |");
    expect(md).toContain("- Row of the rule table: 5");
  });
});
