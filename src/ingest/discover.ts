import fg from "fast-glob";
import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { InputKind } from "../core/input.ts";

/** A file to read, with the kind of input it is and the agent whose workspace holds it. */
export interface DiscoveredFile {
  /** Absolute path. */
  absPath: string;
  /** The path shown in the Report: relative to the working directory when inside it, `/`-separated. */
  path: string;
  /** What kind of input it is. */
  kind: InputKind;
  /** The agent of the `workspace-<agent>` folder it lies in (`workspace` alone is `main`), if any. */
  agentId: string | null;
}

/** A user's mistake in naming inputs: reported in one line, exit code 1. */
export class InputError extends Error {}

/**
 * What workscope reads inside a state directory (see docs/formats.md#files-workscope-reads). Event
 * files may sit anywhere below it; OpenClaw's own chat transcripts (`agents/`) are not events and
 * are left alone.
 */
const STATE_DIR_GLOBS = [
  "**/*.ndjson",
  "**/*.ndjson.gz",
  "**/*.jsonl",
  "workspace{,-*}/tasks/task_*.md",
  "workspace{,-*}/task-history/*.md",
  "workspace{,-*}/TASK_HISTORY.md",
  "workspace{,-*}/CURRENT_TASK.md",
  "openclaw.json",
  "work-session-category-overrides.json",
];
const IGNORE = ["**/node_modules/**", "**/.git/**", "agents/**"];

/** Where OpenClaw keeps its state: read when no input is named. */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env["OPENCLAW_STATE_DIR"] ?? path.join(homedir(), ".openclaw");
}

/**
 * Finds the files to read. A directory is searched as a state directory; a file is read as what
 * its name says; anything else is taken as a glob. A path that names nothing is an InputError.
 */
export async function discover(inputs: readonly string[], cwd: string): Promise<DiscoveredFile[]> {
  const found = new Map<string, DiscoveredFile>();
  const add = (absPath: string): void => {
    const file = describeFile(absPath, cwd);
    if (file !== null) found.set(absPath, file);
  };
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const info = await stat(abs).catch(() => null);
    if (info?.isDirectory()) {
      const matches = await fg(STATE_DIR_GLOBS, {
        cwd: abs,
        absolute: true,
        ignore: IGNORE,
        onlyFiles: true,
        dot: false,
      });
      matches.forEach((m) => add(path.normalize(m)));
    } else if (info?.isFile()) {
      found.set(abs, describeFile(abs, cwd) ?? { ...locate(abs, cwd), kind: "events" });
    } else if (fg.isDynamicPattern(input)) {
      const matches = await fg(input, { cwd, absolute: true, onlyFiles: true });
      if (matches.length === 0) throw new InputError(`no files match ${input}`);
      matches.forEach((m) => add(path.normalize(m)));
    } else {
      throw new InputError(`no such file or directory: ${input}`);
    }
  }
  return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The kind of a file from its name and folder, or null when it is none workscope reads. */
export function kindOfPath(absPath: string): InputKind | null {
  const base = path.basename(absPath);
  const parent = path.basename(path.dirname(absPath));
  if (/\.(ndjson|jsonl)(\.gz)?$/.test(base)) return "events";
  if (base === "openclaw.json") return "openclaw-config";
  if (base === "work-session-category-overrides.json") return "category-overrides";
  if (base === "CURRENT_TASK.md") return "current-task";
  if (base === "TASK_HISTORY.md" || (parent === "task-history" && base.endsWith(".md")))
    return "task-history";
  if (/^task_[A-Za-z0-9_]+\.md$/.test(base)) return "task";
  return null;
}

/** The agent whose workspace folder holds the file: `workspace-<agent>`, or `main` for `workspace`. */
export function agentOfPath(absPath: string): string | null {
  for (const part of absPath.split(path.sep).reverse()) {
    if (part === "workspace") return "main";
    if (part.startsWith("workspace-") && part.length > "workspace-".length)
      return part.slice("workspace-".length).toLowerCase();
  }
  return null;
}

function describeFile(absPath: string, cwd: string): DiscoveredFile | null {
  const kind = kindOfPath(absPath);
  return kind === null ? null : { ...locate(absPath, cwd), kind };
}

function locate(absPath: string, cwd: string): Omit<DiscoveredFile, "kind"> {
  const rel = path.relative(cwd, absPath);
  const shown = rel.startsWith("..") || path.isAbsolute(rel) ? absPath : rel;
  return { absPath, path: shown.split(path.sep).join("/"), agentId: agentOfPath(absPath) };
}
