import * as z from "zod";
import { SubagentMeta } from "./claude/subagent-meta.ts";
import { BaseEvent } from "./event.ts";
import { Finding, OmittedFindings } from "./finding.ts";
import { CategoryOverride } from "./overrides.ts";
import { CurrentTask } from "./tasks/current-task.ts";
import { HistoryEntry } from "./tasks/history.ts";
import { TaskFile } from "./tasks/task-file.ts";

/** The kinds of input file workscope reads (see docs/formats.md#files-workscope-reads). */
export const InputKind = z.enum([
  "events",
  "task",
  "task-history",
  "current-task",
  "openclaw-config",
  "category-overrides",
  "claude-subagent-meta",
]);
export type InputKind = z.infer<typeof InputKind>;

/** One file read, with what came of it. */
export const InputFile = z.object({
  /** The path as given or discovered, relative to the working directory when inside it. */
  path: z.string(),
  /** What kind of input the file is. */
  kind: InputKind,
  /** Its size in bytes as read (compressed size for `.gz`). */
  bytes: z.number().int().nonnegative(),
  /** Lines read, blank lines included. */
  lines: z.number().int().nonnegative(),
  /** Events (for event files) or records (tasks, history entries) read from it, before dedupe. */
  events: z.number().int().nonnegative(),
  /** Findings about it. */
  errors: z.number().int().nonnegative(),
});
export type InputFile = z.infer<typeof InputFile>;

/** A record read from a file that belongs to one agent's workspace. */
const fromWorkspace = <T extends z.ZodType>(record: T) =>
  z.object({
    /** The agent whose workspace holds the file (`workspace-<agent>`; plain `workspace` is `main`). */
    agentId: z.string(),
    /** The file, as listed in `input.files`. */
    file: z.string(),
    /** What was read. */
    record,
  });

/**
 * Everything the IO shell read, before any analysis: the hand-off from `src/ingest/` to the core.
 * Events are as read, copies included; the core deduplicates and orders them.
 */
export const LoadedInput = z.object({
  /** Every file read, in path order. */
  files: z.array(InputFile),
  /** Events as read, copies included, in path order of their files and line order within each. */
  events: z.array(BaseEvent),
  /** Findings from reading: of each event file, the first ones up to the listing limit. */
  findings: z.array(Finding),
  /** Findings from reading past the listing limit of their file, counted by file and reason; absent when none. */
  findingsOmitted: z.array(OmittedFindings).optional(),
  /** Task files. */
  taskFiles: z.array(fromWorkspace(TaskFile)),
  /** Task history entries. */
  history: z.array(fromWorkspace(HistoryEntry)),
  /** Each agent's CURRENT_TASK.md. */
  currentTasks: z.array(fromWorkspace(CurrentTask)),
  /** Main agents from `openclaw.json`; `main` is always one. */
  mainAgents: z.array(z.string()),
  /** Discord user ids to agent names, from `openclaw.json`, for showing mentions. */
  mentionNames: z.record(z.string(), z.string()),
  /** Manual category overrides by work session id. */
  overrides: z.record(z.string(), CategoryOverride),
  /** Claude Code subagents' `.meta.json` files: which tool call spawned each subagent; absent when none. */
  subagentMeta: z.array(SubagentMeta).optional(),
});
export type LoadedInput = z.infer<typeof LoadedInput>;
