import type { CanonicalEvent } from "../event.ts";
import { pushTo } from "../group.ts";

/**
 * Why an event stayed unattributed, as a key pages name in words: it names nothing to go by; its
 * conversation or its task is tied to more than one session; or nothing ties what it names to a
 * session. Each key has a row in the labels table.
 */
export const UNATTRIBUTED_REASONS = [
  "names_nothing",
  "conversation_in_many_sessions",
  "task_in_many_sessions",
  "not_tied",
] as const;
export type UnattributedReason = (typeof UNATTRIBUTED_REASONS)[number];

/** An event no work session could take, and why. */
interface Unattributed {
  event: CanonicalEvent;
  /** Why, in a sentence that names the ids involved. */
  reason: string;
  /** Why, as a key. */
  reasonKey: UnattributedReason;
}

/** Events grouped by work session, and the rest. */
export interface Attribution {
  /** Events by work session id, in timeline order. */
  bySession: Map<string, CanonicalEvent[]>;
  /** Events that no session could take, in timeline order. */
  unattributed: Unattributed[];
}

/**
 * Puts each event in a work session: its own workSessionId; else the one session its
 * conversation belongs to; else the one session its task belongs to (task events, or the task
 * file's Work Session), so that continuation, unblock, zombie and backlog signals land in their
 * task's session. What is ambiguous or has nothing to go by stays unattributed, with the reason.
 */
export function attributeEvents(
  events: readonly CanonicalEvent[],
  taskSessions: ReadonlyMap<string, string>,
): Attribution {
  const byConversation = new Map<string, Set<string>>();
  const byTask = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, key: string | null, ws: string): void => {
    if (key === null) return;
    const set = map.get(key) ?? new Set<string>();
    set.add(ws);
    map.set(key, set);
  };
  for (const [task, ws] of taskSessions) note(byTask, task, ws);
  for (const event of events) {
    if (event.workSessionId === null) continue;
    note(byConversation, event.conversationId, event.workSessionId);
    note(byTask, event.taskId, event.workSessionId);
  }

  const bySession = new Map<string, CanonicalEvent[]>();
  const unattributed: Unattributed[] = [];
  for (const event of events) {
    const found =
      event.workSessionId !== null ? { ws: event.workSessionId } : lookUp(event, byConversation, byTask);
    if ("ws" in found) {
      pushTo(bySession, found.ws, event);
    } else {
      unattributed.push({ event, reason: found.reason, reasonKey: found.reasonKey });
    }
  }
  return { bySession, unattributed };
}

function lookUp(
  event: CanonicalEvent,
  byConversation: Map<string, Set<string>>,
  byTask: Map<string, Set<string>>,
): { ws: string } | { reason: string; reasonKey: UnattributedReason } {
  for (const [what, key, map] of [
    ["conversation", event.conversationId, byConversation],
    ["task", event.taskId, byTask],
  ] as const) {
    if (key === null) continue;
    const sessions = map.get(key);
    if (sessions === undefined) continue;
    if (sessions.size === 1) return { ws: [...sessions][0] as string };
    return {
      reason: `its ${what} ${key} belongs to ${sessions.size} work sessions (${[...sessions].sort().join(", ")})`,
      reasonKey: what === "conversation" ? "conversation_in_many_sessions" : "task_in_many_sessions",
    };
  }
  if (event.conversationId === null && event.taskId === null)
    return { reason: "it names no work session, conversation or task", reasonKey: "names_nothing" };
  const names = [
    event.conversationId !== null ? `conversation ${event.conversationId}` : null,
    event.taskId !== null ? `task ${event.taskId}` : null,
  ].filter((x) => x !== null);
  return {
    reason: `no event or task file ties its ${names.join(" or ")} to a work session`,
    reasonKey: "not_tied",
  };
}
