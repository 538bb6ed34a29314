import { describe, expect, it } from "vitest";
import { parseHistory } from "../../../src/core/tasks/history.ts";

const entry = (iso: string, description: string, id: string, summary: string, context?: string) =>
  [
    "",
    "---",
    "",
    `## [${iso}] ${description}`,
    "",
    ...(context ? [`**Context:** ${context}`] : []),
    `**Task ID:** ${id}`,
    "**Priority:** high",
    "**Started:** 2026-02-01T10:00:00.000Z",
    `**Completed:** ${iso}`,
    "**Duration:** 1h 5m",
    "",
    "### Progress",
    "- Task started",
    "- Task completed",
    "",
    "### Summary",
    summary,
  ].join("\n");

const FILE = `# Task History - February 2026\n${entry("2026-02-01T11:05:00.000Z", "첫 작업", "task_a", "완료했습니다.\n두 줄 요약", "멀티\n라인 컨텍스트")}${entry("2026-02-02T09:00:00.000Z", "둘째 작업", "task_b", "Cancelled: 요구사항 변경")}`;

describe("parseHistory", () => {
  it("reads each entry with its fields, progress and summary", () => {
    const { entries, problems } = parseHistory(FILE);
    expect(problems).toEqual([]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      taskId: "task_a",
      description: "첫 작업",
      archivedAt: "2026-02-01T11:05:00.000Z",
      status: "completed",
      priority: "high",
      started: "2026-02-01T10:00:00.000Z",
      completed: "2026-02-01T11:05:00.000Z",
      duration: "1h 5m",
      context: "멀티\n라인 컨텍스트",
      progress: ["Task started", "Task completed"],
      summary: "완료했습니다.\n두 줄 요약",
      line: 5,
    });
  });

  it("reads a summary starting Cancelled as a cancelled task (no status is written)", () => {
    expect(parseHistory(FILE).entries[1]).toMatchObject({
      taskId: "task_b",
      status: "cancelled",
      summary: "Cancelled: 요구사항 변경",
    });
  });

  it("reads the legacy TASK_HISTORY.md, which has another header", () => {
    const { entries } = parseHistory(
      `# Task History\n${entry("2026-01-20T00:00:00.000Z", "legacy", "task_old", "done")}`,
    );
    expect(entries.map((e) => e.taskId)).toEqual(["task_old"]);
  });

  it("reports an entry without a Task ID at its heading's line, and reads the others", () => {
    const broken = FILE.replace("**Task ID:** task_a\n", "");
    const { entries, problems } = parseHistory(broken);
    expect(entries.map((e) => e.taskId)).toEqual(["task_b"]);
    expect(problems).toEqual([{ line: 5, reason: "history entry has no **Task ID:** line" }]);
  });

  it("reports an entry with an empty Task ID, blank or spaces, and makes no task of it", () => {
    for (const blank of ["", "   "]) {
      const broken = FILE.replace("**Task ID:** task_a\n", `**Task ID:**${blank}\n`);
      const { entries, problems } = parseHistory(broken);
      expect(
        entries.map((e) => e.taskId),
        JSON.stringify(blank),
      ).toEqual(["task_b"]);
      expect(problems).toEqual([{ line: 5, reason: "history entry has an empty **Task ID:** line" }]);
    }
  });

  it("reports a heading, Started or Completed time outside the years 0000–9999, by line, and keeps the entry", () => {
    const broken = FILE.replace("## [2026-02-01T11:05:00.000Z]", "## [soon]")
      .replace("**Started:** 2026-02-01T10:00:00.000Z", "**Started:** +275760-09-13T00:00:00.001Z")
      .replace("**Completed:** 2026-02-02T09:00:00.000Z", "**Completed:** later");
    const { entries, problems } = parseHistory(broken);
    expect(entries.map((e) => e.taskId)).toEqual(["task_a", "task_b"]);
    expect(problems).toEqual([
      {
        line: 5,
        reason: 'the heading\'s time: the time "soon" is not an ISO-8601 time of the years 0000–9999',
      },
      {
        line: 11,
        reason:
          'Started: the time "+275760-09-13T00:00:00.001Z" is not an ISO-8601 time of the years 0000–9999',
      },
      { line: 29, reason: 'Completed: the time "later" is not an ISO-8601 time of the years 0000–9999' },
    ]);
  });

  it("reads an empty month file as no entries", () => {
    expect(parseHistory("# Task History - March 2026\n")).toEqual({ entries: [], problems: [] });
  });
});
