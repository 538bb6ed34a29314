import type { LoadedInput } from "../core/input.ts";
import { discover, type DiscoveredFile } from "./discover.ts";
import type { Progress } from "./progress.ts";
import { readEventsFile } from "./read-events-file.ts";
import { readTextFile } from "./read-text-file.ts";

/**
 * Reads every file into the LoadedInput the core analyses. Files are read one after another, in
 * path order within each kind, so findings and event order never depend on timing.
 */
export async function loadFiles(files: readonly DiscoveredFile[], progress: Progress): Promise<LoadedInput> {
  const input: LoadedInput = {
    files: [],
    events: [],
    findings: [],
    taskFiles: [],
    history: [],
    currentTasks: [],
    mainAgents: ["main"],
    mentionNames: {},
    overrides: {},
  };
  // Config and task files first: classifying events needs to know the main agents.
  const ordered = [...files.filter((f) => f.kind !== "events"), ...files.filter((f) => f.kind === "events")];
  for (const file of ordered) {
    const read =
      file.kind === "events"
        ? await readEventsFile(
            file,
            { mainAgents: new Set(input.mainAgents) },
            input.events,
            input.findings,
            progress,
          )
        : await readTextFile(file, input, input.findings);
    input.files.push(read);
    progress.fileDone();
  }
  input.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return input;
}

/** Discovers and reads the inputs named on the command line. */
export async function loadInputs(
  inputs: readonly string[],
  cwd: string,
  makeProgress: (files: number) => Progress,
): Promise<LoadedInput> {
  const files = await discover(inputs, cwd);
  return loadFiles(files, makeProgress(files.length));
}
