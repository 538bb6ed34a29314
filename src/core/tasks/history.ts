import * as z from "zod";
import { readTime } from "../time.ts";

/**
 * One entry of a task-history file: a task the tools archived when it ended (see
 * docs/formats.md#task-history).
 */
export const HistoryEntry = z.object({
  /** The `**Task ID:**` field; never empty, as an entry with an empty one is a finding instead. */
  taskId: z.string().min(1),
  /** The description from the entry's heading (it may span several lines). */
  description: z.string(),
  /** The time in the heading: when the task was archived, ISO-8601. */
  archivedAt: z.string(),
  /** `completed`, or `cancelled` when the summary starts with `Cancelled` (no status is written). */
  status: z.enum(["completed", "cancelled"]),
  /** The `**Priority:**` field. */
  priority: z.string().optional(),
  /** The `**Started:**` field: when the task was created. */
  started: z.string().optional(),
  /** The `**Completed:**` field. */
  completed: z.string().optional(),
  /** The `**Duration:**` field as written, e.g. `1h 5m`. */
  duration: z.string().optional(),
  /** The `**Context:**` field, when the task had one. */
  context: z.string().optional(),
  /** The `### Progress` lines, without their bullets. */
  progress: z.array(z.string()),
  /** The `### Summary` text, when there is one. */
  summary: z.string().optional(),
  /** The 1-based line of the entry's heading. */
  line: z.number().int().positive(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

const HEADING = /^## \[([^\]]+)\] ?(.*)$/;
const FIELD = /^\*\*(Task ID|Priority|Started|Completed|Duration|Context):\*\* ?(.*)$/;
const FIELD_KEYS = {
  "Task ID": "taskId",
  Priority: "priority",
  Started: "started",
  Completed: "completed",
  Duration: "duration",
  Context: "context",
} as const;

/**
 * Reads a monthly `task-history/YYYY-MM.md` or a legacy `TASK_HISTORY.md`: a header, then entries
 * `## [<ISO>] <description>` separated by `---` rules.
 */
export function parseHistory(text: string): {
  entries: HistoryEntry[];
  problems: Array<{ line: number; reason: string }>;
} {
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  const entries: HistoryEntry[] = [];
  const problems: Array<{ line: number; reason: string }> = [];
  let start = -1;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && !HEADING.test(lines[i] ?? "")) continue;
    if (start >= 0) {
      const entry = parseEntry(lines.slice(start, i), start + 1);
      if (typeof entry === "string") problems.push({ line: start + 1, reason: entry });
      else {
        entries.push(entry);
        problems.push(...timeProblems(entry, lines.slice(start, i), start + 1));
      }
    }
    start = i;
  }
  return { entries, problems };
}

function parseEntry(lines: string[], line: number): HistoryEntry | string {
  const heading = HEADING.exec(lines[0] ?? "");
  const fields: Partial<Record<(typeof FIELD_KEYS)[keyof typeof FIELD_KEYS], string>> = {};
  const description = [heading?.[2] ?? ""];
  const progress: string[] = [];
  const summary: string[] = [];
  let part: "head" | "progress" | "summary" = "head";
  let lastField: keyof typeof fields | null = null;
  for (const text of trimSeparator(lines.slice(1))) {
    if (text === "### Progress") part = "progress";
    else if (text === "### Summary") part = "summary";
    else if (part === "summary") summary.push(text);
    else if (part === "progress") {
      if (text.startsWith("- ")) progress.push(text.slice(2));
      else if (text.length > 0 && progress.length > 0) progress[progress.length - 1] += `\n${text}`;
    } else {
      const match = FIELD.exec(text);
      if (match) {
        lastField = FIELD_KEYS[match[1] as keyof typeof FIELD_KEYS];
        fields[lastField] = match[2] ?? "";
      } else if (lastField === "context") fields.context += `\n${text}`;
      else if (lastField === null && text.length > 0) description.push(text);
    }
  }
  if (fields.taskId === undefined) return "history entry has no **Task ID:** line";
  // A task with an empty id could be told from no other and linked to nothing, so it is not made.
  if (fields.taskId.trim() === "") return "history entry has an empty **Task ID:** line";
  const summaryText = trimBlank(summary).join("\n");
  const entry: HistoryEntry = {
    taskId: fields.taskId,
    description: description.join("\n"),
    archivedAt: heading?.[1] ?? "",
    status: summaryText.startsWith("Cancelled") ? "cancelled" : "completed",
    progress,
    line,
  };
  for (const key of ["priority", "started", "completed", "duration", "context"] as const) {
    const value = fields[key];
    if (value !== undefined) entry[key] = key === "context" ? value.trimEnd() : value;
  }
  if (summaryText.length > 0) entry.summary = summaryText;
  return entry;
}

/** Drops the `---` rule (and blank lines around it) that separates this entry from the next. */
function trimSeparator(lines: string[]): string[] {
  const out = trimBlank(lines);
  if (out[out.length - 1] === "---") return trimBlank(out.slice(0, -1));
  return out;
}

function trimBlank(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && (lines[end - 1] ?? "").trim() === "") end--;
  return lines.slice(0, end);
}

/**
 * A problem for each time of an entry that is no time of the years 0000–9999: the heading's, `Started`
 * and `Completed`. The entry is kept; a time that does not parse is left out of the task's times.
 */
function timeProblems(
  entry: HistoryEntry,
  lines: readonly string[],
  line: number,
): Array<{ line: number; reason: string }> {
  const checks: Array<[string, string | undefined, number]> = [
    ["the heading's time", entry.archivedAt, line],
    ["Started", entry.started, line + lines.findIndex((l) => l.startsWith("**Started:**"))],
    ["Completed", entry.completed, line + lines.findIndex((l) => l.startsWith("**Completed:**"))],
  ];
  return checks.flatMap(([field, text, at]) => {
    if (text === undefined || text === "") return [];
    const time = readTime(text);
    return time.ms === null ? [{ line: at, reason: `${field}: ${time.reason}` }] : [];
  });
}
