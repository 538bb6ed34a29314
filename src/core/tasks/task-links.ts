import type { LoadedInput } from "../input.ts";

/** What task files and history tell the work sessions, before any event is looked at. */
export interface TaskLinks {
  /** The work session each task file names, by task id: how task events find their session. */
  sessionOfTask: ReadonlyMap<string, string>;
  /** The session each session continues, as task files name it, by session id. */
  previousSession: ReadonlyMap<string, string>;
  /**
   * Each task's description, by task id: its task file's, else its first history entry's. A
   * session of task signals only is titled and classified by them.
   */
  descriptions: ReadonlyMap<string, string>;
}

/** The links task files and history make; of two files for one task, the later in path order counts. */
export function taskLinksOf(input: Pick<LoadedInput, "taskFiles" | "history">): TaskLinks {
  const sessionOfTask = new Map<string, string>();
  const previousSession = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const { record } of input.history)
    if (!descriptions.has(record.taskId)) descriptions.set(record.taskId, record.description);
  for (const { record } of input.taskFiles) {
    descriptions.set(record.id, record.description);
    if (record.workSessionId === undefined) continue;
    sessionOfTask.set(record.id, record.workSessionId);
    if (record.previousWorkSessionId !== undefined)
      previousSession.set(record.workSessionId, record.previousWorkSessionId);
  }
  return { sessionOfTask, previousSession, descriptions };
}
