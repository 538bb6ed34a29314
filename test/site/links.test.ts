import { afterEach, describe, expect, it, vi } from "vitest";
import { tmpTree } from "../helpers/tmp.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("links between pages", () => {
  it("lead under the build's base to the sessions, agents and tasks that have a page, and nowhere else", async () => {
    vi.stubEnv(
      "WORKSCOPE_DATA",
      tmpTree({
        "settings.json": JSON.stringify({ locale: "ko", base: "/r/", generatedAt: "2026-03-09T00:00:00Z" }),
        "pages/index.json": JSON.stringify({
          sessions: [{ id: "WS-1", segment: "~57~53-1" }],
          tasks: [{ segment: "task_1" }],
          agents: [{ agentId: "main", segment: "main" }],
        }),
        "pages/READY": "",
      }),
    );
    vi.stubEnv("WORKSCOPE_PART", undefined);
    vi.resetModules();
    const links = await import("../../src/site/links.ts");
    expect(links.urls.sessions()).toBe("/r/sessions/");
    expect(links.sessionUrl("WS-1")).toBe("/r/sessions/~57~53-1/");
    expect(links.sessionUrl("WS-2")).toBeUndefined();
    expect(links.agentUrl("main")).toBe("/r/agents/main/");
    expect(links.agentUrl("ghost")).toBeUndefined();
    expect(links.taskUrl("task_1")).toBe("/r/tasks/task_1/");
    expect(links.taskUrl("task_9")).toBeUndefined();
    expect(links.transcriptUrl(null)).toBeNull();
    expect(links.transcriptUrl({ kind: "session", sessionSegment: "~57~53-1", threadSegment: "c1" })).toBe(
      links.urls.thread("~57~53-1", "c1"),
    );
    expect(links.transcriptUrl({ kind: "legacy", sessionSegment: null, threadSegment: "eden~seum" })).toBe(
      links.urls.legacyThread("eden~seum"),
    );
    expect(links.urls.thread("~57~53-1", "c1")).toMatch(/^\/r\/sessions\/~57~53-1\//);
    expect(links.urls.legacyThread("eden~seum")).not.toBe(links.urls.thread("~57~53-1", "eden~seum"));
    const call = { toolUseId: "toolu_1", threadSegment: "main", page: 2, turnId: "ev:1", text: null };
    expect(links.spawningCallUrl("~57~53-1", call)).toBe(
      `${links.urls.thread("~57~53-1", "main", 2)}#e-ev.1`,
    );
    expect(links.spawningCallUrl("~57~53-1", { ...call, turnId: null })).toBe(
      links.urls.thread("~57~53-1", "main", 2),
    );
    expect(links.spawningCallUrl("~57~53-1", { ...call, threadSegment: null })).toBeNull();
  });
});
