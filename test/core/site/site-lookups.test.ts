import { describe, expect, it } from "vitest";
import { UNTITLED_SESSION } from "../../../src/core/sessions/work-session.ts";
import { siteLookups } from "../../../src/core/site/site-lookups.ts";
import { agent, analysis, event, task, workSession } from "./fixtures.ts";

describe("siteLookups", () => {
  const lookups = siteLookups(
    analysis(
      {
        workSessions: [
          workSession("ws-2"),
          workSession("ws-1"),
          workSession("ws-bare", { title: UNTITLED_SESSION }),
          workSession("ws-named", { title: UNTITLED_SESSION }),
        ],
        tasks: [task("task_b", { description: "" }), task("task_a")],
        agents: [agent("main"), agent("nuri")],
      },
      {
        taskEvents: new Map([["task_b", [event({ facts: { message: "[Goal] 배포 준비" } })]]]),
        untitledSessions: new Set(["ws-bare"]),
        mentionNames: new Map([["1", "nuri"]]),
      },
    ),
  );

  it("makes every card once, by id, in the Report's order", () => {
    expect([...lookups.sessionCards.keys()]).toEqual(["ws-2", "ws-1", "ws-bare", "ws-named"]);
    expect([...lookups.taskCards.keys()]).toEqual(["task_b", "task_a"]);
    expect([...lookups.agentCards.keys()]).toEqual(["main", "nuri"]);
    expect(lookups.sessionCards.get("ws-1")?.segment).toBe("ws-1");
  });

  it("leaves untitled only the sessions the analysis says nothing names, whatever their title reads", () => {
    expect(lookups.sessionCards.get("ws-bare")?.title).toBeNull();
    expect(lookups.sessionCards.get("ws-named")?.title).toBe(UNTITLED_SESSION);
    expect(lookups.sessionCards.get("ws-1")?.title).toBe("Session ws-1");
  });

  it("titles each task from its own events", () => {
    expect(lookups.taskCards.get("task_b")?.title).toBe("배포 준비");
    expect(lookups.taskCards.get("task_a")?.title).toBe("Task task_a");
  });

  it("hands on the analysis's mention names", () => {
    expect(lookups.names.get("1")).toBe("nuri");
  });
});
