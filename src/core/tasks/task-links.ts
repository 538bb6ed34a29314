import type { LoadedInput } from "../input.ts";

/**
 * What task files tell the work sessions, before any event is looked at. What a task is about
 * comes from the built tasks (buildTasks), not from here.
 */
export interface TaskLinks {
  /** The work session each task file names, by task id: how task events find their session. */
  sessionOfTask: ReadonlyMap<string, string>;
  /** The session each session continues, as task files name it, by session id. */
  previousSession: ReadonlyMap<string, string>;
}

/** The links task files make, from the files distinctTaskFiles kept: one per task. */
export function taskLinksOf(input: Pick<LoadedInput, "taskFiles">): TaskLinks {
  const sessionOfTask = new Map<string, string>();
  const previousSession = new Map<string, string>();
  for (const { record } of input.taskFiles) {
    if (record.workSessionId === undefined) continue;
    sessionOfTask.set(record.id, record.workSessionId);
    if (record.previousWorkSessionId !== undefined)
      previousSession.set(record.workSessionId, record.previousWorkSessionId);
  }
  return { sessionOfTask, previousSession };
}
