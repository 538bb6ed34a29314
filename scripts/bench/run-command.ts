import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_RSS_FILE } from "./max-rss.mjs";
import { peakRss, treeRss } from "./tree-rss.ts";

/** The module that makes a timed process write its own peak memory when it exits. */
const MAX_RSS = fileURLToPath(new URL("./max-rss.mjs", import.meta.url));

/** A command to time: a script run by this Node, with Node's own flags before it. */
export interface Command {
  /** The script, e.g. bin/workscope.js. */
  script: string;
  /** Its arguments. */
  args: readonly string[];
  /** Node's flags, e.g. `--max-old-space-size=4096`. */
  nodeFlags?: readonly string[];
  /** The working directory. */
  cwd: string;
  /** Killed, with every process it started, after this many ms. */
  timeLimitMs?: number;
}

/** What one timed process did. */
export interface Timed {
  /** Wall time from starting the process to its exit, in ms: Node's start and module loading too. */
  ms: number;
  /**
   * The process's own peak resident memory, in bytes, threads included; for one that died before
   * telling, its high water mark as last sampled (every 250 ms).
   */
  ownPeak: number;
  /** The largest resident memory of the process and all its descendants together, sampled every 250 ms. */
  treePeak: number;
  /** Its process id. */
  pid: number;
  /** Its exit code; null when a signal ended it. */
  status: number | null;
  /** The signal that ended it, if one did. */
  signal: NodeJS.Signals | null;
  /** Whether the time limit ended it. */
  timedOut: boolean;
  /** Its standard output (the first MB). */
  stdout: string;
  /** The end of its standard error (the last 64 KB): the progress lines and any error. */
  stderr: string;
}

const KEEP_STDERR = 64 * 1024;
const KEEP_STDOUT = 1024 * 1024;

/**
 * Runs a command in a process of its own and times it. The process leads a process group of its
 * own, so that at the time limit it is ended together with every process it started (a build's
 * renderers), and nothing else.
 */
export async function runCommand(command: Command): Promise<Timed> {
  const scratch = mkdtempSync(path.join(tmpdir(), "workscope-bench-rss-"));
  const rssFile = path.join(scratch, "max-rss");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(command.nodeFlags ?? []), "--import", MAX_RSS, command.script, ...command.args],
    {
      cwd: command.cwd,
      env: { ...process.env, [MAX_RSS_FILE]: rssFile },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    if (stdout.length < KEEP_STDOUT) stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-KEEP_STDERR);
  });
  let treePeak = 0;
  let sampledOwn = 0;
  const sample = (): void => {
    if (child.pid === undefined) return;
    treePeak = Math.max(treePeak, treeRss(child.pid));
    sampledOwn = Math.max(sampledOwn, peakRss(child.pid));
  };
  const poll = setInterval(sample, 250);
  let timedOut = false;
  const limit =
    command.timeLimitMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        }, command.timeLimitMs);
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, sig) => resolve([code, sig]));
  });
  const ms = performance.now() - started;
  clearInterval(poll);
  if (limit !== undefined) clearTimeout(limit);
  let ownPeak = sampledOwn;
  try {
    ownPeak = Number(readFileSync(rssFile, "utf8"));
  } catch {
    // The process was killed or crashed before its exit handler ran: its high water mark as last
    // sampled stands.
  }
  rmSync(scratch, { recursive: true, force: true });
  return {
    ms,
    pid: child.pid ?? 0,
    ownPeak,
    treePeak: Math.max(treePeak, ownPeak),
    status,
    signal,
    timedOut,
    stdout,
    stderr,
  };
}

/** Whether a timed command ended well. */
export function succeeded(run: Timed): boolean {
  return run.status === 0 && !run.timedOut;
}

/**
 * Why a timed command failed, in one line: its exit, and the last line of its standard error, or
 * V8's fatal error when there is one (the lines after it are a native stack).
 */
export function failure(run: Timed, limitMs?: number): string {
  const how = run.timedOut
    ? `stopped at the time limit of ${+((limitMs ?? 0) / 60_000).toFixed(2)} min`
    : run.signal !== null
      ? `killed by ${run.signal}`
      : `exit code ${run.status}`;
  const fatal = /^FATAL ERROR: .*$/m.exec(run.stderr)?.[0];
  const last = fatal ?? (lastLines(run.stderr, 1) || "(none)");
  return `${how} after ${(run.ms / 1000).toFixed(1)} s; last output: ${last}`;
}

/** The last `n` lines of a text that are not empty, joined with " | ". */
export function lastLines(text: string, n: number): string {
  return text
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .slice(-n)
    .join(" | ");
}
