import { describe, expect, it } from "vitest";
import type { Thread } from "../../../src/core/sessions/work-session.ts";
import {
  mainThreadOf,
  neighboursOf,
  SessionPage,
  sessionPages,
} from "../../../src/core/site/session-page.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";
import { analysis, event, task, thread, unattributed, workSession } from "./fixtures.ts";
import { CC_SESSION, claudeSession, claudeThreads } from "./claude-fixtures.ts";

describe("sessionPages", () => {
  const signal = (ts: number) => event({ ts, eventRole: "orchestration.task", type: "task.started" });
  const events = [event({ ts: 1_000 }), signal(1_100), signal(1_200)];
  const data = analysis(
    {
      workSessions: [
        workSession("ws-2", {
          previousWorkSessionId: "ws-1",
          taskIds: ["task_a", "task_unknown"],
          threads: [thread("main", "nuri", { threadKey: "conv:x" }), thread("nuri", "eden")],
        }),
        workSession("ws-1", { nextWorkSessionIds: ["ws-2", "ws-gone"], title: UNTITLED_SESSION }),
      ],
      tasks: [task("task_a")],
      unattributed: [unattributed(1_500, "nuri")],
    },
    { sessionEvents: new Map([["ws-2", events]]), untitledSessions: new Set(["ws-1"]) },
  );
  const [second, first] = sessionPages(data, siteLookups(data));

  it("makes one page per session, in the Report's order, that passes its schema", () => {
    expect([second?.session.workSessionId, first?.session.workSessionId]).toEqual(["ws-2", "ws-1"]);
    expect(SessionPage.safeParse(second).success).toBe(true);
  });

  it("takes its title from the session's card: null when nothing names the session", () => {
    expect([second?.title, first?.title]).toEqual(["Session ws-2", null]);
    expect(first?.session.title).toBe(UNTITLED_SESSION);
  });

  it("takes its path segments from the session's card, for the page and for the delegation tree", () => {
    expect(second?.segment).toBe("ws-2");
    expect(second?.threadSegments).toEqual(["conv.x", "pair.nuri_eden"]);
    expect(second?.delegations.map((d) => d.threadSegment)).toEqual(["conv.x", "pair.nuri_eden"]);
  });

  it("lists its orchestration signals in its own session, its tasks with a card, and its timeline", () => {
    expect(second?.signals.map((r) => [r.ts, r.workSessionId, r.sessionSegment])).toEqual([
      [1_100, "ws-2", "ws-2"],
      [1_200, "ws-2", "ws-2"],
    ]);
    expect(second?.signalCount).toBe(2);
    expect(second?.tasks.map((t) => t.taskId)).toEqual(["task_a"]);
    expect(second?.timeline.startMs).toBe(1_000);
    expect(first?.signals).toEqual([]);
  });

  it("links the sessions it continues and that continue it, by segment and title when they were read", () => {
    expect(second?.previous).toEqual({ id: "ws-1", segment: "ws-1", title: null });
    expect(first?.next).toEqual([
      { id: "ws-2", segment: "ws-2", title: "Session ws-2" },
      { id: "ws-gone", segment: null, title: null },
    ]);
    expect(first?.previous).toBeNull();
  });

  it("shows the unattributed events of its agents within its time span", () => {
    expect(second?.neighbours.map((u) => u.id)).toEqual(["u-1500"]);
  });
});

describe("neighboursOf", () => {
  const session = { agents: ["nuri"], startMs: 100, lastActivityMs: 200 };

  it("keeps events of the session's agents within its span, in time order", () => {
    const all = [
      unattributed(50, "nuri"),
      unattributed(100, "nuri"),
      unattributed(150, "eden"),
      unattributed(200, "nuri"),
      unattributed(201, "nuri"),
    ];
    expect(neighboursOf(session, all).map((u) => u.ts)).toEqual([100, 200]);
  });

  it("lists at most twenty", () => {
    const many = Array.from({ length: 30 }, (_, i) => unattributed(100 + i, "nuri"));
    expect(neighboursOf(session, many)).toHaveLength(20);
  });
});

describe("the page of a Claude Code session", () => {
  const cc = claudeSession();
  const data = analysis(
    { workSessions: [cc, workSession("ws-a2a", { threads: [thread("main", "nuri")] })] },
    { untitledSessions: new Set([CC_SESSION]) },
  );
  const [page, other] = sessionPages(data, siteLookups(data));

  it("lists its subagents under their calls, and leaves them out of the delegation tree", () => {
    expect(page?.subagents?.map((n) => [n.agentType, n.outcome, n.call?.toolUseId])).toEqual([
      ["Explore", "completed", "toolu_01Task"],
      ["general-purpose", "blocked", "toolu_02Task"],
    ]);
    expect(page?.delegations).toEqual([]);
    expect(SessionPage.safeParse(page).success).toBe(true);
  });

  it("names its main conversation's thread, which the page lists first", () => {
    expect(page?.mainThread).toBe(page?.threadSegments[0]);
    expect(page?.session.tokens?.messages).toBe(6);
  });

  it("adds nothing to the page of a session of agent-to-agent threads", () => {
    expect(other).not.toHaveProperty("subagents");
    expect(other).not.toHaveProperty("mainThread");
    expect(other?.delegations.map((d) => d.agent)).toEqual(["nuri"]);
  });
});

describe("mainThreadOf", () => {
  it("is the thread of the session's own id, when that thread is a Claude Code one", () => {
    const cc = claudeSession();
    expect(mainThreadOf(cc, ["m", "e", "g"])).toBe("m");
  });

  it("is the thread its subagents were spawned from when none has the session's id", () => {
    const [main, ...rest] = claudeThreads();
    const renamed = { ...main, threadKey: "conv:elsewhere" } as Thread;
    const spawned = rest.map((t) => ({ ...t, spawnedBy: { threadKey: "conv:elsewhere", toolUseId: "x" } }));
    expect(mainThreadOf({ workSessionId: CC_SESSION, threads: [renamed, ...spawned] }, ["m", "e", "g"])).toBe(
      "m",
    );
  });

  it("is undefined for an agent-to-agent thread that happens to carry the session's id", () => {
    expect(
      mainThreadOf({ workSessionId: "ws-1", threads: [thread("a", "b", { threadKey: "conv:ws-1" })] }, ["x"]),
    ).toBeUndefined();
  });
});
