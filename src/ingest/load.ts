import type { LoadedInput } from "../core/input.ts";
import { mergeOwn } from "../core/safe-map.ts";
import { discoverInputs, type DiscoveredFile } from "./discover.ts";
import type { Progress } from "./progress.ts";
import { readEventsFile, type EventsFileRead } from "./read-events-file.ts";
import { readTextFile, type TextFileRead } from "./read-text-file.ts";

/**
 * Reads every file into the LoadedInput the core analyses. Files are read one after another, in
 * the path order discover gives them in, so findings and event order never depend on timing.
 */
async function loadFiles(files: readonly DiscoveredFile[], progress: Progress): Promise<LoadedInput> {
  const reads: Array<EventsFileRead | TextFileRead> = [];
  for (const file of files) {
    reads.push(file.kind === "events" ? await readEventsFile(file, progress) : await readTextFile(file));
    progress.fileDone();
  }
  return assemble(reads);
}

/** Discovers and reads the inputs named on the command line. */
export async function loadInputs(
  inputs: readonly string[],
  cwd: string,
  makeProgress: (files: number) => Progress,
): Promise<LoadedInput> {
  const { files, findings } = await discoverInputs(inputs, cwd);
  const loaded = await loadFiles(files, makeProgress(files.length));
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
  };
}
