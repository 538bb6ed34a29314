import { describe, expect, it } from "vitest";
import { formatTaskFile, jsonField } from "../../../src/core/tasks/format-task-file.ts";
import { parseTaskFile } from "../../../src/core/tasks/parse-task-file.ts";
import type { TaskFile } from "../../../src/core/tasks/task-file.ts";

/** The least a task file holds: no optional bullets, no steps, no JSON blocks. */
const MINIMAL: TaskFile = {
  id: "task_1",
  status: "pending",
  priority: "medium",
  created: "2026-02-13T12:00:00.000Z",
  extraMetadata: [],
  description: "Fix the flaky login test",
  steps: null,
  progress: ["Task started"],
  lastActivity: "2026-02-13T12:00:00.000Z",
  extraSections: [],
};

describe("formatTaskFile", () => {
  it("writes the sections in the tools' order, blank lines between, the footer last and no final newline", () => {
    expect(formatTaskFile(MINIMAL)).toBe(
      [
        "# Task: task_1",
        "",
        "## Metadata",
        "- **Status:** pending",
        "- **Priority:** medium",
        "- **Created:** 2026-02-13T12:00:00.000Z",
        "",
        "## Description",
        "Fix the flaky login test",
        "",
        "## Progress",
        "- Task started",
        "",
        "## Last Activity",
        "2026-02-13T12:00:00.000Z",
        "",
        "---",
        "*Managed by task tools*",
      ].join("\n"),
    );
  });

  it("writes steps with their markers, legacy and unknown bullets, JSON blocks on one line and unknown sections", () => {
    const text = formatTaskFile({
      ...MINIMAL,
      status: "blocked",
      workSessionId: "ws_1",
      unblockedBy: ["seum", "ieum"],
      extraMetadata: [{ label: "Owner", value: "eden" }],
      context: "Discord #dev",
      steps: [
        { id: "s1", content: "Reproduce", status: "done" },
        { id: "s2", content: "Fix", status: "in_progress" },
        { id: "s3", content: "Verify", status: "pending" },
        { id: "s4", content: "Document", status: "skipped" },
      ],
      blocking: { blockedReason: "needs access", unblockedBy: ["seum"] },
      outcome: { kind: "error", error: "boom" },
      extraSections: [{ name: "Notes", body: "line one\nline two" }],
    });
    const lines = text.split("\n");
    expect(lines.slice(3, 9)).toEqual([
      "- **Status:** blocked",
      "- **Priority:** medium",
      "- **Created:** 2026-02-13T12:00:00.000Z",
      "- **Work Session:** ws_1",
      "- **Unblocked By:** seum, ieum",
      "- **Owner:** eden",
    ]);
    expect(text).toContain(
      "## Context\nDiscord #dev\n\n## Steps\n- [x] (s1) Reproduce\n- [>] (s2) Fix\n- [ ] (s3) Verify\n- [-] (s4) Document\n\n## Progress",
    );
    expect(text).toContain(
      '## Blocking\n```json\n{"blockedReason":"needs access","unblockedBy":["seum"]}\n```\n\n## Outcome\n```json\n{"kind":"error","error":"boom"}\n```\n\n## Notes\nline one\nline two\n\n---',
    );
    expect(text).not.toContain("## Backlog");
  });

  it("leaves out a Steps section that has no steps", () => {
    expect(formatTaskFile({ ...MINIMAL, steps: [] })).not.toContain("## Steps");
  });

  it("writes what parseTaskFile reads back as the same task", () => {
    const task: TaskFile = {
      ...MINIMAL,
      source: "request:eden",
      steps: [{ id: "s1", content: "Reproduce", status: "done" }],
      backlog: { createdBy: "eden", dependsOn: [] },
    };
    const parsed = parseTaskFile(formatTaskFile(task), "fallback");
    expect(parsed.problems).toEqual([]);
    expect(parsed.task).toEqual(task);
  });
});

describe("jsonField", () => {
  it("names the TaskFile field each JSON section fills", () => {
    expect(jsonField("Blocking")).toBe("blocking");
    expect(jsonField("Delegations")).toBe("delegations");
  });
});
