import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentOfPath, discover, InputError, kindOfPath } from "../../src/ingest/discover.ts";
import { tmpTree } from "../helpers/tmp.ts";

const STATE = {
  "openclaw.json": "{}",
  "work-session-category-overrides.json": "{}",
  "logs/coordination-events.ndjson": "",
  "logs/coordination-events-2026-01.ndjson.gz": "",
  "logs/gateway.log": "",
  "workspace-eden/tasks/task_abc.md": "",
  "workspace-eden/tasks/notes.md": "",
  "workspace-eden/task-history/2026-02.md": "",
  "workspace-eden/CURRENT_TASK.md": "",
  "workspace/TASK_HISTORY.md": "",
  "agents/eden/sessions/s1.jsonl": "",
  "claude/hooks.ndjson": "",
};

describe("discover", () => {
  it("finds every input kind in a state directory, and leaves the rest alone", async () => {
    const dir = tmpTree(STATE);
    const files = await discover([dir], dir);
    expect(files.map((f) => [f.path, f.kind, f.agentId])).toEqual([
      ["claude/hooks.ndjson", "events", null],
      ["logs/coordination-events-2026-01.ndjson.gz", "events", null],
      ["logs/coordination-events.ndjson", "events", null],
      ["openclaw.json", "openclaw-config", null],
      ["work-session-category-overrides.json", "category-overrides", null],
      ["workspace-eden/CURRENT_TASK.md", "current-task", "eden"],
      ["workspace-eden/task-history/2026-02.md", "task-history", "eden"],
      ["workspace-eden/tasks/task_abc.md", "task", "eden"],
      ["workspace/TASK_HISTORY.md", "task-history", "main"],
    ]);
  });

  it("gives the same list whatever the order of the inputs", async () => {
    const dir = tmpTree(STATE);
    const a = await discover(["logs", "workspace-eden"], dir);
    const b = await discover(["workspace-eden", "logs", "logs"], dir);
    expect(b).toEqual(a);
  });

  it("reads a named file of any name as events, and expands globs", async () => {
    const dir = tmpTree({ ...STATE, "export.txt": "" });
    expect((await discover(["export.txt"], dir)).map((f) => f.kind)).toEqual(["events"]);
    expect((await discover(["logs/*.ndjson*"], dir)).map((f) => f.path)).toEqual([
      "logs/coordination-events-2026-01.ndjson.gz",
      "logs/coordination-events.ndjson",
    ]);
  });

  it("shows paths outside the working directory as absolute", async () => {
    const dir = tmpTree(STATE);
    const files = await discover([path.join(dir, "openclaw.json")], "/");
    expect(files[0]?.path).toBe(path.join(dir, "openclaw.json").slice(1));
    const elsewhere = await discover([path.join(dir, "openclaw.json")], path.join(dir, "logs"));
    expect(elsewhere[0]?.path).toBe(path.join(dir, "openclaw.json"));
  });

  it("throws an InputError for a path that names nothing", async () => {
    const dir = tmpTree();
    await expect(discover(["nope"], dir)).rejects.toThrow(InputError);
    await expect(discover(["nope"], dir)).rejects.toThrow("no such file or directory: nope");
    await expect(discover(["*.ndjson"], dir)).rejects.toThrow("no files match *.ndjson");
  });
});

describe("kindOfPath", () => {
  it.each([
    ["/s/logs/coordination-events-2026-02-14T10-00-00-000Z.ndjson", "events"],
    ["/s/x.jsonl.gz", "events"],
    ["/s/openclaw.json", "openclaw-config"],
    ["/s/work-session-category-overrides.json", "category-overrides"],
    ["/s/workspace-a/CURRENT_TASK.md", "current-task"],
    ["/s/workspace-a/TASK_HISTORY.md", "task-history"],
    ["/s/workspace-a/task-history/2026-03.md", "task-history"],
    ["/s/workspace-a/tasks/task_0123abcd.md", "task"],
    ["/s/workspace-a/tasks/task_0123abcd.md.tmp.1.2.3", null],
    ["/s/README.md", null],
  ])("%s is %s", (file, kind) => {
    expect(kindOfPath(file)).toBe(kind);
  });
});

describe("agentOfPath", () => {
  it("reads the agent from the nearest workspace folder", () => {
    expect(agentOfPath("/s/workspace-Eden/tasks/task_a.md")).toBe("eden");
    expect(agentOfPath("/s/workspace/tasks/task_a.md")).toBe("main");
    expect(agentOfPath("/s/logs/x.ndjson")).toBeNull();
  });
});
