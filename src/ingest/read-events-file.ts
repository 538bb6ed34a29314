import type { BaseEvent } from "../core/event.ts";
import type { CheckedRange } from "../core/incremental/snapshot.ts";
import { DeferredEvents } from "./deferred-events.ts";
import { FINGERPRINT_PREFIX } from "../core/fingerprint.ts";
import type { Finding, OmittedFindings } from "../core/finding.ts";
import type { InputFile } from "../core/input.ts";
import type { DiscoveredFile } from "./discover.ts";
import {
  BYTES_PER_EVENT_GUESS,
  decodeEvents,
  EventColumnsBuilder,
  type EventColumns,
} from "./event-columns.ts";
import { CheckedFileBytes } from "./file-bytes.ts";
import { FindingsTally, type TallyState } from "./findings-tally.ts";
import {
  closeParts,
  fileState,
  ParseCache,
  type CachedParse,
  type CachedSegment,
  type FileState,
} from "./parse-cache.ts";
import { mergedTail, piecesOf } from "./merge-parts.ts";
import { LineStore } from "./line-store.ts";
import { parsePart, type PartEnd, type PartJob } from "./parse-part.ts";
import { completeLinesEnd, splitRanges, type ParsePool, type PartReply } from "./parse-pool.ts";
import type { Progress } from "./progress.ts";
import { isGzip } from "./read-lines.ts";
import { sniffFile, type FileShape } from "./sniff-file.ts";

/** What one event file gave: the file as listed, its events in line order, and its findings. */
export interface EventsFileRead {
  /** The file as `input.files` lists it. */
  file: InputFile;
  /** Its events, as read, in line order. */
  events: BaseEvent[];
  /** What was wrong with its lines, each with its line number: the first ones, up to the limit. */
  findings: Finding[];
  /** The findings past the limit, counted by reason. */
  omitted: OmittedFindings[];
}

export interface ReadEventsOptions {
  /** How many findings are kept; the rest are counted. Tests set a low one. */
  findingsListed?: number;
  /** Longer lines are skipped with a finding; tests set a low limit. */
  maxLineBytes?: number;
}

/** How the event files of a run are read: where parts are parsed and what is cached. */
export interface EventsReadContext {
  /** Progress of the run. */
  progress: Progress;
  /** How many findings are listed per file. */
  findingsListed?: number;
  /** The cache, or null to parse every file from its start. */
  cache: ParseCache | null;
  /** Says one line about a cache that could not be written; the run goes on without it. */
  warn: (message: string) => void;
  /** Longer lines are skipped with a finding; tests set a low limit. */
  maxLineBytes?: number;
  /** Counts of what the cache gave and what was parsed, for tests and benchmarks. */
  stats?: LoadStats;
  /** Filled, when given, with what the cache checked and kept of each event file, by its path. */
  ranges?: Map<string, FileRanges>;
  /**
   * When given, the cached events are kept here as columns instead of being made, and each file's
   * events are only those parsed in this run (see DeferredEvents).
   */
  deferred?: DeferredEvents;
  /**
   * Whether the lines of plain files parsed on this thread are left in their files (see
   * LineStore), each event's `raw` reading its line again when asked for.
   */
  storeLines?: boolean;
  /**
   * The cache's saves under way. A save takes what it keeps before it returns to the event loop,
   * so only its writes are left here: the loader or its caller awaits them while other work goes on.
   */
  saves: Array<Promise<void>>;
}

/**
 * What the parse cache checked of an event file before a run read on, and what it keeps after:
 * the incremental analysis tells by them that a file only grew since it was last analysed.
 */
export interface FileRanges {
  /** The cached parts' ranges, checked against the file; null when the cache gave nothing. */
  checked: CheckedRange[] | null;
  /**
   * The ranges of the complete lines the run read, as the cache keeps them; null without a cache.
   * A last line without its newline is not kept: a later run reads it again. When it is an event,
   * which this run's analysis counted, the ranges are null too, so that no later run takes it for
   * a new line. A gzip file or a JSON array is kept whole, and a later run finds it unchanged or
   * not at all.
   */
  kept: CheckedRange[] | null;
  /** The lines those ranges hold. */
  keptLines: number;
}

/** What the cache gave and what was parsed in a run. */
export interface LoadStats {
  /** Bytes of event files whose parse came from the cache. */
  cachedBytes: number;
  /** Bytes of event files parsed. */
  parsedBytes: number;
  /** Parts parsed on workers and merged (not parsed again on the main thread). */
  workerParts?: number;
  /** The worker threads the run parsed on, at most one per part; absent on the main thread. */
  workers?: number;
}

/** One part of a file to parse, and, once started on a worker, its reply. */
interface PlannedPart {
  /** The part. */
  job: PartJob;
  /** Whether the part ends with a complete line, so that the cache may keep it. */
  complete: boolean;
  /** The worker's reply, when a worker parses it. */
  reply?: Promise<PartReply>;
}

/** How one event file is to be read: what the cache gives, and which bytes are left to parse. */
export interface EventsFilePlan {
  /** The file. */
  file: DiscoveredFile;
  /** Its state on disk, or null when it could not be looked at (reading it then says why). */
  state: FileState | null;
  /** Whether it is gzip. */
  gzip: boolean;
  /** How it is read, as its first bytes tell: lines, a JSON array, or a file of no known format. */
  shape: FileShape;
  /** What the cache gives. */
  cached: CachedParse | null;
  /** Where the bytes left to parse start. */
  from: number;
  /** Where the complete lines end: what the cache may keep. */
  completeEnd: number;
  /** The parts to parse, in order. */
  parts: PlannedPart[];
}

/**
 * Reads one NDJSON file into events, on this thread and without a cache. Every line that cannot
 * become an event, or that had something wrong with it, leaves a finding with its line number.
 * Findings are kept up to a limit and the rest counted, so a file of millions of bad lines does
 * not fill memory with them.
 */
export async function readEventsFile(
  file: DiscoveredFile,
  progress: Progress,
  options: ReadEventsOptions = {},
): Promise<EventsFileRead> {
  const context: EventsReadContext = { progress, cache: null, warn: () => {}, saves: [], ...options };
  return finishEventsFile(await planEventsFile(file, context), context);
}

/** Looks the file up in the cache and works out which bytes are left to parse, in one part. */
export async function planEventsFile(
  file: DiscoveredFile,
  context: EventsReadContext,
): Promise<EventsFilePlan> {
  const whole = (state: FileState | null, gzip: boolean, shape: FileShape = LINES): EventsFilePlan => ({
    file,
    state,
    gzip,
    shape,
    cached: null,
    from: 0,
    completeEnd: 0,
    parts: [
      {
        job: {
          absPath: file.absPath,
          file: file.path,
          start: 0,
          ...(state === null ? {} : { end: state.size }),
          lineBase: 0,
          ...(shape.kind === "lines" ? {} : { shape }),
        },
        // A file of no known format is not cached: a few more lines may make it one.
        complete: shape.kind === "array" || (gzip && shape.kind === "lines"),
      },
    ],
  });
  let state: FileState;
  let gzip: boolean;
  let shape: FileShape;
  try {
    state = await fileState(file.absPath);
    gzip = await isGzip(file.absPath);
    shape = await sniffFile(file.absPath, gzip);
  } catch {
    // Reading it reports what is wrong, as a finding on the file.
    return whole(null, false);
  }
  if (shape.kind === "unknown") return whole(state, gzip, shape);
  // A gzip file and a JSON array are parsed whole and cached whole: used only while unchanged.
  const parsedWhole = gzip || shape.kind === "array";
  if (parsedWhole && context.cache === null) return whole(state, gzip, shape);
  // A read that makes every cached event (no DeferredEvents) with their lines held reads the file's
  // bytes once, whole; one that makes only those it picks (DeferredEvents) leaves the parts in
  // their files.
  let cached =
    context.cache === null
      ? null
      : await context.cache.lookup(
          file.absPath,
          state,
          context.deferred !== undefined ? "in place" : context.storeLines === true ? "read" : "whole",
        );
  if (cached !== null && nextRun(cached.segments) >= ParseCache.MAX_RUNS) {
    closeParts(cached);
    cached = null;
  }
  if (parsedWhole)
    return cached === null ? whole(state, gzip, shape) : { ...whole(state, gzip, shape), cached, parts: [] };
  const from = cached?.stop ?? 0;
  const completeEnd = context.cache === null ? from : await completeLinesEnd(file.absPath, from, state.size);
  const parts: PlannedPart[] = [];
  const part = (start: number, end: number, complete: boolean): PlannedPart => ({
    job: { absPath: file.absPath, file: file.path, start, end, lineBase: 0 },
    complete,
  });
  if (completeEnd > from) parts.push(part(from, completeEnd, true));
  if (state.size > completeEnd) parts.push(part(completeEnd, state.size, false));
  return { file, state, gzip: false, shape, cached, from, completeEnd, parts };
}

const LINES: FileShape = { kind: "lines" };

/**
 * Whether the plan's file is parsed and cached whole (gzip, a JSON array, a file of no known
 * format) rather than as byte ranges of lines, and keeps its events' bytes in the cache.
 */
function isWhole(plan: EventsFilePlan): boolean {
  return plan.gzip || plan.shape.kind !== "lines";
}

/** The bytes a plan leaves to parse. */
export function bytesToParse(plan: EventsFilePlan): number {
  if (isWhole(plan)) return plan.parts.length > 0 ? (plan.state?.size ?? 0) : 0;
  return (plan.state?.size ?? 0) - plan.from;
}

/**
 * Cuts the plan's plain bytes into ranges of about `rangeBytes` that end at line ends, so the
 * file is parsed by several workers at once; gives how many parts the plan then has for workers.
 */
export async function splitForPool(plan: EventsFilePlan, rangeBytes: number): Promise<number> {
  // Only files of lines go to the workers (see startOnPool): the others need none.
  if (plan.shape.kind !== "lines") return 0;
  const parts: PlannedPart[] = [];
  for (const part of plan.parts) {
    if (isWhole(plan) || part.job.end === undefined) {
      parts.push(part);
      continue;
    }
    for (const [start, end] of await splitRanges(part.job.absPath, part.job.start, part.job.end, rangeBytes))
      parts.push({ job: { ...part.job, start, end }, complete: part.complete });
  }
  plan.parts = parts;
  return parts.length;
}

/** Starts the plan's parts on the pool. */
export function startOnPool(plan: EventsFilePlan, pool: ParsePool, context: EventsReadContext): void {
  // An array is parsed on this thread: it is one part, and its elements are few and large.
  if (plan.shape.kind !== "lines") return;
  // A plain file's lines stay in it when the run asks for that, as on this thread (parseHere).
  const leaveLines = context.storeLines === true && !isWhole(plan);
  for (const part of plan.parts) {
    part.reply = pool.parse({ ...jobIn(part.job, context), ...(leaveLines ? { leaveLines } : {}) });
    // Taken in order later; a failure then falls back to this thread, so none is left unhandled.
    part.reply.catch(() => {});
  }
}

/**
 * The job as the context asks for it: with its line length limit, when it sets one, and without a
 * CRC when there is no cache, as nothing else keeps one (hashing every byte is a tenth of a parse).
 */
function jobIn(job: PartJob, context: EventsReadContext): PartJob {
  return {
    ...job,
    ...(context.maxLineBytes === undefined ? {} : { maxLineBytes: context.maxLineBytes }),
    ...(context.cache === null ? { hash: false } : {}),
  };
}

/** What has been read of a file so far. */
interface Reading {
  events: BaseEvent[];
  tally: FindingsTally;
  lines: number;
  bytes: number;
  /** The parts the cache is to keep, the cached ones first. */
  segments: CachedSegment[];
  /** Lines, bytes and findings up to the end of the last complete part. */
  complete: { lines: number; bytes: number; tally: TallyState } | null;
  stopped: boolean;
}

/**
 * Reads what the plan says: the cached events, then the parts (from the workers, in order, or
 * on this thread), and keeps the new complete lines in the cache. A worker's part that cannot be merged exactly (it
 * failed, or its findings cannot be continued) makes this thread parse the uncached bytes in
 * one pass instead, so the result never depends on how the file was split.
 */
export async function finishEventsFile(
  plan: EventsFilePlan,
  context: EventsReadContext,
): Promise<EventsFileRead> {
  const { file, cached } = plan;
  const listed = context.findingsListed;
  let reading: Reading | null = null;
  // Cached events kept as columns for later (see DeferredEvents): counted, not made.
  let deferredEvents = 0;
  if (cached !== null) {
    try {
      if (context.deferred === undefined) {
        const leaveLines = context.storeLines === true;
        if (!leaveLines) await cached.raw?.load();
        reading = fromCache(cached, file.path, listed, leaveLines);
      } else {
        deferredEvents = DeferredEvents.count(cached);
        reading = {
          ...fromCache({ ...cached, segments: [] }, file.path, listed),
          segments: [...cached.segments],
        };
        context.deferred.add(file.path, cached);
      }
    } catch {
      // A cache file that passed its checks but does not decode is ignored, like any damaged one.
      closeParts(cached);
      return finishEventsFile({ ...plan, ...(await planWithoutCache(plan)) }, context);
    }
    context.progress.bytes(cached.bytes);
    if (context.stats !== undefined) context.stats.cachedBytes += cached.bytes;
  }
  reading ??= {
    events: [],
    tally: new FindingsTally(listed),
    lines: 0,
    bytes: 0,
    segments: [],
    complete: null,
    stopped: false,
  };
  const start = snapshot(reading);
  const merged =
    plan.parts.every((p) => p.reply !== undefined) && (await mergeReplies(plan, reading, context));
  if (!merged) {
    restore(reading, start);
    await parseHere(plan, reading, context);
  }
  // An event without a time keeps `ts: NaN`: the analysis dates it from the other sources of its
  // session (src/core/claude/date-events.ts), never from the file's modification time.
  const events = reading.events;
  context.progress.events(events.length + deferredEvents);
  if (context.stats !== undefined) context.stats.parsedBytes += reading.bytes - (cached?.bytes ?? 0);
  // Before the parts are kept and their ranges given to the snapshot, which must name the same parts.
  if (context.cache !== null && !isWhole(plan) && !reading.stopped) {
    try {
      reading.segments = mergedTail(reading.segments);
    } catch {
      // Columns that do not join (a damaged dictionary, or one past the longest string V8 makes)
      // are kept as they were parsed: a later run reads them as they are.
    }
  }
  context.saves.push(saveToCache(plan, reading, context));
  // A last line without its newline is parsed again by every run and never kept. When it is an
  // event, this run's analysis counts it, and a later run that took the kept ranges for all this
  // one had read would count it again, as a new line; a finding of it is counted afresh each run.
  const lastEvent = reading.events.at(-1);
  const eventNotKept = lastEvent !== undefined && lastEvent.line > (reading.complete?.lines ?? 0);
  const allKept = !reading.stopped && !eventNotKept;
  context.ranges?.set(file.path, {
    checked: cached === null ? null : cached.segments.flatMap(piecesOf),
    kept: context.cache === null || !allKept ? null : reading.segments.flatMap(piecesOf),
    keptLines: reading.complete?.lines ?? 0,
  });
  const { listed: findings, omitted } = reading.tally.result(file.path);
  return {
    file: {
      path: file.path,
      kind: "events",
      bytes: reading.bytes,
      lines: reading.lines,
      events: events.length + deferredEvents,
      errors: reading.tally.total,
    },
    events,
    findings,
    omitted,
  };
}

/** The plan of a file read from its start, for a cache that turned out unusable. */
async function planWithoutCache(plan: EventsFilePlan): Promise<EventsFilePlan> {
  const state = plan.state;
  const end = state?.size;
  const parts: PlannedPart[] = [];
  if (isWhole(plan))
    parts.push({
      job: {
        absPath: plan.file.absPath,
        file: plan.file.path,
        start: 0,
        lineBase: 0,
        ...(plan.shape.kind === "lines" ? {} : { shape: plan.shape }),
      },
      complete: plan.shape.kind !== "unknown",
    });
  else {
    const completeEnd = end === undefined ? 0 : await completeLinesEnd(plan.file.absPath, 0, end);
    if (completeEnd > 0)
      parts.push({
        job: { absPath: plan.file.absPath, file: plan.file.path, start: 0, end: completeEnd, lineBase: 0 },
        complete: true,
      });
    parts.push({
      job: {
        absPath: plan.file.absPath,
        file: plan.file.path,
        start: completeEnd,
        ...(end === undefined ? {} : { end }),
        lineBase: 0,
      },
      complete: false,
    });
  }
  return { ...plan, cached: null, from: 0, parts };
}

/**
 * The events and findings of the cache; with `leaveLines`, the events' lines are left in the file
 * (see decodeEvents), else the file's bytes must have been loaded.
 */
function fromCache(
  cached: CachedParse,
  path: string,
  listed: number | undefined,
  leaveLines = false,
): Reading {
  const parts: BaseEvent[][] = [];
  for (const segment of cached.segments) {
    const decoded = decodeEvents(
      segment.columns,
      path,
      segment.lineBase,
      (leaveLines ? cached.raw : cached.raw?.all()) ?? segment.columns.rawBytes,
      leaveLines,
    );
    parts.push(decoded.events);
  }
  // Joined once, rather than pushed one by one: a warm run's file holds hundreds of thousands.
  const events = parts.length === 1 ? parts[0]! : ([] as BaseEvent[]).concat(...parts);
  return {
    events,
    tally: new FindingsTally(listed, cached.tally),
    lines: cached.lines,
    bytes: cached.bytes,
    segments: [...cached.segments],
    complete: { lines: cached.lines, bytes: cached.bytes, tally: cached.tally },
    stopped: false,
  };
}

interface Snapshot {
  events: number;
  tally: TallyState;
  lines: number;
  bytes: number;
  segments: number;
  complete: Reading["complete"];
}

function snapshot(r: Reading): Snapshot {
  return {
    events: r.events.length,
    tally: r.tally.state(),
    lines: r.lines,
    bytes: r.bytes,
    segments: r.segments.length,
    complete: r.complete,
  };
}

function restore(r: Reading, s: Snapshot): void {
  r.events.length = s.events;
  r.tally = new FindingsTally(r.tally.limit, s.tally);
  r.lines = s.lines;
  r.bytes = s.bytes;
  r.segments.length = s.segments;
  r.complete = s.complete;
  r.stopped = false;
}

/** Merges the workers' replies in order; false when that cannot be done exactly. */
async function mergeReplies(plan: EventsFilePlan, r: Reading, context: EventsReadContext): Promise<boolean> {
  const run = nextRun(r.segments);
  for (const part of plan.parts) {
    let reply: PartReply;
    try {
      reply = await part.reply!;
    } catch {
      return false;
    }
    // Reading stopped early: one pass would not have read the parts after it.
    if (reply.end.stopped && plan.parts.length > 1) return false;
    if (!r.tally.append(reply.tally, r.lines)) return false;
    // A worker numbers a part's lines from the part's start; an id made from a line's number
    // (lineId) is then wrong in any part after the first, so such a file is read in one pass.
    // A part whose lines were left in the file but cannot be read again is parsed here instead.
    const raw =
      reply.blocks === undefined
        ? reply.columns.rawBytes
        : reply.blocks === null
          ? null
          : new CheckedFileBytes(part.job.absPath, reply.blocks.end, reply.blocks.crcs, part.job.start);
    if (raw === null || !addColumns(r, reply.columns, plan.file.path, raw)) return false;
    const lineBase = r.lines;
    r.lines += reply.end.lines;
    r.bytes += reply.end.bytes;
    r.stopped ||= reply.end.stopped;
    context.progress.bytes(reply.end.bytes);
    if (context.stats !== undefined) context.stats.workerParts = (context.stats.workerParts ?? 0) + 1;
    if (part.complete) {
      r.segments.push({ lineBase, columns: reply.columns, ...range(part.job, reply.end), run });
      r.complete = { lines: r.lines, bytes: r.bytes, tally: r.tally.state() };
    }
  }
  return true;
}

/** Adds a worker's events; false when one has an id made from a part-relative line number. */
function addColumns(
  r: Reading,
  columns: EventColumns,
  path: string,
  raw: Uint8Array | CheckedFileBytes,
): boolean {
  const decoded = decodeEvents(columns, path, r.lines, raw, raw instanceof CheckedFileBytes);
  if (r.lines > 0 && decoded.events.some((e) => e.id?.startsWith(FINGERPRINT_PREFIX) === true)) return false;
  const events = decoded.events;
  for (let i = 0; i < events.length; i++) r.events.push(events[i]!);
  return true;
}

/** Parses the plan's parts on this thread, one after another, building columns for the cache. */
async function parseHere(plan: EventsFilePlan, r: Reading, context: EventsReadContext): Promise<void> {
  const run = nextRun(r.segments);
  for (const part of plan.parts) {
    const builder =
      context.cache !== null && part.complete && plan.state !== null
        ? new EventColumnsBuilder(
            plan.file.path,
            r.lines,
            isWhole(plan),
            undefined,
            Math.ceil(((part.job.end ?? plan.state.size) - part.job.start) / BYTES_PER_EVENT_GUESS),
          )
        : null;
    const lineBase = r.lines;
    // A gzip file's or an array's bytes are not lines at offsets of the file: their lines are held.
    const store =
      context.storeLines === true && !isWhole(plan)
        ? new LineStore(part.job.absPath, part.job.start)
        : undefined;
    const end = await parsePart(
      { ...jobIn(part.job, context), lineBase },
      r.tally,
      (event, needsTime, offset) => {
        r.events.push(event);
        builder?.push(event, needsTime, offset);
      },
      (n) => context.progress.bytes(n),
      store,
    );
    r.lines += end.lines;
    r.bytes += end.bytes;
    r.stopped ||= end.stopped;
    // Reading stopped at an error: one pass reads nothing after it.
    if (end.stopped) return;
    if (builder !== null) {
      r.segments.push({ lineBase, columns: builder.done(), ...range(part.job, end), run });
      r.complete = { lines: r.lines, bytes: r.bytes, tally: r.tally.state() };
    }
  }
}

/** The run after those that added `segments`: every part this run adds is counted as it. */
function nextRun(segments: readonly CachedSegment[]): number {
  return segments.length === 0 ? 0 : segments[segments.length - 1]!.run + 1;
}

/** The bytes a part read, with the CRC its parse took of them, as the cache keeps them. */
function range(job: PartJob, end: PartEnd): { start: number; end: number; crc: number } {
  return { start: job.start, end: job.start + end.bytes, crc: end.crc };
}

/**
 * Keeps the file's complete lines in the cache, when something new was read; a failure is one
 * warning, so the promise never rejects.
 */
async function saveToCache(plan: EventsFilePlan, r: Reading, context: EventsReadContext): Promise<void> {
  const cache = context.cache;
  if (cache === null || plan.state === null || r.stopped || r.complete === null) return;
  if (!plan.parts.some((p) => p.complete)) return;
  try {
    await cache.save(plan.state, {
      gzip: isWhole(plan),
      stop: isWhole(plan) ? plan.state.size : plan.completeEnd,
      lines: r.complete.lines,
      bytes: r.complete.bytes,
      tally: r.complete.tally,
      segments: r.segments,
    });
  } catch (error) {
    context.warn(`workscope: could not write the parse cache in ${cache.dir}: ${(error as Error).message}`);
  }
}
