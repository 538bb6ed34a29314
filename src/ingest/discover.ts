import type FastGlob from "fast-glob";
import { constants, type Dirent } from "node:fs";
import { access, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { compareFindings, type Finding } from "../core/finding.ts";
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
 * What workscope reads inside a state directory (see docs/formats.md#files-workscope-reads), one
 * row per pattern, matched against the path's parts below the directory. Event files may sit
 * anywhere below it, under any name: what they hold is told by their content when they are read,
 * so a `.json` file is a candidate too, unless NON_EVENT_JSON names it. The other files are read
 * only where OpenClaw and Claude Code put them.
 */
export const STATE_DIR_FILES: ReadonlyArray<{
  pattern: string;
  matches: (parts: readonly string[]) => boolean;
}> = [
  { pattern: "**/*.ndjson", matches: (p) => /\.ndjson$/.test(last(p)) },
  { pattern: "**/*.ndjson.gz", matches: (p) => /\.ndjson\.gz$/.test(last(p)) },
  { pattern: "**/*.jsonl", matches: (p) => /\.jsonl$/.test(last(p)) },
  { pattern: "**/agent-*.meta.json", matches: (p) => isSubagentMeta(last(p)) },
  {
    pattern: "**/*.json",
    matches: (p) => last(p).endsWith(".json") && !NON_EVENT_JSON.some((rule) => rule.matches(p)),
  },
  {
    pattern: "workspace{,-*}/tasks/task_*.md",
    matches: (p) => p.length === 3 && isWorkspace(p[0]) && p[1] === "tasks" && /^task_.*\.md$/.test(last(p)),
  },
  {
    pattern: "workspace{,-*}/task-history/*.md",
    matches: (p) => p.length === 3 && isWorkspace(p[0]) && p[1] === "task-history" && last(p).endsWith(".md"),
  },
  {
    pattern: "workspace{,-*}/TASK_HISTORY.md",
    matches: (p) => p.length === 2 && isWorkspace(p[0]) && p[1] === "TASK_HISTORY.md",
  },
  {
    pattern: "workspace{,-*}/CURRENT_TASK.md",
    matches: (p) => p.length === 2 && isWorkspace(p[0]) && p[1] === "CURRENT_TASK.md",
  },
  { pattern: "openclaw.json", matches: (p) => p.length === 1 && p[0] === "openclaw.json" },
  {
    pattern: "work-session-category-overrides.json",
    matches: (p) => p.length === 1 && p[0] === "work-session-category-overrides.json",
  },
];

/**
 * Whether a folder of a state directory is searched, from its path's parts: hidden folders (`.git`
 * among them), `node_modules`, OpenClaw's own chat transcripts (`agents/` at the top, which are
 * not events) and its folders of secrets (`credentials/`, `identity/`, `devices/` at the top,
 * which are never opened) are left alone.
 */
export function isSearchedFolder(parts: readonly string[]): boolean {
  const name = last(parts);
  if (name.startsWith(".") || name === "node_modules") return false;
  return !(parts.length === 1 && UNSEARCHED_TOP_FOLDERS.has(name));
}

const UNSEARCHED_TOP_FOLDERS = new Set(["agents", "credentials", "identity", "devices"]);

/**
 * The JSON files of a state directory that are known not to hold events, and are not read, one
 * row per rule with the reason. Every other `.json` file is read and told by its content, so a
 * file of some other tool costs one finding, never a silent skip; these rows spare a user that
 * finding for files that are never logs: package manifests and OpenClaw's settings. (Its folders
 * of secrets are not even searched: see isSearchedFolder.)
 */
export const NON_EVENT_JSON: ReadonlyArray<{
  pattern: string;
  why: string;
  matches: (parts: readonly string[]) => boolean;
}> = [
  {
    pattern: "**/{package,package-lock,tsconfig,jsconfig,composer}.json",
    why: "a package manifest or compiler configuration",
    matches: (p) => /^(package|package-lock|tsconfig|jsconfig|composer)\.json$/.test(last(p)),
  },
  {
    pattern: "cron/**",
    why: "OpenClaw's scheduled jobs: settings, not a log",
    matches: (p) => p.length > 1 && p[0] === "cron",
  },
  {
    pattern: "**/openclaw.json, **/work-session-category-overrides.json",
    why: "a configuration: read at the top of the directory only, as its own kind",
    matches: (p) => last(p) === "openclaw.json" || last(p) === "work-session-category-overrides.json",
  },
  {
    pattern: "**/agent-*.meta.json",
    why: "a subagent's description, read as its own kind",
    matches: (p) => isSubagentMeta(last(p)),
  },
];

/** Claude Code writes beside each subagent's transcript `agent-<id>.meta.json`, naming its spawning call. */
function isSubagentMeta(name: string): boolean {
  return /^agent-.+\.meta\.json$/.test(name);
}

function last(parts: readonly string[]): string {
  return parts[parts.length - 1] ?? "";
}

function isWorkspace(name: string | undefined): boolean {
  return name !== undefined && /^workspace(-.*)?$/.test(name);
}

/** What discovery found: the files to read, and what it could not read (unreadable folders or files). */
export interface Discovery {
  /** The files to read, sorted by path, each once. */
  files: DiscoveredFile[];
  /** A finding (line 0) for each folder or file that could not be opened, sorted. */
  findings: Finding[];
}

/** The file system calls discovery makes, so that a test can make one of them fail. */
export interface DiscoverFs {
  readdir: (dir: string) => Promise<Dirent[]>;
  /** Resolves when the file can be opened for reading. */
  access: (file: string) => Promise<void>;
}

const realFs: DiscoverFs = {
  readdir: (dir) => readdir(dir, { withFileTypes: true }),
  access: (file) => access(file, constants.R_OK),
};

/**
 * Finds the files to read (see discoverInputs); what could not be read is left out. The golden
 * tests list inputs through it.
 */
export async function discover(inputs: readonly string[], cwd: string): Promise<DiscoveredFile[]> {
  return (await discoverInputs(inputs, cwd)).files;
}

/**
 * Finds the files to read. A directory is searched as a state directory; a file is read as what
 * its name says (events, told by content, unless it is a task, config or subagent file); anything
 * else is taken as a glob. A path that names nothing is an InputError.
 *
 * Symbolic links are followed, but every folder is searched once, by its real path, so that a link
 * to a folder above it (`ln -s . a`) can neither loop nor list a file twice; a file reached by two
 * paths is read once, under the first path in sort order. A folder or file that cannot be opened
 * (no permission, say) becomes a finding with its path: the rest is read.
 */
export async function discoverInputs(
  inputs: readonly string[],
  cwd: string,
  fs: DiscoverFs = realFs,
): Promise<Discovery> {
  const walk: Walk = { cwd, fs, candidates: [], findings: [], seenFolders: new Set() };
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const info = await stat(abs).catch(() => null);
    if (info?.isDirectory()) {
      await searchStateDir(walk, abs);
    } else if (info?.isFile()) {
      walk.candidates.push(describeFile(abs, cwd) ?? { ...locate(abs, cwd), kind: "events" });
    } else if ((await fastGlob()).isDynamicPattern(input)) {
      const matches = await globFiles(walk, input);
      if (matches.length === 0) throw new InputError(`no files match ${input}`);
      for (const m of matches) {
        const file = describeFile(m, cwd);
        if (file !== null) walk.candidates.push(file);
      }
    } else {
      throw new InputError(`no such file or directory: ${input}`);
    }
  }
  return { files: await readableOnce(walk), findings: walk.findings.sort(compareFindings) };
}

/** Discovery's state while it searches. */
interface Walk {
  cwd: string;
  fs: DiscoverFs;
  /** Every file found, before copies (one file by two paths) are dropped. */
  candidates: DiscoveredFile[];
  findings: Finding[];
  /** The real paths of the folders searched so far. */
  seenFolders: Set<string>;
}

/** Searches a state directory, folder by folder, each folder once by its real path. */
async function searchStateDir(walk: Walk, root: string): Promise<void> {
  const pending: Array<{ abs: string; parts: string[] }> = [{ abs: root, parts: [] }];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    const real = await realpath(folder.abs).catch(() => folder.abs);
    if (walk.seenFolders.has(real)) continue;
    walk.seenFolders.add(real);
    let entries: Dirent[];
    try {
      entries = await walk.fs.readdir(folder.abs);
    } catch (error) {
      walk.findings.push(unreadable(walk.cwd, folder.abs, "folder", error));
      continue;
    }
    const subfolders: Array<{ abs: string; parts: string[] }> = [];
    for (const entry of entries) {
      const abs = path.join(folder.abs, entry.name);
      const parts = [...folder.parts, entry.name];
      // A link is judged by what it points to; a link that points nowhere is neither.
      let target: { isDirectory: () => boolean; isFile: () => boolean } | null = entry;
      if (entry.isSymbolicLink()) {
        try {
          target = await stat(abs);
        } catch (error) {
          // A link by the name of a file we read that points nowhere is said, not dropped.
          if (STATE_DIR_FILES.some((rule) => rule.matches(parts)))
            walk.findings.push(unreadable(walk.cwd, abs, "file", error));
          target = null;
        }
      }
      if (target?.isDirectory()) {
        if (isSearchedFolder(parts)) subfolders.push({ abs, parts });
      } else if (target?.isFile() && !entry.name.startsWith(".")) {
        if (STATE_DIR_FILES.some((rule) => rule.matches(parts))) {
          const file = describeFile(abs, walk.cwd);
          if (file !== null) walk.candidates.push(file);
        }
      }
    }
    // Depth first in name order, so that which of two paths to one folder is searched is fixed.
    subfolders.sort((a, b) => (a.abs < b.abs ? 1 : a.abs > b.abs ? -1 : 0));
    pending.push(...subfolders);
  }
}

/**
 * fast-glob, loaded at the first input that is no file or folder: its modules took some 30 ms of
 * every start, and most runs name folders.
 */
async function fastGlob(): Promise<typeof FastGlob> {
  return (await import("fast-glob")).default;
}

/**
 * The files a glob matches. Links to folders are not followed (a glob's `**` through a loop of
 * links would never end); links to files are. A folder the glob cannot open becomes a finding.
 */
async function globFiles(walk: Walk, pattern: string): Promise<string[]> {
  const options = { cwd: walk.cwd, absolute: true, onlyFiles: false, followSymbolicLinks: false };
  const fg = await fastGlob();
  let matches: string[];
  try {
    matches = await fg(pattern, options);
  } catch (error) {
    // fast-glob stops at the first folder it cannot open: that one is reported, the rest read.
    const failed = (error as NodeJS.ErrnoException).path;
    walk.findings.push(unreadable(walk.cwd, failed ?? pattern, "folder", error));
    matches = await fg(pattern, { ...options, suppressErrors: true });
  }
  const files: string[] = [];
  for (const m of matches.map((m) => path.normalize(m)).sort()) {
    if ((await stat(m).catch(() => null))?.isFile()) files.push(m);
  }
  return files;
}

/**
 * The files found, each once (by real path, under its first path in sort order), without those
 * that cannot be opened, which become findings.
 */
async function readableOnce(walk: Walk): Promise<DiscoveredFile[]> {
  const byPath = [...walk.candidates].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const seen = new Set<string>();
  const files: DiscoveredFile[] = [];
  for (const file of byPath) {
    const real = await realpath(file.absPath).catch(() => file.absPath);
    if (seen.has(real)) continue;
    seen.add(real);
    try {
      await walk.fs.access(file.absPath);
      files.push(file);
    } catch (error) {
      walk.findings.push(unreadable(walk.cwd, file.absPath, "file", error));
    }
  }
  return files;
}

/** The finding for a folder or file that could not be opened. */
function unreadable(cwd: string, absPath: string, what: "folder" | "file", error: unknown): Finding {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === "EACCES" || code === "EPERM" ? "permission denied" : (code ?? String(error));
  return {
    file: locate(absPath, cwd).path,
    line: 0,
    reason: `cannot read this ${what} (${why}): it was skipped`,
  };
}

/** The kind of a file from its name and folder, or null when it is none workscope reads. */
export function kindOfPath(absPath: string): InputKind | null {
  const base = path.basename(absPath);
  const parent = path.basename(path.dirname(absPath));
  if (/\.(ndjson|jsonl)(\.gz)?$/.test(base)) return "events";
  if (base === "openclaw.json") return "openclaw-config";
  if (base === "work-session-category-overrides.json") return "category-overrides";
  if (isSubagentMeta(base)) return "claude-subagent-meta";
  // Any other JSON file may be a capture of hook payloads or a copy of a transcript: its content says.
  if (base.endsWith(".json")) return "events";
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
