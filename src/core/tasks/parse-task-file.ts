import { isRecord } from "../formats/fields.ts";
import { readTime } from "../time.ts";
import { jsonField } from "./format-task-file.ts";
import { statusOfMarker } from "./markers.ts";
import { JSON_SECTIONS, METADATA_FIELDS, sectionOfHeading } from "./sections.ts";
import { TASK_STATUSES, type TaskFile, type TaskStep } from "./task-file.ts";

/** A parsed task file, or null when the text is no task file, with what was wrong on which line. */
export interface ParsedTaskFile {
  /** The task, or null when the file has no task in it. */
  task: TaskFile | null;
  /** Problems, each with its 1-based line (0 for the whole file). */
  problems: Array<{ line: number; reason: string }>;
}

const BULLET = /^- \*\*([^*]+?):\*\*(?: (.*))?$/;
const STEP = /^- \[(.)\] \((\w+)\) (.*)$/;

/**
 * Reads a task file in the format docs/formats.md#task-file-layout describes. Lines are split on
 * `\n` (a `\r` before it is dropped); `fallbackId` (from the file name) is used when the `# Task:`
 * heading is missing.
 */
export function parseTaskFile(text: string, fallbackId: string): ParsedTaskFile {
  const problems: ParsedTaskFile["problems"] = [];
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  // Section bodies by name; sections workscope does not know are kept as `extra:<n>`.
  const bodies = new Map<string, { start: number; lines: string[] }>();
  const extras: string[] = [];
  let id = fallbackId;
  let current: string[] | null = null;
  const open = (key: string, headingIndex: number): string[] => {
    const body: string[] = [];
    bodies.set(key, { start: headingIndex + 2, lines: body });
    return body;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (i === 0 && line.startsWith("# Task:")) {
      id = line.slice("# Task:".length).trim() || fallbackId;
      continue;
    }
    if (line === "---" && (lines[i + 1] ?? "").startsWith("*Managed by") && isTail(lines, i + 2)) break;
    const section = sectionOfHeading(line);
    if (section !== null && !bodies.has(section)) {
      current = open(section, i);
    } else if (section === null && bodies.has("Last Activity") && line.startsWith("## ")) {
      // Past the last fixed section, any heading is a section of a newer tool version.
      extras.push(line.slice(3));
      current = open(`extra:${extras.length - 1}`, i);
    } else if (current !== null) {
      current.push(line);
    }
  }
  if (bodies.size === 0)
    return { task: null, problems: [{ line: 0, reason: "not a task file: no sections found" }] };

  const body = (name: string): string[] => trimTrailingBlank(bodies.get(name)?.lines ?? []);
  const startOf = (name: string): number => bodies.get(name)?.start ?? 0;

  const meta: Record<string, string> = {};
  const metaLines = new Map<string, number>();
  const extraMetadata: TaskFile["extraMetadata"] = [];
  let unblockedBy: string[] | undefined;
  body("Metadata").forEach((line, k) => {
    const match = BULLET.exec(line);
    if (!match) {
      if (line.trim().length > 0)
        problems.push({
          line: startOf("Metadata") + k,
          reason: `metadata line not understood: ${line.slice(0, 80)}`,
        });
      return;
    }
    const label = match[1] ?? "";
    const value = match[2] ?? "";
    const known = METADATA_FIELDS.find(([l]) => l === label);
    if (known) {
      meta[known[1]] = value;
      metaLines.set(known[1], startOf("Metadata") + k);
    } else if (label === "Unblocked By")
      unblockedBy = value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
    else extraMetadata.push({ label, value });
  });

  const steps = bodies.has("Steps") ? parseSteps(body("Steps"), startOf("Steps")) : null;
  problems.push(...(steps?.problems ?? []));
  const task: TaskFile = {
    id,
    status: meta["status"] ?? "",
    priority: meta["priority"] ?? "",
    created: meta["created"] ?? "",
    extraMetadata,
    description: body("Description").join("\n"),
    steps: steps?.steps ?? null,
    progress: parseProgress(body("Progress")),
    lastActivity: body("Last Activity").join("\n").trim(),
    extraSections: extras.map((name, k) => ({ name, body: body(`extra:${k}`).join("\n") })),
  };
  for (const [, field] of METADATA_FIELDS) {
    if (field !== "status" && field !== "priority" && field !== "created" && meta[field] !== undefined)
      task[field] = meta[field];
  }
  if (unblockedBy !== undefined) task.unblockedBy = unblockedBy;
  if (bodies.has("Context")) task.context = body("Context").join("\n");
  for (const section of JSON_SECTIONS) {
    if (!bodies.has(section)) continue;
    const value = parseJsonBlock(body(section));
    if (value === null)
      problems.push({
        line: startOf(section),
        reason: `the ${section} block is not a JSON object in a \`\`\`json fence`,
      });
    else task[jsonField(section)] = value;
  }

  if (task.status === "") problems.push({ line: startOf("Metadata"), reason: "task has no Status" });
  else if (!(TASK_STATUSES as readonly string[]).includes(task.status)) {
    problems.push({
      line: startOf("Metadata"),
      reason: `unknown task status "${task.status}" (expected one of ${TASK_STATUSES.join(", ")})`,
    });
  }
  if (task.created === "") problems.push({ line: startOf("Metadata"), reason: "task has no Created time" });
  else problems.push(...timeProblems("Created", task.created, metaLines.get("created") ?? 0));
  if (task.lastActivity !== "")
    problems.push(...timeProblems("Last Activity", task.lastActivity, startOf("Last Activity")));
  if (!bodies.has("Description")) problems.push({ line: 0, reason: "task has no Description section" });
  return { task, problems };
}

/**
 * The problem of a time field that is no time of the years 0000–9999: the task is kept, and the time
 * is left out of what the Report says about it.
 */
function timeProblems(field: string, text: string, line: number): ParsedTaskFile["problems"] {
  const time = readTime(text);
  if (time.ms === null) return [{ line, reason: `${field}: ${time.reason}` }];
  return [];
}

/** The steps of a `## Steps` checklist, and a problem for each line that is not a step. */
function parseSteps(
  lines: string[],
  start: number,
): { steps: TaskStep[]; problems: ParsedTaskFile["problems"] } {
  const steps: TaskStep[] = [];
  const problems: ParsedTaskFile["problems"] = [];
  lines.forEach((line, k) => {
    const match = STEP.exec(line);
    const status = match ? statusOfMarker(match[1] ?? "") : null;
    if (!match || status === null) {
      if (line.trim().length > 0)
        problems.push({
          line: start + k,
          reason: `step line not understood (expected "- [x|>| |-] (sN) text"): ${line.slice(0, 80)}`,
        });
      return;
    }
    steps.push({ id: match[2] ?? "", content: match[3] ?? "", status });
  });
  return { steps, problems };
}

/** Progress items are `- ` lines; a line without the bullet continues the item above it. */
function parseProgress(lines: string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (line.startsWith("- ")) items.push(line.slice(2));
    else if (items.length > 0) items[items.length - 1] += `\n${line}`;
    else if (line.trim().length > 0) items.push(line);
  }
  return items;
}

function parseJsonBlock(lines: string[]): Record<string, unknown> | null {
  const inner = lines
    .filter((l) => !l.startsWith("```"))
    .join("\n")
    .trim();
  try {
    const value: unknown = JSON.parse(inner);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function trimTrailingBlank(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && (lines[end - 1] ?? "").trim() === "") end--;
  return lines.slice(0, end);
}

/** True when nothing but blank lines follows `from`: the footer is the file's end. */
function isTail(lines: string[], from: number): boolean {
  for (let i = from; i < lines.length; i++) if ((lines[i] ?? "").trim() !== "") return false;
  return true;
}
