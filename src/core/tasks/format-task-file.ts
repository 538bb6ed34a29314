import { markerOfStatus } from "./markers.ts";
import { FOOTER, JSON_SECTIONS, METADATA_FIELDS } from "./sections.ts";
import type { TaskFile } from "./task-file.ts";

/**
 * Writes a task file exactly as the OpenClaw task tools do: the same sections in the same order,
 * blank lines between them, JSON blocks in fences, the footer, and no trailing newline. A file the
 * tools wrote parses and formats back to the same bytes.
 */
export function formatTaskFile(task: TaskFile): string {
  const lines = [`# Task: ${task.id}`, "", "## Metadata"];
  for (const [label, field] of METADATA_FIELDS) {
    const value = task[field];
    if (value !== undefined) lines.push(`- **${label}:** ${value}`);
  }
  if (task.unblockedBy !== undefined) lines.push(`- **Unblocked By:** ${task.unblockedBy.join(", ")}`);
  for (const bullet of task.extraMetadata) lines.push(`- **${bullet.label}:** ${bullet.value}`);

  lines.push("", "## Description", task.description, "");
  if (task.context !== undefined) lines.push("## Context", task.context, "");
  if (task.steps !== null && task.steps.length > 0) {
    lines.push("## Steps");
    for (const step of task.steps)
      lines.push(`- [${markerOfStatus(step.status)}] (${step.id}) ${step.content}`);
    lines.push("");
  }
  lines.push("## Progress");
  for (const item of task.progress) lines.push(`- ${item}`);
  lines.push("", "## Last Activity", task.lastActivity, "");

  for (const section of JSON_SECTIONS) {
    const value = task[jsonField(section)];
    if (value !== undefined) lines.push(`## ${section}`, "```json", JSON.stringify(value), "```", "");
  }
  for (const extra of task.extraSections) lines.push(`## ${extra.name}`, extra.body, "");
  lines.push("---", FOOTER);
  return lines.join("\n");
}

export function jsonField(
  section: (typeof JSON_SECTIONS)[number],
): "blocking" | "backlog" | "outcome" | "delegations" {
  return section.toLowerCase() as "blocking" | "backlog" | "outcome" | "delegations";
}
