/**
 * The sections of a task file in the order the task tools write them
 * (docs/formats.md#task-file-layout). Headings are matched case-insensitively, and only these names
 * start a section: a description may itself contain markdown headings.
 */
export const TASK_SECTIONS = [
  "Metadata",
  "Description",
  "Context",
  "Steps",
  "Progress",
  "Last Activity",
  "Blocking",
  "Backlog",
  "Outcome",
  "Delegations",
] as const;
export type TaskSection = (typeof TASK_SECTIONS)[number];

/** Sections whose body is one line of JSON inside a ```json fence. */
export const JSON_SECTIONS = ["Blocking", "Backlog", "Outcome", "Delegations"] as const;

/** The metadata bullets workscope reads, by label, and the TaskFile field each fills. */
export const METADATA_FIELDS = [
  ["Status", "status"],
  ["Priority", "priority"],
  ["Created", "created"],
  ["Source", "source"],
  ["Work Session", "workSessionId"],
  ["Previous Work Session", "previousWorkSessionId"],
  ["Created By Session", "createdBySession"],
  ["Simple", "simple"],
  ["Blocked Reason", "blockedReason"],
] as const;

/** The footer line the task tools end every file with, after a `---` rule. */
export const FOOTER = "*Managed by task tools*";

export function sectionOfHeading(line: string): TaskSection | null {
  if (!line.startsWith("## ")) return null;
  const name = line.slice(3).trim().toLowerCase();
  return TASK_SECTIONS.find((s) => s.toLowerCase() === name) ?? null;
}
