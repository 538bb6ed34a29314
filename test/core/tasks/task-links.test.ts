import { describe, expect, it } from "vitest";
import { parseTaskFile } from "../../../src/core/tasks/parse-task-file.ts";
import { taskLinksOf } from "../../../src/core/tasks/task-links.ts";

const taskFile = (id: string, description: string, meta: string) => {
  const { task } = parseTaskFile(
    `# Task: ${id}\n\n## Metadata\n- **Status:** in_progress\n- **Created:** 2026-01-01T00:00:00Z\n${meta}\n## Description\n${description}\n`,
    id,
  );
  if (task === null) throw new Error("no task");
  return { agentId: "eden", file: `tasks/${id}.md`, record: task };
};

describe("taskLinksOf", () => {
  it("gives each task file's work session and the session it continues", () => {
    const links = taskLinksOf({
      taskFiles: [
        taskFile("task_a", "A", "- **Work Session:** ws_2\n- **Previous Work Session:** ws_1\n"),
        taskFile("task_b", "B", ""),
      ],
    });
    expect([...links.sessionOfTask]).toEqual([["task_a", "ws_2"]]);
    expect([...links.previousSession]).toEqual([["ws_2", "ws_1"]]);
  });
});
