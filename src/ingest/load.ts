import { availableParallelism } from "node:os";
import { FINDINGS_LISTED_PER_FILE } from "../core/finding.ts";
import type { LoadedInput } from "../core/input.ts";
import { mergeOwn } from "../core/safe-map.ts";
import { discoverInputs, type DiscoveredFile } from "./discover.ts";
import { ParseCache } from "./parse-cache.ts";
import { ParsePool } from "./parse-pool.ts";
import type { Progress } from "./progress.ts";
import {
  bytesToParse,
  finishEventsFile,
  planEventsFile,
  splitForPool,
  startOnPool,
  type EventsFilePlan,
  type EventsFileRead,
  type EventsReadContext,
  type FileRanges,
  type LoadStats,
} from "./read-events-file.ts";
import type { DeferredEvents } from "./deferred-events.ts";
import { readTextFile, type TextFileRead } from "./read-text-file.ts";

/** How event files are parsed and cached. */
export interface LoadOptions {
  /**
   * Worker threads to parse on; 0 or 1 parses on the main thread. Absent: AUTO_WORKERS when the
   * bytes left to parse pass AUTO_WORKERS_BYTES, else the main thread.
   */
  workers?: number;
  /** The parse cache's folder; absent or null: no cache. */
  cacheDir?: string | null;
  /** The size of the ranges a plain file is cut into for the workers (tests make it small). */
  rangeBytes?: number;
  /** How many findings are listed per file. */
  findingsListed?: number;
  /** Says one line about a cache that could not be written; silent when absent. */
  warn?: (message: string) => void;
  /** Longer lines are skipped with a finding (64 MiB when absent); tests set a low limit. */
  maxLineBytes?: number;
  /** Filled with what the cache gave and what was parsed, when given. */
  stats?: LoadStats;
  /** Filled, when given, with what the cache checked and kept of each event file (see FileRanges). */
  ranges?: Map<string, FileRanges>;
  /** When given, cached events are kept here instead of being made (see DeferredEvents). */
  deferred?: DeferredEvents;
  /**
   * When given, the parse cache's saves under way are left here for the caller to await, so that
   * their writes go on while it analyses; else the load awaits them before it returns. They never
   * reject: a failed save is one warning.
   */
  saves?: Array<Promise<void>>;
  /**
   * Told when the parse cache has begun to read a cached parse, or once the event files are
   * planned without one: the caller's own work can go on while the read lands.
   */
  onCacheRead?: () => void;
  /**
   * Leave the lines of plain event files parsed on the main thread in their files (see LineStore):
   * the run holds far less, and reading a line that changed since throws a FileChangedError, which
   * the caller meets by running again without. For runs that read few lines again (`analyze`
   * without `--events`); a site shows every event's payload, and reads them all.
   */
  storeLines?: boolean;
}

/**
 * Below this many bytes to parse, the main thread parses faster than workers that take tens of
 * milliseconds each to start and whose columns must be decoded again.
 */
export const AUTO_WORKERS_BYTES = 32 * 1024 * 1024;
/** Ranges of this size keep two workers busy on a file of a hundred megabytes, in a few parts each. */
export const RANGE_BYTES = 24 * 1024 * 1024;

/**
 * Workers when none are asked for: two, but only when there is a core for each besides the main
 * thread's, which decodes their columns meanwhile. With fewer cores the workers take turns with
 * the main thread, and as encoding and decoding the columns cost about two thirds of the parse
 * again, the main thread alone is faster (measured twice as fast on two cores).
 */
function autoWorkers(): number {
  const workers = Math.min(2, availableParallelism() - 1);
  return workers > 1 ? workers : 0;
}

/**
 * Reads every file into the LoadedInput the core analyses. Event files are planned first (what
 * the cache holds, what is left to parse), their parts are started on the workers, and then every
 * file is taken in the path order discover gives them in, so findings and event order never
 * depend on timing or on how files were split.
 */
async function loadFiles(
  files: readonly DiscoveredFile[],
  progress: Progress,
  options: LoadOptions,
): Promise<LoadedInput> {
  const context: EventsReadContext = {
    progress,
    findingsListed: options.findingsListed ?? FINDINGS_LISTED_PER_FILE,
    cache:
      options.cacheDir === undefined || options.cacheDir === null
        ? null
        : new ParseCache(options.cacheDir, undefined, options.onCacheRead),
    warn: onceOnly(options.warn ?? (() => {})),
    ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    ...(options.stats === undefined ? {} : { stats: options.stats }),
    ...(options.ranges === undefined ? {} : { ranges: options.ranges }),
    ...(options.deferred === undefined ? {} : { deferred: options.deferred }),
    ...(options.storeLines === true ? { storeLines: true } : {}),
    saves: options.saves ?? [],
  };
  const plans = new Map<DiscoveredFile, EventsFilePlan>();
  for (const file of files) if (file.kind === "events") plans.set(file, await planEventsFile(file, context));
  options.onCacheRead?.();
  const toParse = [...plans.values()].reduce((n, plan) => n + bytesToParse(plan), 0);
  let workers = options.workers ?? (toParse > AUTO_WORKERS_BYTES ? autoWorkers() : 0);
  if (workers > 1) {
    // No more workers than parts: each idle one would only cost its start and its memory.
    let parts = 0;
    for (const plan of plans.values()) parts += await splitForPool(plan, options.rangeBytes ?? RANGE_BYTES);
    workers = Math.min(workers, parts);
  }
  if (options.stats !== undefined && workers > 1) options.stats.workers = workers;
  const pool =
    workers > 1 ? new ParsePool(workers, context.findingsListed ?? FINDINGS_LISTED_PER_FILE) : null;
  try {
    if (pool !== null) for (const plan of plans.values()) startOnPool(plan, pool, context);
    const reads: Array<EventsFileRead | TextFileRead> = [];
    for (const file of files) {
      const plan = plans.get(file);
      reads.push(plan !== undefined ? await finishEventsFile(plan, context) : await readTextFile(file));
      progress.fileDone();
    }
    return assemble(reads);
  } finally {
    await pool?.close();
    if (options.saves === undefined) await Promise.all(context.saves);
  }
}

/** The same warning once per run, not once per file. */
function onceOnly(warn: (message: string) => void): (message: string) => void {
  let said = false;
  return (message) => {
    if (said) return;
    said = true;
    warn(message);
  };
}

/** Discovers and reads the inputs named on the command line. */
export async function loadInputs(
  inputs: readonly string[],
  cwd: string,
  makeProgress: (files: number) => Progress,
  options: LoadOptions = {},
): Promise<LoadedInput> {
  const { files, findings } = await discoverInputs(inputs, cwd);
  const loaded = await loadFiles(files, makeProgress(files.length), options);
  // What discovery could not open (a folder or file without permission) is reported like a bad line.
  return findings.length === 0 ? loaded : { ...loaded, findings: [...findings, ...loaded.findings] };
}

/**
 * The LoadedInput from what each file gave, in path order: lists are joined, main agents are
 * `main` and every agent a config names, and a later config's or overrides file's entry replaces
 * an earlier one's.
 */
function assemble(reads: ReadonlyArray<EventsFileRead | TextFileRead>): LoadedInput {
  const texts = reads.flatMap((r) => ("content" in r ? [r.content] : []));
  const omitted = reads.flatMap((r) => ("omitted" in r ? r.omitted : []));
  return {
    files: reads.map((r) => r.file),
    events: reads.flatMap((r) => ("events" in r ? r.events : [])),
    findings: reads.flatMap((r) => r.findings),
    ...(omitted.length > 0 ? { findingsOmitted: omitted } : {}),
    taskFiles: texts.flatMap((c) => c.taskFiles ?? []),
    history: texts.flatMap((c) => c.history ?? []),
    currentTasks: texts.flatMap((c) => c.currentTasks ?? []),
    mainAgents: [...new Set(["main", ...texts.flatMap((c) => c.mainAgents ?? [])])].sort(),
    // Keys are ids from the files; mergeOwn keeps `__proto__` an entry where Object.assign would not.
    mentionNames: mergeOwn(texts.map((c) => c.mentionNames ?? {})),
    overrides: mergeOwn(texts.map((c) => c.overrides ?? {})),
    // Absent when no subagent's .meta.json was read, so the LoadedInput of other logs is unchanged.
    ...subagentMetaOf(texts),
  };
}

/** The subagents' `.meta.json` records of every file, as the optional LoadedInput field. */
function subagentMetaOf(texts: ReadonlyArray<TextFileRead["content"]>): Pick<LoadedInput, "subagentMeta"> {
  const meta = texts.flatMap((c) => c.subagentMeta ?? []);
  return meta.length > 0 ? { subagentMeta: meta } : {};
}
