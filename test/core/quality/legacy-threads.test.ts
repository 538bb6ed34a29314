import { describe, expect, it } from "vitest";
import type { BaseEvent } from "../../../src/core/event.ts";
import { analyze } from "../../../src/core/analyze.ts";
import {
  LegacyIndex,
  legacyEntriesByAgent,
  legacyEntry,
  legacyFamily,
  LegacyThreadPage,
} from "../../../src/core/quality/legacy-threads.ts";
import { LEGACY_GAP_MS } from "../../../src/core/sessions/thread-key.ts";
import { pathSegment } from "../../../src/core/site/path-segment.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { TURNS_PER_PAGE } from "../../../src/core/site/transcript-pages.ts";
import { readEvent } from "../../helpers/events.ts";
import { thread } from "../site/fixtures.ts";

const MAINS = ["eden", "seum"];
let line = 0;
const say = (ts: number, data: Record<string, unknown>, type = "a2a.send"): BaseEvent =>
  readEvent(
    { type, agentId: "eden", ts, data: { fromAgent: "eden", toAgent: "seum", ...data } },
    "e.ndjson",
    ++line,
  );

/** The analysis of these events, by the real analyze. */
function analysed(events: BaseEvent[]) {
  return analyze(
    {
      files: [],
      events,
      findings: [],
      taskFiles: [],
      history: [],
      currentTasks: [],
      mainAgents: MAINS,
      mentionNames: {},
      overrides: {},
    },
    Date.parse("2026-03-09T00:00:00Z"),
  );
}

describe("legacyThreads", () => {
  const inSession = say(0, { message: "in a session", workSessionId: "ws_a", conversationId: "c1" });
  const first = [say(1000, { message: "안녕" }), say(2000, { message: "네" }, "a2a.response")];
  const second = [say(2000 + LEGACY_GAP_MS + 1, { message: "다시" })];
  const data = analysed([inSession, ...first, ...second]);

  it("keeps the threads of the lines no session took, split as the Report keys them", () => {
    const threads = data.legacyThreads;
    expect(threads.map((t) => [t.threadKey, t.eventCount])).toEqual([
      ["pair:eden_seum@1970-01-01T00:00:01.000Z", 2],
      ["pair:eden_seum@1970-01-01T00:30:02.001Z", 1],
    ]);
    const reportKeys = new Set(data.report.unattributed.map((u) => u.threadKey));
    expect(threads.every((t) => reportKeys.has(t.threadKey))).toBe(true);
  });

  it("makes the legacy family: an entry per thread with its segment, and a page per thread", () => {
    const family = legacyFamily(data, siteLookups(data));
    expect(family.pages.map((p) => LegacyThreadPage.parse(p.page).thread)).toEqual(data.legacyThreads);
    const index = LegacyIndex.parse(family.index);
    expect(index.gapMinutes).toBe(30);
    expect(index.threads.map((e) => [e.segment, e.inferred, e.agents, e.turns, e.pages])).toEqual([
      [pathSegment("pair:eden_seum@1970-01-01T00:00:01.000Z"), true, ["eden", "seum"], 2, 1],
      [pathSegment("pair:eden_seum@1970-01-01T00:30:02.001Z"), true, ["eden", "seum"], 1, 1],
    ]);
    expect(family.pages.map((p) => p.segment)).toEqual(index.threads.map((e) => e.segment));
    const page = LegacyThreadPage.parse(family.pages[0]?.page);
    expect(page.thread.transcript.map((t) => t.text)).toEqual(["안녕", "네"]);
    const firstLine = data.report.unattributed[0];
    expect(firstLine?.line).toBe(first[0]?.line);
    expect(page.thread.transcript[0]?.id).toBe(firstLine?.id);
  });

  it("marks a conversation the log names as not inferred, and counts a long transcript's pages", () => {
    const long = Array.from({ length: TURNS_PER_PAGE + 1 }, (_, i) =>
      say(i, { message: `m${i}`, conversationId: "c9" }),
    );
    const data = analysed(long);
    const family = legacyFamily(data, siteLookups(data));
    const [entry] = LegacyIndex.parse(family.index).threads;
    expect([entry?.threadKey, entry?.inferred, entry?.pages]).toEqual(["conv:c9", false, 2]);
  });

  it("lists each agent's threads newest first, each under every agent it is between", () => {
    const started = (at: number, from: string, to: string) =>
      legacyEntry(thread(from, to, { threadKey: `pair:${at}`, startMs: at }));
    const byAgent = legacyEntriesByAgent([
      started(1, "eden", "seum"),
      started(2, "seum", "miri"),
      started(3, "eden", "eden"),
    ]);
    expect(
      Object.fromEntries([...byAgent].map(([agent, list]) => [agent, list.map((e) => e.startMs)])),
    ).toEqual({
      eden: [3, 1],
      seum: [2, 1],
      miri: [2],
    });
  });
});
