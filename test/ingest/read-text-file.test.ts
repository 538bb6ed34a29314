import path from "node:path";
import { describe, expect, it } from "vitest";
import type { InputKind } from "../../src/core/input.ts";
import { readTextFile } from "../../src/ingest/read-text-file.ts";
import { tmpTree } from "../helpers/tmp.ts";

async function read(name: string, kind: InputKind, content: string) {
  const dir = tmpTree({ [name]: content });
  const read = await readTextFile({ absPath: path.join(dir, name), path: name, kind, agentId: "eden" });
  return { content: read.content, findings: read.findings, file: read.file };
}

describe("readTextFile", () => {
  it("reads a task file for its workspace's agent, named by its file when the heading is gone", async () => {
    const { content, file } = await read(
      "workspace-eden/tasks/task_abc.md",
      "task",
      "## Metadata\n- **Status:** pending\n- **Priority:** low\n- **Created:** 2026-01-01T00:00:00Z\n\n## Description\nx",
    );
    expect(content.taskFiles?.[0]).toMatchObject({
      agentId: "eden",
      file: "workspace-eden/tasks/task_abc.md",
      record: { id: "task_abc", status: "pending" },
    });
    expect(file).toMatchObject({ kind: "task", lines: 7, events: 1, errors: 0 });
  });

  it("reports an unknown task status with its line and keeps the task", async () => {
    const { content, findings } = await read(
      "t/task_a.md",
      "task",
      "# Task: task_a\n\n## Metadata\n- **Status:** snoozed\n- **Created:** 2026-01-01T00:00:00Z\n\n## Description\nx",
    );
    expect(content.taskFiles).toHaveLength(1);
    expect(findings).toEqual([
      {
        file: "t/task_a.md",
        line: 4,
        reason: expect.stringMatching(/^unknown task status "snoozed"/) as unknown as string,
      },
    ]);
  });

  it("reads openclaw.json as JSON5 and adds its main agents", async () => {
    const { content, findings } = await read(
      "openclaw.json",
      "openclaw-config",
      "{ // comment\n agents: { list: [{ id: 'eden' }, { id: 'seum' },] } }",
    );
    expect(findings).toEqual([]);
    expect(content.mainAgents).toEqual(["eden", "main", "seum"]);
  });

  it("reports a broken openclaw.json with its line, and names no main agents", async () => {
    const { content, findings } = await read(
      "openclaw.json",
      "openclaw-config",
      "{\n agents: {\n list: [ }\n}",
    );
    expect(content.mainAgents).toBeUndefined();
    expect(findings[0]).toMatchObject({
      file: "openclaw.json",
      line: 3,
      reason: expect.stringMatching(/^not valid JSON5/) as unknown as string,
    });
  });

  it("reads overrides and reports a bad entry", async () => {
    const { content, findings } = await read(
      "o.json",
      "category-overrides",
      JSON.stringify({
        ws_a: { collabCategory: "qa_validation", updatedAt: "2026-03-01T00:00:00Z" },
        ws_b: { collabCategory: "x" },
      }),
    );
    expect(Object.keys(content.overrides ?? {})).toEqual(["ws_a"]);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.reason).toMatch(/^override for "ws_b"/);
  });

  it("reports a CURRENT_TASK.md in neither form", async () => {
    const { content, findings } = await read(
      "workspace-eden/CURRENT_TASK.md",
      "current-task",
      "something else",
    );
    expect(content.currentTasks?.[0]?.record.state).toBe("unknown");
    expect(findings[0]?.reason).toBe("CURRENT_TASK.md is in neither of the forms the task tools write");
  });

  it("reports a history entry without a task id on its heading's line", async () => {
    const { content, findings } = await read(
      "h/2026-02.md",
      "task-history",
      "# Task History - February 2026\n\n---\n\n## [2026-02-01T00:00:00Z] x\n\n**Priority:** low\n",
    );
    expect(content.history).toEqual([]);
    expect(findings).toEqual([
      { file: "h/2026-02.md", line: 5, reason: "history entry has no **Task ID:** line" },
    ]);
  });
});
