import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatTaskFile } from "../../../src/core/tasks/format-task-file.ts";
import { STEP_MARKERS } from "../../../src/core/tasks/markers.ts";
import { parseTaskFile } from "../../../src/core/tasks/parse-task-file.ts";

/** A task file in the tools' exact format: every section, JSON blocks, no trailing newline. */
const FULL = [
  "# Task: task_0123456789abcdef0123",
  "",
  "## Metadata",
  "- **Status:** blocked",
  "- **Priority:** high",
  "- **Created:** 2026-02-13T12:00:00.000Z",
  "- **Source:** request:eden",
  "- **Work Session:** ws_abc",
  "- **Previous Work Session:** ws_prev",
  "- **Created By Session:** agent:seum:main",
  "- **Simple:** true",
  "",
  "## Description",
  "OAuth 로그인 구현",
  "두 번째 줄",
  "",
  "## Context",
  "Discord #dev 요청",
  "",
  "## Steps",
  "- [x] (s1) 기존 auth 구조 파악",
  "- [>] (s2) Google OAuth strategy 추가",
  "- [ ] (s3) GitHub OAuth callback 구현",
  "- [-] (s4) 통합 테스트 통과 확인",
  "",
  "## Progress",
  "- Task started",
  "- Steps set: 4 steps defined",
  "- [s1] 기존 auth 구조 파악 — completed",
  "- [BLOCKED] 스테이징 권한 필요",
  "",
  "## Last Activity",
  "2026-02-13T12:30:00.000Z",
  "",
  "## Blocking",
  "```json",
  '{"blockedReason":"스테이징 권한 필요","unblockedBy":["seum"],"unblockRequestCount":1}',
  "```",
  "",
  "## Backlog",
  "```json",
  '{"createdBy":"eden","assignee":"ieum","dependsOn":[]}',
  "```",
  "",
  "## Outcome",
  "```json",
  '{"kind":"error","error":"boom","retriable":true}',
  "```",
  "",
  "## Delegations",
  "```json",
  '{"delegations":[{"runId":"r1","agentId":"explorer"}],"events":[],"summary":{"total":1}}',
  "```",
  "",
  "---",
  "*Managed by task tools*",
].join("\n");

describe("parseTaskFile", () => {
  it("reads every section and metadata bullet", () => {
    const { task, problems } = parseTaskFile(FULL, "task_x");
    expect(problems).toEqual([]);
    expect(task).toMatchObject({
      id: "task_0123456789abcdef0123",
      status: "blocked",
      priority: "high",
      created: "2026-02-13T12:00:00.000Z",
      source: "request:eden",
      workSessionId: "ws_abc",
      previousWorkSessionId: "ws_prev",
      createdBySession: "agent:seum:main",
      simple: "true",
      description: "OAuth 로그인 구현\n두 번째 줄",
      context: "Discord #dev 요청",
      lastActivity: "2026-02-13T12:30:00.000Z",
      blocking: { blockedReason: "스테이징 권한 필요", unblockedBy: ["seum"], unblockRequestCount: 1 },
      backlog: { createdBy: "eden", assignee: "ieum", dependsOn: [] },
      outcome: { kind: "error", error: "boom", retriable: true },
      delegations: { delegations: [{ runId: "r1", agentId: "explorer" }], events: [], summary: { total: 1 } },
    });
    expect(task?.steps?.map((s) => s.status)).toEqual(["done", "in_progress", "pending", "skipped"]);
    expect(task?.progress).toHaveLength(4);
  });

  it("formats back to the same bytes", () => {
    const { task } = parseTaskFile(FULL, "task_x");
    expect(task && formatTaskFile(task)).toBe(FULL);
  });

  it("round-trips every task file of the bundled sample byte for byte", () => {
    const root = path.resolve(import.meta.dirname, "../../../content/sample");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) =>
      /tasks[/\\]task_\w+\.md$/.test(f),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(path.join(root, file), "utf8");
      const { task, problems } = parseTaskFile(text, "x");
      expect(problems, file).toEqual([]);
      expect(task && formatTaskFile(task), file).toBe(text);
    }
  });

  it.each(STEP_MARKERS.map(([marker, status]) => [marker, status] as const))(
    "reads the step marker [%s] as %s",
    (marker, status) => {
      const text = FULL.replace("- [x] (s1)", `- [${marker}] (s1)`);
      expect(parseTaskFile(text, "x").task?.steps?.[0]?.status).toBe(status);
    },
  );

  it("keeps a markdown heading inside the description as description text", () => {
    const text = FULL.replace("두 번째 줄", "## 배경\n세 번째 줄");
    const { task } = parseTaskFile(text, "x");
    expect(task?.description).toBe("OAuth 로그인 구현\n## 배경\n세 번째 줄");
    expect(task && formatTaskFile(task)).toBe(text);
  });

  it("reads the legacy inline blocking bullets and writes them back", () => {
    const text = FULL.replace(
      "- **Simple:** true",
      "- **Simple:** true\n- **Blocked Reason:** 권한 필요\n- **Unblocked By:** seum, ieum",
    );
    const { task } = parseTaskFile(text, "x");
    expect(task).toMatchObject({ blockedReason: "권한 필요", unblockedBy: ["seum", "ieum"] });
    expect(task && formatTaskFile(task)).toBe(text);
  });

  it("keeps metadata bullets and sections it does not know", () => {
    const text = FULL.replace("- **Simple:** true", "- **Simple:** true\n- **Harness:** p1").replace(
      "\n---\n*Managed",
      "\n## Notes\nfree text\n\n---\n*Managed",
    );
    const { task, problems } = parseTaskFile(text, "x");
    expect(problems).toEqual([]);
    expect(task?.extraMetadata).toEqual([{ label: "Harness", value: "p1" }]);
    expect(task?.extraSections).toEqual([{ name: "Notes", body: "free text" }]);
    expect(task && formatTaskFile(task)).toBe(text);
  });

  it("reads CRLF files", () => {
    expect(parseTaskFile(FULL.replaceAll("\n", "\r\n"), "x").task?.status).toBe("blocked");
  });

  it("reports an unknown status on the metadata's first line and keeps the task", () => {
    const { task, problems } = parseTaskFile(FULL.replace("**Status:** blocked", "**Status:** paused"), "x");
    expect(task?.status).toBe("paused");
    expect(problems).toEqual([
      { line: 4, reason: expect.stringMatching(/^unknown task status "paused"/) as unknown as string },
    ]);
  });

  it("reports a missing Created time and a broken JSON block, by line", () => {
    const text = FULL.replace("- **Created:** 2026-02-13T12:00:00.000Z\n", "").replace(
      '{"createdBy"',
      '{createdBy"',
    );
    const { problems } = parseTaskFile(text, "x");
    expect(problems).toContainEqual({ line: 4, reason: "task has no Created time" });
    expect(problems).toContainEqual({
      line: 40,
      reason: "the Backlog block is not a JSON object in a ```json fence",
    });
  });

  it("reports a Created or Last Activity that is no time a date can hold, by line, and keeps the task", () => {
    const text = FULL.replace(
      "- **Created:** 2026-02-13T12:00:00.000Z",
      "- **Created:** +275760-09-13T00:00:00.001Z",
    )
      .split("\n")
      .map((line, i, all) => (all[i - 1] === "## Last Activity" ? "yesterday" : line))
      .join("\n");
    const { task, problems } = parseTaskFile(text, "x");
    expect(task?.created).toBe("+275760-09-13T00:00:00.001Z");
    const lastActivityLine = FULL.split("\n").indexOf("## Last Activity") + 2;
    expect(problems).toEqual([
      {
        line: 6,
        reason:
          'Created: the time "+275760-09-13T00:00:00.001Z" is not an ISO-8601 time of the years 0000–9999',
      },
      {
        line: lastActivityLine,
        reason: 'Last Activity: the time "yesterday" is not an ISO-8601 time of the years 0000–9999',
      },
    ]);
  });

  it("reports a step line it cannot read, by line", () => {
    const { problems } = parseTaskFile(FULL.replace("- [ ] (s3)", "- [?] (s3)"), "x");
    expect(problems).toEqual([
      { line: 23, reason: expect.stringMatching(/^step line not understood/) as unknown as string },
    ]);
  });

  it("uses the file name when the heading is missing, and says when there is no task at all", () => {
    expect(parseTaskFile(FULL.split("\n").slice(1).join("\n"), "task_from_name").task?.id).toBe(
      "task_from_name",
    );
    expect(parseTaskFile("*(No task)*", "x")).toEqual({
      task: null,
      problems: [{ line: 0, reason: "not a task file: no sections found" }],
    });
  });

  it("continues a multi-line progress item", () => {
    const { task } = parseTaskFile(FULL.replace("- Task started", "- Task started\n  with detail"), "x");
    expect(task?.progress[0]).toBe("Task started\n  with detail");
  });
});
