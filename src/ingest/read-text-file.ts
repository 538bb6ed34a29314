import JSON5 from "json5";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readMainAgents, readMentionNames } from "../core/agent-config.ts";
import type { Finding } from "../core/finding.ts";
import type { InputFile, LoadedInput } from "../core/input.ts";
import { readOverrides } from "../core/overrides.ts";
import { parseCurrentTask } from "../core/tasks/current-task.ts";
import { parseHistory } from "../core/tasks/history.ts";
import { parseTaskFile } from "../core/tasks/parse-task-file.ts";
import type { DiscoveredFile } from "./discover.ts";

/** The parts of LoadedInput that markdown and config files fill. */
export type TextTargets = Pick<
  LoadedInput,
  "taskFiles" | "history" | "currentTasks" | "mainAgents" | "mentionNames" | "overrides"
>;

/**
 * Reads a task file, a history file, a CURRENT_TASK.md, openclaw.json or the overrides file.
 * These are small files the tools rewrite whole, so they are read whole; each problem is a
 * finding with its line.
 */
export async function readTextFile(
  file: DiscoveredFile,
  into: TextTargets,
  findings: Finding[],
): Promise<InputFile> {
  let text: string;
  let bytes: number;
  try {
    const buf = await readFile(file.absPath);
    bytes = buf.length;
    text = buf.toString("utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    findings.push({ file: file.path, line: 0, reason: `cannot read the file: ${(error as Error).message}` });
    return { path: file.path, kind: file.kind, bytes: 0, lines: 0, events: 0, errors: 1 };
  }
  const problems: Array<{ line: number; reason: string }> = [];
  const agentId = file.agentId ?? "main";
  let records = 0;
  switch (file.kind) {
    case "task": {
      const parsed = parseTaskFile(text, path.basename(file.absPath, ".md"));
      problems.push(...parsed.problems);
      if (parsed.task !== null) {
        into.taskFiles.push({ agentId, file: file.path, record: parsed.task });
        records = 1;
      }
      break;
    }
    case "task-history": {
      const parsed = parseHistory(text);
      problems.push(...parsed.problems);
      for (const entry of parsed.entries) into.history.push({ agentId, file: file.path, record: entry });
      records = parsed.entries.length;
      break;
    }
    case "current-task": {
      const current = parseCurrentTask(text);
      if (current.state === "unknown")
        problems.push({ line: 0, reason: "CURRENT_TASK.md is in neither of the forms the task tools write" });
      into.currentTasks.push({ agentId, file: file.path, record: current });
      records = 1;
      break;
    }
    case "openclaw-config": {
      const value = parseJson(text, true, problems);
      if (value !== undefined) {
        const config = readMainAgents(value);
        into.mainAgents = [...new Set([...into.mainAgents, ...config.mainAgents])].sort();
        Object.assign(into.mentionNames, readMentionNames(value));
        problems.push(...config.problems.map((reason) => ({ line: 0, reason })));
        records = config.mainAgents.length;
      }
      break;
    }
    case "category-overrides": {
      const value = parseJson(text, false, problems);
      if (value !== undefined) {
        const read = readOverrides(value);
        Object.assign(into.overrides, read.overrides);
        problems.push(...read.problems.map((reason) => ({ line: 0, reason })));
        records = Object.keys(read.overrides).length;
      }
      break;
    }
    case "events":
      throw new Error(`${file.path} is an event file; read it with readEventsFile`);
  }
  for (const p of problems) findings.push({ file: file.path, line: p.line, reason: p.reason });
  return {
    path: file.path,
    kind: file.kind,
    bytes,
    lines: countLines(text),
    events: records,
    errors: problems.length,
  };
}

/** OpenClaw's config is JSON5 (comments, trailing commas); the overrides file is plain JSON. */
function parseJson(text: string, json5: boolean, problems: Array<{ line: number; reason: string }>): unknown {
  try {
    return json5 ? JSON5.parse(text) : JSON.parse(text);
  } catch (error) {
    const line = (error as { lineNumber?: number }).lineNumber ?? 0;
    problems.push({ line, reason: `not valid ${json5 ? "JSON5" : "JSON"}: ${(error as Error).message}` });
    return undefined;
  }
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}
