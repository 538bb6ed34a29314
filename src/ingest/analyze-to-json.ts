import type { AnalysisStages } from "../core/analyze.ts";
import { analyzeStages } from "../core/analyze.ts";
import { reanalyze, type CachedEvents, type RerunContext } from "../core/incremental/reanalyze.ts";
import type { LoadedInput } from "../core/input.ts";
import type { SnapshotFile } from "../core/incremental/snapshot.ts";
import { inputsHashOf, takeSnapshot } from "../core/incremental/take-snapshot.ts";
import type { InputSummary } from "../core/report.ts";
import { DEFAULT_TIME_ZONE } from "../core/zone.ts";
import type { AnalyzeOptions } from "./analyze-inputs.ts";
import {
  KeptReportChangedError,
  readSnapshot,
  snapshotFile,
  snapshotFormat,
  writeReport,
  type KeptAnalysis,
} from "./analysis-snapshot.ts";
import { DamagedCacheError, DeferredEvents } from "./deferred-events.ts";
import { loadInputs } from "./load.ts";
import { silentProgress } from "./progress.ts";
import type { FileRanges } from "./read-events-file.ts";

/** What a run of analyzeToJson did, for the command's summary. */
export interface JsonRun {
  /** The Report's `input` section. */
  input: InputSummary;
  /** When the last analysis was reused: the work sessions analysed again, of how many. */
  reused: { rebuilt: number; sessions: number } | null;
  /** Why the last analysis kept in the cache was not reused; null when there was none or it was. */
  notReused: string | null;
}

/** What analyzeToJson is told: where the Report goes, the cache's folder, and how to warn. */
type JsonOptions = AnalyzeOptions & { target: string; cacheDir: string; warn: (message: string) => void };

/**
 * `workscope analyze --json FILE` with the parse cache on: reads the inputs, and writes the compact
 * Report to `target` and a snapshot of the analysis beside the parse cache. When the cache holds a
 * snapshot of the same inputs that only gained later events since, only what those events change
 * is analysed again (`reanalyze`); the Report is byte for byte the one a whole analysis writes.
 */
export async function analyzeToJson(inputs: readonly string[], options: JsonOptions): Promise<JsonRun> {
  const file = snapshotFile(options.cacheDir, options.cwd, inputs);
  // Read while the inputs load, and decoded once the parse cache's read is under way, so that the
  // decode and the read go on at once. Held in a box that tryReuse empties, so that the kept
  // Report's bytes can go before a whole analysis is made.
  let cacheReading = (): void => {};
  const ready = new Promise<void>((resolve) => (cacheReading = resolve));
  const reading: { kept: Promise<KeptAnalysis | null> | null } = { kept: readSnapshot(file, ready) };
  const ranges = new Map<string, FileRanges>();
  // The cached events are made only when needed: those analysed again, or all for a whole analysis.
  const deferred = new DeferredEvents();
  // The parse cache's writes go on while the analysis runs; the run ends when they have.
  const saves: Array<Promise<void>> = [];
  try {
    return await analyzeLoaded(inputs, options, file, reading, { ranges, deferred, saves, cacheReading });
  } finally {
    deferred.close();
    await Promise.all(saves);
  }
}

/** The rest of analyzeToJson: loads the inputs into `into`, then reuses the kept analysis or makes it whole. */
async function analyzeLoaded(
  inputs: readonly string[],
  options: JsonOptions,
  file: string,
  reading: { kept: Promise<KeptAnalysis | null> | null },
  into: {
    ranges: Map<string, FileRanges>;
    deferred: DeferredEvents;
    saves: Array<Promise<void>>;
    cacheReading: () => void;
  },
): Promise<JsonRun> {
  const { ranges, deferred, saves, cacheReading } = into;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  let loaded: LoadedInput;
  try {
    loaded = await loadInputs(inputs, options.cwd, options.progress ?? (() => silentProgress), {
      ...options.load,
      cacheDir: options.cacheDir,
      ranges,
      deferred,
      saves,
      onCacheRead: cacheReading,
    });
  } catch (error) {
    // A load that failed before it planned its files never told the snapshot's decode to go on
    // (loadFiles does once it has). The kept Report was opened as the snapshot was read: it is
    // closed before the error goes on.
    cacheReading();
    await (await reading.kept)?.report.handle.close();
    throw error;
  }
  const eventFiles = loaded.files.filter((f) => f.kind === "events");
  const files = filesOf(loaded, ranges);
  const inputsHash = inputsHashOf(loaded);
  const keep = { file, warn: options.warn };
  const read = eventFiles.map((f) => ({ path: f.path, checked: ranges.get(f.path)?.checked ?? null }));
  const tried = await tryReuse(reading, loaded, deferred, options.target, keep, {
    nowMs: options.nowMs,
    timeZone,
    inputsHash,
    read,
    files,
  });
  if (typeof tried !== "string" && tried !== null) return tried;
  // Every cached event is made for a whole analysis. Columns that turn out damaged are read past
  // as a whole read does: the inputs are read again with the cache, which parses those files anew
  // and keeps them, and the snapshot is taken of that read.
  let whole: { input: LoadedInput; files: SnapshotFile[]; inputsHash: string };
  try {
    if (tried === DAMAGED) throw new DamagedCacheError(DAMAGED);
    whole = { input: await deferred.withAll(loaded, options.load?.storeLines === true), files, inputsHash };
  } catch (error) {
    if (!(error instanceof DamagedCacheError)) throw error;
    // The first read's saves land before this read looks in the cache and saves again.
    await Promise.all(saves);
    const again = new Map<string, FileRanges>();
    const input = await loadInputs(inputs, options.cwd, () => silentProgress, {
      ...options.load,
      cacheDir: options.cacheDir,
      ranges: again,
    });
    whole = { input, files: filesOf(input, again), inputsHash: inputsHashOf(input) };
  }
  const stages: AnalysisStages = analyzeStages(whole.input, options.nowMs, timeZone);
  const draft = takeSnapshot(stages, {
    format: snapshotFormat(),
    nowMs: options.nowMs,
    inputsHash: whole.inputsHash,
    files: whole.files,
  });
  await writeReport(options.target, draft.layout, null, { ...keep, snapshot: draft.snapshot });
  return { input: stages.analysis.report.input, reused: null, notReused: tried };
}

/** Why a run did not reuse the kept analysis when cached columns did not decode. */
const DAMAGED = "the parse cache did not decode";

/**
 * The event files as a snapshot keeps them. A file's lines are those the cache keeps: events of a
 * last line without its newline count as new next time, when that line may have grown.
 */
function filesOf(input: LoadedInput, ranges: ReadonlyMap<string, FileRanges>): SnapshotFile[] {
  return input.files
    .filter((f) => f.kind === "events")
    .map((f) => ({
      path: f.path,
      lines: ranges.get(f.path)?.keptLines ?? 0,
      ranges: ranges.get(f.path)?.kept ?? null,
    }));
}

/**
 * The run that reuses the kept analysis, written; else why it could not be (null when nothing
 * was kept).
 */
async function tryReuse(
  reading: { kept: Promise<KeptAnalysis | null> | null },
  input: LoadedInput,
  cached: CachedEvents,
  target: string,
  keep: { file: string; warn: (message: string) => void },
  context: RerunContext,
): Promise<JsonRun | string | null> {
  const pending = reading.kept;
  reading.kept = null;
  const kept = await pending;
  if (kept === null) return null;
  let again: ReturnType<typeof reanalyze>;
  try {
    again = reanalyze(kept.snapshot, input, cached, context);
    if (!("layout" in again)) return again.reason;
    await writeReport(target, again.layout, kept.report, {
      ...keep,
      snapshot: again.snapshot,
      seed: kept.strings,
    });
  } catch (error) {
    if (error instanceof DamagedCacheError) return DAMAGED;
    if (error instanceof KeptReportChangedError) return error.message;
    throw error;
  } finally {
    await kept.report.handle.close();
  }
  return {
    input: again.input,
    reused: { rebuilt: again.rebuilt, sessions: again.snapshot.sessions.length },
    notReused: null,
  };
}
