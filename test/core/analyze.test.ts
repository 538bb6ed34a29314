import { describe, expect, it } from "vitest";
import { analyze, analyzeStages, distinctEvents } from "../../src/core/analyze.ts";
import type { LoadedInput } from "../../src/core/input.ts";
import { Report } from "../../src/core/report.ts";
import { UNTITLED_SESSION } from "../../src/core/sessions/work-session.ts";
import { parseHistory } from "../../src/core/tasks/history.ts";
import { parseTaskFile } from "../../src/core/tasks/parse-task-file.ts";
import { readEvent } from "../helpers/events.ts";

const NOW = Date.parse("2026-03-09T00:00:00Z");
const send = (line: number, data: Record<string, unknown>) =>
  readEvent(
    { type: "a2a.send", agentId: "eden", ts: 1_772_000_000_000 + line, data: { fromAgent: "eden", ...data } },
    "logs/events.ndjson",
    line,
  );

const input = (over: Partial<LoadedInput> = {}): LoadedInput => ({
  files: [{ path: "logs/events.ndjson", kind: "events", bytes: 10, lines: 3, events: 3, errors: 0 }],
  events: [],
  findings: [],
  taskFiles: [],
  history: [],
  currentTasks: [],
  mainAgents: ["main"],
  mentionNames: {},
  overrides: {},
  ...over,
});

/** A task file of `eden` with the given description. */
const taskFile = (id: string, description: string) => {
  const { task } = parseTaskFile(
    `# Task: ${id}\n\n## Metadata\n- **Status:** in_progress\n- **Created:** 2026-01-01T00:00:00Z\n\n## Description\n${description}\n`,
    id,
  );
  if (task === null) throw new Error("no task");
  return { agentId: "eden", file: `tasks/${id}.md`, record: task };
};
/** A history entry of `eden` for the task, with the given description. */
const history = (id: string, description: string) =>
  parseHistory(
    `## [2026-01-01T00:00:00Z] ${description}\n\n**Task ID:** ${id}\n**Status:** completed\n`,
  ).entries.map((record) => ({ agentId: "eden", file: "h.md", record }));
/** A task signal of the task in its own work session, the session's only event. */
const taskSignal = (line: number, taskId: string) =>
  readEvent(
    {
      type: "task.started",
      agentId: "eden",
      ts: 1_772_000_000_000 + line,
      data: { taskId, workSessionId: `ws_${taskId}` },
    },
    "logs/events.ndjson",
    line,
  );

describe("distinctEvents", () => {
  it("drops copies, then classifies the distinct events with the main agents the input names", () => {
    const talk = send(1, { toAgent: "seum", conversationId: "c1", message: "배포 점검" });
    const { events, duplicates } = distinctEvents({
      events: [talk, { ...talk, line: 2 }],
      mainAgents: ["eden", "main", "seum"],
    });
    expect(duplicates).toBe(1);
    expect(events.map((e) => e.eventRole)).toEqual(["conversation.main"]);
  });
});

describe("analyze", () => {
  it("classifies the distinct events with the main agents the input names", () => {
    const talk = send(1, {
      toAgent: "seum",
      workSessionId: "ws_a",
      conversationId: "c1",
      message: "배포 점검",
    });
    const alone = analyze(input({ events: [talk] }), NOW);
    const named = analyze(input({ events: [talk], mainAgents: ["eden", "main", "seum"] }), NOW);
    expect(alone.events[0]?.eventRole).toBe("delegation.subagent");
    expect(named.events[0]?.eventRole).toBe("conversation.main");
  });

  it("counts copies once, and adds the analysis's findings to their file's count", () => {
    const event = send(1, { workSessionId: "ws_a" });
    const copy = { ...event, line: 2 };
    const { report, events } = analyze(input({ events: [event, copy] }), NOW);
    expect(events).toHaveLength(1);
    expect(report.input).toMatchObject({ events: 1, duplicates: 1 });

    // The same producer id on a second line whose content differs.
    const heartbeat = {
      id: "e1",
      version: "1.1",
      type: "heartbeat",
      source: "synthetic",
      workspace_id: "w",
      terminal_session_id: "t",
      agent_id: "a",
    };
    const reused = readEvent({ ...heartbeat, ts: "2026-03-01T00:00:00Z" }, "logs/events.ndjson", 3);
    const changed = readEvent({ ...heartbeat, ts: "2026-03-01T00:00:01Z" }, "logs/events.ndjson", 4);
    const found = analyze(input({ events: [reused, changed] }), NOW).report.input;
    expect(found.errors).toHaveLength(1);
    expect(found.files[0]?.errors).toBe(1);
  });

  it("makes a Report that passes its schema, judged against now, and hands on what the site needs", () => {
    const talk = send(1, {
      toAgent: "seum",
      workSessionId: "ws_a",
      conversationId: "c1",
      taskId: "task_a",
      message: "hi",
    });
    const analysis = analyze(input({ events: [talk], mentionNames: { "123": "eden" } }), NOW);
    expect(Report.safeParse(analysis.report).success).toBe(true);
    expect(analysis.report.generatedAt).toBe("2026-03-09T00:00:00.000Z");
    expect(analysis.sessionEvents.get("ws_a")).toEqual(analysis.events);
    expect(analysis.taskEvents.get("task_a")).toEqual(analysis.events);
    expect(analysis.mentionNames.get("123")).toBe("eden");
  });

  it("of some of a log's events, builds the sessions it is told to as a whole analysis does, and leaves the log's sums empty", () => {
    const events = [
      send(1, { toAgent: "main", workSessionId: "ws-1", conversationId: "c-1", message: "deploy" }),
      send(2, { toAgent: "main", workSessionId: "ws-2", conversationId: "c-2", message: "review" }),
      send(3, { toAgent: "main", workSessionId: "ws-1", conversationId: "c-1", message: "again" }),
    ];
    const whole = analyzeStages(input({ events }), NOW);
    expect(whole.analysis.report.agents.length).toBeGreaterThan(0);
    expect(whole.analysis.report.queueContention.length + whole.waits.length).toBeGreaterThan(0);
    const some = analyzeStages(input({ events }), NOW, undefined, {
      logEndMs: events[2]!.ts,
      ties: { byConversation: new Map(), byTask: new Map() },
      nextSessions: new Map(),
      sessions: new Set(["ws-1"]),
    });
    const report = some.analysis.report;
    expect(report.workSessions).toEqual(
      whole.analysis.report.workSessions.filter((s) => s.workSessionId === "ws-1"),
    );
    expect(report.agents).toEqual([]);
    expect(report.queueContention).toEqual([]);
    expect(report.weeks).toEqual([]);
    expect(some.waits).toEqual([]);
    expect(some.agentTallies.size).toBe(0);
  });

  it("gives the same value for the same input and now", () => {
    const events = [
      send(1, { workSessionId: "ws_a", message: "a" }),
      send(2, { workSessionId: "ws_b", message: "b" }),
    ];
    expect(JSON.stringify(analyze(input({ events }), NOW).report)).toBe(
      JSON.stringify(analyze(input({ events: [...events].reverse() }), NOW).report),
    );
  });

  it("titles a session of task signals only by its task's description: its file's, else its first history entry's", () => {
    const analysis = analyze(
      input({
        events: [taskSignal(1, "task_a"), taskSignal(2, "task_h"), taskSignal(3, "task_e")],
        taskFiles: [taskFile("task_a", "from the file")],
        history: [
          ...history("task_a", "archived"),
          ...history("task_h", "first"),
          ...history("task_h", "second"),
        ],
      }),
      NOW,
    );
    const titles = new Map(analysis.report.workSessions.map((s) => [s.workSessionId, s.title]));
    expect(titles.get("ws_task_a")).toBe("from the file");
    expect(titles.get("ws_task_h")).toBe("first");
    expect(titles.get("ws_task_e")).toBe(UNTITLED_SESSION);
    expect([...analysis.untitledSessions]).toEqual(["ws_task_e"]);
  });

  it("tells an untitled session from one whose own goal reads as the untitled title", () => {
    const analysis = analyze(
      input({
        events: [
          send(1, { toAgent: "seum", workSessionId: "ws_goal", message: `[Goal] ${UNTITLED_SESSION}` }),
          send(2, { toAgent: "seum", workSessionId: "ws_bare", message: "task_abc" }),
        ],
      }),
      NOW,
    );
    const titles = analysis.report.workSessions.map((s) => s.title);
    expect(titles).toEqual([UNTITLED_SESSION, UNTITLED_SESSION]);
    expect([...analysis.untitledSessions]).toEqual(["ws_bare"]);
  });

  it("reads one file per task: a second file with the same id is a finding on that file, not merged", () => {
    const first = taskFile("task_a", "A");
    const second = { ...taskFile("task_a", "B"), agentId: "seum", file: "tasks/z/task_a.md" };
    const files = [
      { path: first.file, kind: "task" as const, bytes: 1, lines: 1, events: 0, errors: 0 },
      { path: second.file, kind: "task" as const, bytes: 1, lines: 1, events: 0, errors: 0 },
    ];
    const analysis = analyze(input({ files, taskFiles: [first, second] }), NOW);
    expect(analysis.report.tasks.map((t) => [t.taskId, t.agentId, t.description])).toEqual([
      ["task_a", "eden", "A"],
    ]);
    expect(analysis.taskFiles.get("task_a")?.file).toBe("tasks/task_a.md");
    expect(analysis.report.input.errors).toEqual([
      {
        file: "tasks/z/task_a.md",
        line: 0,
        reason:
          'task "task_a" is also in tasks/task_a.md, which is kept as the first in path order; this file was not merged',
      },
    ]);
    expect(analysis.report.input.files.map((f) => [f.path, f.errors])).toEqual([
      ["tasks/task_a.md", 0],
      ["tasks/z/task_a.md", 1],
    ]);
  });

  it("analyzes sessions, tasks, agents and conversations whose ids name Object.prototype members", () => {
    const ids = ["constructor", "__proto__", "toString", "hasOwnProperty"];
    const events = ids.flatMap((id, i) => [
      send(2 * i + 1, {
        toAgent: id,
        conversationId: id,
        workSessionId: id,
        taskId: id,
        message: "배포 점검",
      }),
      taskSignal(2 * i + 2, id),
    ]);
    const analysis = analyze(
      input({
        events,
        taskFiles: ids.map((id) => taskFile(id, `task ${id}`)),
        history: ids.flatMap((id) => history(id, `task ${id}`)),
        mainAgents: ["main", ...ids],
        mentionNames: JSON.parse('{"__proto__": "x"}') as Record<string, string>,
      }),
      NOW,
    );
    const report = Report.parse(analysis.report);
    const sessions = new Map(report.workSessions.map((s) => [s.workSessionId, s]));
    for (const id of ids) {
      expect(sessions.get(id)?.categorySource, id).not.toBe("manual_override");
      expect(analysis.sessionEvents.get(id)?.length, id).toBeGreaterThan(0);
      expect(analysis.taskFiles.get(id)?.record.id, id).toBe(id);
    }
    expect(report.tasks.map((t) => t.taskId).sort()).toEqual([...ids].sort());
    expect(report.agents.map((a) => a.agentId)).toEqual(expect.arrayContaining(ids));
    expect(analysis.mentionNames.get("__proto__")).toBe("x");
    expect(analysis.mentionNames.get("constructor")).toBeUndefined();
  });

  it("hands on each task's file by task id", () => {
    const analysis = analyze(input({ taskFiles: [taskFile("task_a", "A")] }), NOW);
    expect(analysis.taskFiles.get("task_a")?.file).toBe("tasks/task_a.md");
  });

  it("dates a hook capture without times from the transcript and joins both into one Claude Code session", () => {
    const at = (seconds: number) =>
      new Date(Date.parse("2026-03-02T10:00:00Z") + seconds * 1000).toISOString();
    const entry = (line: number, fields: Record<string, unknown>) =>
      readEvent(
        { uuid: `u${line}`, sessionId: "cc-1", timestamp: at(line), isSidechain: false, ...fields },
        "projects/-home-a/cc-1.jsonl",
        line,
      );
    const transcript = [
      entry(1, { type: "user", message: { role: "user", content: "Fix the failing login test" } }),
      entry(2, {
        type: "assistant",
        message: {
          id: "msg_1",
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_B", name: "Bash", input: { command: "npm test" } }],
        },
      }),
      entry(3, {
        type: "user",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_B", content: "1 failed" }],
        },
      }),
    ];
    const payload = {
      session_id: "cc-1",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_use_id: "toolu_B",
    };
    const capture = [
      readEvent(payload, "logs/pre_tool_use.json", 2),
      readEvent(
        { session_id: "cc-9", hook_event_name: "Notification", message: "idle" },
        "logs/pre_tool_use.json",
        9,
      ),
    ];
    const files = [
      { path: "logs/pre_tool_use.json", kind: "events" as const, bytes: 10, lines: 10, events: 2, errors: 0 },
      {
        path: "projects/-home-a/cc-1.jsonl",
        kind: "events" as const,
        bytes: 10,
        lines: 3,
        events: 3,
        errors: 0,
      },
    ];
    const { report, events } = analyze(input({ files, events: [...capture, ...transcript] }), NOW);
    const hook = events.find((e) => e.file === "logs/pre_tool_use.json" && e.line === 2);
    expect(hook).toMatchObject({ ts: Date.parse(at(2)), tsEstimated: true, conversationId: "cc-1" });
    expect(events.find((e) => e.line === 9)).toMatchObject({ ts: Date.parse(at(2)), undated: true });
    expect(report.input.errors).toContainEqual({
      file: "logs/pre_tool_use.json",
      line: 2,
      reason:
        "2 event(s) carry no time: 1 dated by the transcript entry of the same tool call, 0 by other events of their session, 1 left undated as nothing tied to them has a time",
    });
    expect(report.input.files[0]?.errors).toBe(1);
    const session = report.workSessions.find((s) => s.workSessionId === "cc-1");
    expect(session?.eventCount).toBe(4);
    expect(session?.roleCounts["conversation.main"]).toBe(1);
    expect(report.weeks.map((w) => w.week)).toEqual(["2026-W10"]);
  });
});
