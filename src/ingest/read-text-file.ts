import JSON5 from "json5";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readSubagentMeta } from "../core/claude/subagent-meta.ts";
import { readMainAgents, readMentionNames } from "../core/agent-config.ts";
import type { Finding } from "../core/finding.ts";
import type { InputFile, LoadedInput } from "../core/input.ts";
import { readOverrides } from "../core/overrides.ts";
import { parseCurrentTask } from "../core/tasks/current-task.ts";
import { parseHistory } from "../core/tasks/history.ts";
import { parseTaskFile } from "../core/tasks/parse-task-file.ts";
import type { DiscoveredFile } from "./discover.ts";

/** The parts of LoadedInput that markdown and config files fill. */
type TextContent = Pick<
  LoadedInput,
  "taskFiles" | "history" | "currentTasks" | "mainAgents" | "mentionNames" | "overrides" | "subagentMeta"
>;

/** What one text file gave: the file as listed, its findings, and its part of the LoadedInput. */
export interface TextFileRead {
  /** The file as `input.files` lists it. */
  file: InputFile;
  /** What was wrong with it, each with its line (0 for the whole file). */
  findings: Finding[];
  /** What it holds, as the parts of the LoadedInput its kind fills. */
  content: Partial<TextContent>;
}

/**
 * Reads a task file, a history file, a CURRENT_TASK.md, openclaw.json or the overrides file.
 * These are small files the tools rewrite whole, so they are read whole; each problem is a
 * finding with its line.
 */
export async function readTextFile(file: DiscoveredFile): Promise<TextFileRead> {
  let text: string;
  let bytes: number;
  try {
    const buf = await readFile(file.absPath);
    bytes = buf.length;
    text = buf.toString("utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    return {
      file: { path: file.path, kind: file.kind, bytes: 0, lines: 0, events: 0, errors: 1 },
      findings: [{ file: file.path, line: 0, reason: `cannot read the file: ${(error as Error).message}` }],
      content: {},
    };
  }
  const { content, records, problems } = readContent(file, text);
  return {
    file: {
      path: file.path,
      kind: file.kind,
      bytes,
      lines: countLines(text),
      events: records,
      errors: problems.length,
    },
    findings: problems.map((p) => ({ file: file.path, line: p.line, reason: p.reason })),
    content,
  };
}

type Problem = { line: number; reason: string };

/** What a file's text holds, how many records that is, and what was wrong with it. */
function readContent(
  file: DiscoveredFile,
  text: string,
): { content: Partial<TextContent>; records: number; problems: Problem[] } {
  const agentId = file.agentId ?? "main";
  switch (file.kind) {
    case "task": {
      const parsed = parseTaskFile(text, path.basename(file.absPath, ".md"));
      const taskFiles = parsed.task === null ? [] : [{ agentId, file: file.path, record: parsed.task }];
      return { content: { taskFiles }, records: taskFiles.length, problems: parsed.problems };
    }
    case "task-history": {
      const parsed = parseHistory(text);
      const history = parsed.entries.map((record) => ({ agentId, file: file.path, record }));
      return { content: { history }, records: history.length, problems: parsed.problems };
    }
    case "current-task": {
      const record = parseCurrentTask(text);
      const problems =
        record.state === "unknown"
          ? [{ line: 0, reason: "CURRENT_TASK.md is in neither of the forms the task tools write" }]
          : [];
      return { content: { currentTasks: [{ agentId, file: file.path, record }] }, records: 1, problems };
    }
    case "openclaw-config": {
      const parsed = parseJson(text, true);
      if ("problem" in parsed) return { content: {}, records: 0, problems: [parsed.problem] };
      const config = readMainAgents(parsed.value);
      return {
        content: { mainAgents: config.mainAgents, mentionNames: readMentionNames(parsed.value) },
        records: config.mainAgents.length,
        problems: config.problems.map((reason) => ({ line: 0, reason })),
      };
    }
    case "category-overrides": {
      const parsed = parseJson(text, false);
      if ("problem" in parsed) return { content: {}, records: 0, problems: [parsed.problem] };
      const read = readOverrides(parsed.value);
      return {
        content: { overrides: read.overrides },
        records: Object.keys(read.overrides).length,
        problems: read.problems.map((reason) => ({ line: 0, reason })),
      };
    }
    case "claude-subagent-meta": {
      const parsed = parseJson(text, false);
      if ("problem" in parsed) return { content: {}, records: 0, problems: [parsed.problem] };
      const read = readSubagentMeta(parsed.value, file.path);
      if ("problem" in read)
        return { content: {}, records: 0, problems: [{ line: 0, reason: read.problem }] };
      return { content: { subagentMeta: [read.meta] }, records: 1, problems: [] };
    }
    case "events":
      throw new Error(`${file.path} is an event file; read it with readEventsFile`);
  }
}

/** OpenClaw's config is JSON5 (comments, trailing commas); the overrides file is plain JSON. */
function parseJson(text: string, json5: boolean): { value: unknown } | { problem: Problem } {
  try {
    return { value: json5 ? JSON5.parse(text) : JSON.parse(text) };
  } catch (error) {
    const line = (error as { lineNumber?: number }).lineNumber ?? 0;
    return {
      problem: { line, reason: `not valid ${json5 ? "JSON5" : "JSON"}: ${(error as Error).message}` },
    };
  }
}

function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}
