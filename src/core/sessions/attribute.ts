import type { CanonicalEvent } from "../event.ts";
import { addTo, pushTo } from "../group.ts";

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
export interface Unattributed {
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
  /** The sessions each conversation was tied to, by an event that names both. */
  byConversation: ReadonlyMap<string, ReadonlySet<string>>;
  /** The sessions each task was tied to, by an event that names both or by its task file. */
  byTask: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Ties from conversations and tasks to sessions that events outside the ones given made: an
 * analysis of some of a log's events (the incremental one) attributes them as the whole log would.
 */
export interface KnownTies {
  /** Sessions by conversation. */
  byConversation: ReadonlyMap<string, readonly string[]>;
  /** Sessions by task. */
  byTask: ReadonlyMap<string, readonly string[]>;
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
  known?: KnownTies,
): Attribution {
  const byConversation = new Map<string, Set<string>>();
  const byTask = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, key: string | null, ws: string): void => {
    if (key !== null) addTo(map, key, ws);
  };
  for (const [task, ws] of taskSessions) note(byTask, task, ws);
  if (known !== undefined) {
    for (const [conversation, sessions] of known.byConversation)
      for (const ws of sessions) note(byConversation, conversation, ws);
    for (const [task, sessions] of known.byTask) for (const ws of sessions) note(byTask, task, ws);
  }
  // Indexed loops: each runs once over every event, and a for…of loop that runs once makes an
  // iterator result per element before it is optimized (several times slower on a big log).
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as CanonicalEvent;
    if (event.workSessionId === null) continue;
    note(byConversation, event.conversationId, event.workSessionId);
    note(byTask, event.taskId, event.workSessionId);
  }

  const bySession = new Map<string, CanonicalEvent[]>();
  const unattributed: Unattributed[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as CanonicalEvent;
    if (event.workSessionId !== null) {
      pushTo(bySession, event.workSessionId, event);
      continue;
    }
    const found = lookUp(event, byConversation, byTask);
    if ("ws" in found) {
      pushTo(bySession, found.ws, event);
    } else {
      unattributed.push({ event, reason: found.reason, reasonKey: found.reasonKey });
    }
  }
  return { bySession, unattributed, byConversation, byTask };
}

function lookUp(
  event: CanonicalEvent,
  byConversation: Map<string, Set<string>>,
  byTask: Map<string, Set<string>>,
): { ws: string } | { reason: string; reasonKey: UnattributedReason } {
  // The conversation first, then the task. Most events of a busy log name neither: they get one
  // shared answer.
  if (event.conversationId === null && event.taskId === null) return NAMES_NOTHING;
  const byConv = event.conversationId === null ? undefined : byConversation.get(event.conversationId);
  if (byConv !== undefined) return found("conversation", event.conversationId as string, byConv);
  const byTaskId = event.taskId === null ? undefined : byTask.get(event.taskId);
  if (byTaskId !== undefined) return found("task", event.taskId as string, byTaskId);
  const names = [
    event.conversationId !== null ? `conversation ${event.conversationId}` : null,
    event.taskId !== null ? `task ${event.taskId}` : null,
  ].filter((x) => x !== null);
  const named = names.join(" or ");
  let reason = notTiedReasons.get(named);
  if (reason === undefined) {
    // One flat string per conversation or task, shared by its events: a template literal made a
    // tree of cons strings per unattributed event, kept in the Report to the end.
    reason = ["no event or task file ties its ", named, " to a work session"].join("");
    if (notTiedReasons.size >= NOT_TIED_KEPT) notTiedReasons.clear();
    notTiedReasons.set(named, reason);
  }
  return { reason, reasonKey: "not_tied" };
}

/** The reasons made so far, by what the events name; bounded like the intern table. */
const notTiedReasons = new Map<string, string>();
const NOT_TIED_KEPT = 100_000;

const NAMES_NOTHING = Object.freeze({
  reason: "it names no work session, conversation or task",
  reasonKey: "names_nothing" as const,
});

/** The one session a conversation or task belongs to, or why it has more than one. */
function found(
  what: "conversation" | "task",
  key: string,
  sessions: ReadonlySet<string>,
): { ws: string } | { reason: string; reasonKey: UnattributedReason } {
  if (sessions.size === 1) return { ws: sessions.values().next().value as string };
  return {
    reason: `its ${what} ${key} belongs to ${sessions.size} work sessions (${[...sessions].sort().join(", ")})`,
    reasonKey: what === "conversation" ? "conversation_in_many_sessions" : "task_in_many_sessions",
  };
}
