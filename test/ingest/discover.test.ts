import { chmodSync, symlinkSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  agentOfPath,
  discover,
  discoverInputs,
  type DiscoverFs,
  InputError,
  isSearchedFolder,
  kindOfPath,
  NON_EVENT_JSON,
  STATE_DIR_FILES,
} from "../../src/ingest/discover.ts";
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

describe("discoverInputs", () => {
  it("searches a folder once by its real path: two links to the folder itself neither loop nor read a file twice", async () => {
    const dir = tmpTree({ "logs/a.ndjson": "", "openclaw.json": "{}" });
    symlinkSync(".", path.join(dir, "a"));
    symlinkSync(".", path.join(dir, "b"));
    symlinkSync("..", path.join(dir, "logs", "up"));
    const { files, findings } = await discoverInputs([dir], dir);
    expect(files.map((f) => f.path)).toEqual(["logs/a.ndjson", "openclaw.json"]);
    expect(findings).toEqual([]);
  });

  it("reads a file that a link also names once, under its first path", async () => {
    const dir = tmpTree({ "logs/a.ndjson": "" });
    symlinkSync(path.join(dir, "logs", "a.ndjson"), path.join(dir, "logs", "b.ndjson"));
    symlinkSync(path.join(dir, "logs"), path.join(dir, "more"));
    symlinkSync(path.join(dir, "nowhere.ndjson"), path.join(dir, "logs", "dangling.ndjson"));
    const { files, findings } = await discoverInputs([dir, "logs/*.ndjson", "more/a.ndjson"], dir);
    expect(files.map((f) => f.path)).toEqual(["logs/a.ndjson"]);
    expect(findings).toEqual([
      { file: "logs/dangling.ndjson", line: 0, reason: "cannot read this file (ENOENT): it was skipped" },
    ]);
  });

  it("does not follow links to folders in a glob, so that ** through a loop ends", async () => {
    const dir = tmpTree({ "logs/a.ndjson": "" });
    symlinkSync(".", path.join(dir, "logs", "self"));
    const files = await discover(["**/*.ndjson"], dir);
    expect(files.map((f) => f.path)).toEqual(["logs/a.ndjson"]);
  });

  // Root reads a chmod 000 folder anyway, so the refusal is made by the file system calls given to
  // discovery: the same path the real EACCES takes.
  it("makes a finding of a folder or a file it may not read, and reads the rest", async () => {
    const dir = tmpTree({ "logs/a.ndjson": "", "secret/b.ndjson": "", "logs/c.ndjson": "" });
    const denied = (at: string): NodeJS.ErrnoException =>
      Object.assign(new Error(`EACCES: permission denied, open '${at}'`), { code: "EACCES", path: at });
    const fs: DiscoverFs = {
      readdir: async (folder) => {
        if (folder.endsWith("secret")) throw denied(folder);
        return readdir(folder, { withFileTypes: true });
      },
      access: async (file) => {
        if (file.endsWith("c.ndjson")) throw denied(file);
      },
    };
    const { files, findings } = await discoverInputs([dir], dir, fs);
    expect(files.map((f) => f.path)).toEqual(["logs/a.ndjson"]);
    expect(findings).toEqual([
      { file: "logs/c.ndjson", line: 0, reason: "cannot read this file (permission denied): it was skipped" },
      { file: "secret", line: 0, reason: "cannot read this folder (permission denied): it was skipped" },
    ]);
  });

  it.skipIf(process.getuid?.() === 0)(
    "makes a finding of a chmod 000 folder (not as root, who reads it anyway)",
    async () => {
      const dir = tmpTree({ "logs/a.ndjson": "", "secret/b.ndjson": "" });
      chmodSync(path.join(dir, "secret"), 0o000);
      try {
        const { files, findings } = await discoverInputs([dir], dir);
        expect(files.map((f) => f.path)).toEqual(["logs/a.ndjson"]);
        expect(findings.map((f) => f.file)).toEqual(["secret"]);
      } finally {
        chmodSync(path.join(dir, "secret"), 0o755);
      }
    },
  );
});

describe("STATE_DIR_FILES", () => {
  it.each([
    ["**/*.ndjson", "deep/down/x.ndjson", true],
    ["**/*.ndjson.gz", "x.ndjson.gz", true],
    ["**/*.jsonl", "a/x.jsonl", true],
    ["workspace{,-*}/tasks/task_*.md", "workspace-eden/tasks/task_a.md", true],
    ["workspace{,-*}/tasks/task_*.md", "other/tasks/task_a.md", false],
    ["workspace{,-*}/task-history/*.md", "workspace/task-history/2026-02.md", true],
    ["workspace{,-*}/TASK_HISTORY.md", "workspace-a/TASK_HISTORY.md", true],
    ["workspace{,-*}/CURRENT_TASK.md", "x/workspace-a/CURRENT_TASK.md", false],
    ["openclaw.json", "openclaw.json", true],
    ["openclaw.json", "sub/openclaw.json", false],
    ["work-session-category-overrides.json", "work-session-category-overrides.json", true],
    ["**/agent-*.meta.json", "p/s1/subagents/agent-a1.meta.json", true],
    ["**/agent-*.meta.json", "p/agent-a1.jsonl", false],
    ["**/*.json", "logs/pre_tool_use.json", true],
    ["**/*.json", "package.json", false],
    ["**/*.json", "logs/x.json.bak", false],
  ])("%s on %s is %s", (pattern, rel, expected) => {
    const rule = STATE_DIR_FILES.find((r) => r.pattern === pattern);
    expect(rule?.matches(rel.split("/"))).toBe(expected);
  });

  it.each([
    ["agents", false],
    ["x/agents", true],
    [".git", false],
    ["a/node_modules", false],
    ["logs", true],
  ])("the folder %s is searched: %s", (rel, expected) => {
    expect(isSearchedFolder(rel.split("/"))).toBe(expected);
  });
});

describe("discover: JSON files", () => {
  const TREE = {
    "logs/pre_tool_use.json": "[]",
    "logs/chat.json": "[]",
    "projects/-w-app/s1.jsonl": "",
    "projects/-w-app/s1/subagents/agent-a1.jsonl": "",
    "projects/-w-app/s1/subagents/agent-a1.meta.json": "{}",
    "package.json": "{}",
    "tools/package-lock.json": "{}",
    "cron/jobs.json": "{}",
    "cron/runs/job-1.jsonl": "",
    "credentials/oauth.json": "{}",
    "identity/device.json": "{}",
    "devices/paired.json": "{}",
    "backup/openclaw.json": "{}",
  };

  it("reads every .json file as an event candidate, and subagent descriptions as their own kind", async () => {
    const dir = tmpTree(TREE);
    const files = await discover([dir], dir);
    expect(files.map((f) => [f.path, f.kind])).toEqual([
      ["cron/runs/job-1.jsonl", "events"],
      ["logs/chat.json", "events"],
      ["logs/pre_tool_use.json", "events"],
      ["projects/-w-app/s1.jsonl", "events"],
      ["projects/-w-app/s1/subagents/agent-a1.jsonl", "events"],
      ["projects/-w-app/s1/subagents/agent-a1.meta.json", "claude-subagent-meta"],
    ]);
  });

  it("tells a .json file named directly or by a glob by its name", async () => {
    const dir = tmpTree(TREE);
    expect((await discover(["logs/chat.json"], dir)).map((f) => f.kind)).toEqual(["events"]);
    const globbed = await discover(["projects/**/*.json"], dir);
    expect(globbed.map((f) => f.kind)).toEqual(["claude-subagent-meta"]);
    expect(kindOfPath("/x/agent-abc.meta.json")).toBe("claude-subagent-meta");
    expect(kindOfPath("/x/post_tool_use.json")).toBe("events");
  });

  it("does not search OpenClaw's folders of secrets", () => {
    for (const name of ["credentials", "identity", "devices", "agents"])
      expect(isSearchedFolder([name])).toBe(false);
    expect(isSearchedFolder(["logs", "credentials"])).toBe(true);
  });

  // One case per row of the table of JSON files that are not read.
  const skipped: Record<string, { skip: string[]; read: string[] }> = {
    "**/{package,package-lock,tsconfig,jsconfig,composer}.json": {
      skip: ["package.json", "a/package-lock.json", "tsconfig.json", "b/jsconfig.json", "composer.json"],
      read: ["packages.json", "a/package.jsonl"],
    },
    "cron/**": { skip: ["cron/jobs.json"], read: ["logs/cron/jobs.json", "cron.json"] },
    "**/openclaw.json, **/work-session-category-overrides.json": {
      skip: ["backup/openclaw.json", "old/work-session-category-overrides.json"],
      read: ["openclaw.json.json"],
    },
    "**/agent-*.meta.json": { skip: ["s1/subagents/agent-a1.meta.json"], read: ["agent-a1.json"] },
  };
  for (const rule of NON_EVENT_JSON) {
    it(`skips ${rule.pattern} (${rule.why})`, () => {
      const cases = skipped[rule.pattern];
      expect(cases).toBeDefined();
      for (const p of cases!.skip) expect(rule.matches(p.split("/")), p).toBe(true);
      for (const p of cases!.read) expect(rule.matches(p.split("/")), p).toBe(false);
    });
  }
});
