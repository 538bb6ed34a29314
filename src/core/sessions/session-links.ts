import type { CanonicalEvent } from "../event.ts";
import { pushTo } from "../group.ts";

/**
 * The session a work session continues: the one its task file names, else the one a
 * `task.started` event of it names (never itself); undefined when nothing names one.
 */
export function previousSessionOf(
  workSessionId: string,
  events: readonly CanonicalEvent[],
  previousFromTasks: ReadonlyMap<string, string>,
): string | undefined {
  const named = previousFromTasks.get(workSessionId);
  if (named !== undefined) return named;
  for (const event of events) {
    const previous = event.type === "task.started" ? event.facts.previousWorkSessionId : undefined;
    if (previous !== undefined && previous !== workSessionId) return previous;
  }
  return undefined;
}

/**
 * The sessions that continue each session, sorted, by the id of the session they continue: the
 * reverse of the previous links, for the sessions that exist.
 */
export function nextSessionsOf(
  previous: ReadonlyMap<string, string | undefined>,
): ReadonlyMap<string, readonly string[]> {
  const next = new Map<string, string[]>();
  for (const [id, before] of previous) {
    if (before !== undefined && previous.has(before)) pushTo(next, before, id);
  }
  for (const list of next.values()) list.sort();
  return next;
}
