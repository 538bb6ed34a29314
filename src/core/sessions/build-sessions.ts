import type { CollabCategory } from "../category.ts";
import { evidenceOf } from "../classify/classify-event.ts";
import { eventEvidence } from "../classify/event-category.ts";
import type { CategoryEvidence } from "../classify/event-class.ts";
import { EVENT_ROLES } from "../classify/event-role.ts";
import { eventData } from "../event-data.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import type { CategoryOverrides } from "../overrides.ts";
import type { Attribution } from "./attribute.ts";
import { sessionCategory } from "./session-category.ts";
import { sessionStatus } from "./status.ts";
import { threadEnd } from "./thread-outcome.ts";
import { threadKeyOf } from "./thread-key.ts";
import { sessionTitle } from "./title.ts";
import type { RoleCounts, Thread, UnattributedEvent, WorkSession } from "./work-session.ts";

/** What building sessions needs besides their events. */
export interface SessionContext {
  /** The Report's `now`, epoch ms. */
  nowMs: number;
  /** The time of the last event of the whole log: a flow that waited past it is not orphaned. */
  logEndMs: number;
  /** Manual category overrides by session id. */
  overrides: CategoryOverrides;
  /** `previousWorkSessionId` links named by task files, by session id. */
  previousFromTasks: ReadonlyMap<string, string>;
  /** Task descriptions by task id: a session of task signals only is titled and classified by them. */
  taskDescriptions: ReadonlyMap<string, string>;
}

/** Payloads are parsed once per event at most, and only for the events that need one. */
class Payloads {
  private readonly cache = new Map<CanonicalEvent, Record<string, unknown>>();
  of(event: CanonicalEvent): Record<string, unknown> {
    let data = this.cache.get(event);
    if (data === undefined) this.cache.set(event, (data = eventData(event)));
    return data;
  }
}

/** Builds every work session from the attributed events, newest activity first. */
export function buildWorkSessions(attribution: Attribution, context: SessionContext): WorkSession[] {
  const payloads = new Payloads();
  const sessions = [...attribution.bySession].map(([id, events]) => buildOne(id, events, context, payloads));
  const byId = new Map(sessions.map((s) => [s.workSessionId, s]));
  for (const session of sessions) {
    const previous = session.previousWorkSessionId === undefined ? undefined : byId.get(session.previousWorkSessionId);
    previous?.nextWorkSessionIds.push(session.workSessionId);
  }
  for (const session of sessions) session.nextWorkSessionIds.sort();
  return sessions.sort((a, b) => b.lastActivityMs - a.lastActivityMs || (a.workSessionId < b.workSessionId ? -1 : 1));
}

function buildOne(id: string, events: CanonicalEvent[], context: SessionContext, payloads: Payloads): WorkSession {
  const first = events[0] as CanonicalEvent;
  const last = events.at(-1) as CanonicalEvent;
  const roleCounts = Object.fromEntries(EVENT_ROLES.map((r) => [r, 0])) as RoleCounts;
  const agents = new Set<string>();
  const taskIds = new Set<string>();
  const stated: CollabCategory[] = [];
  for (const event of events) {
    roleCounts[event.eventRole]++;
    for (const agent of [event.agentId, event.fromAgent, event.toAgent]) if (agent !== null) agents.add(agent);
    if (event.taskId !== null) taskIds.add(event.taskId);
    if (event.statedCategory !== null) stated.push(event.statedCategory);
  }
  const conversations = events.filter((e) => e.eventRole === "conversation.main");
  const descriptions = [...taskIds].sort().map((t) => context.taskDescriptions.get(t)).filter((d): d is string => d !== undefined);
  let evidence = (conversations.length > 0 ? conversations : events.filter((e) => e.type.startsWith("a2a.")))
    .map((e) => eventEvidence(e, payloads.of(e)))
    .filter((e): e is CategoryEvidence => e !== null);
  // Without any message, what its tasks are about is the best evidence there is.
  if (evidence.length === 0) evidence = descriptions.map((d) => evidenceOf(d));
  const override = context.overrides[id];
  const category = sessionCategory({ override, stated, evidence });
  const a2a = events.filter((e) => e.type.startsWith("a2a.") || e.eventRole === "delegation.subagent" || e.eventRole === "conversation.main");
  const previous =
    context.previousFromTasks.get(id) ??
    events.map((e) => (e.type === "task.started" ? payloads.of(e)["previousWorkSessionId"] : undefined)).find((p): p is string => typeof p === "string" && p !== id);

  // Keys in the order of the contract (DESIGN.md §4), optional ones in their place.
  return {
    workSessionId: id,
    status: sessionStatus(last.ts, { type: last.type, data: payloads.of(last) }, context.nowMs),
    startMs: first.ts,
    lastActivityMs: last.ts,
    eventCount: events.length,
    roleCounts,
    collabCategory: category.collabCategory,
    categorySource: category.categorySource,
    categoryConfidence: category.categoryConfidence,
    collabSubTags: category.collabSubTags,
    ...(override === undefined ? {} : { categoryOverride: { updatedAt: override.updatedAt, ...(override.updatedBy === undefined ? {} : { updatedBy: override.updatedBy }) } }),
    title: sessionTitle([...conversations, ...a2a].map((e) => ({ type: e.type, data: payloads.of(e) })), descriptions),
    agents: [...agents].sort(),
    taskIds: [...taskIds].sort(),
    ...(previous === undefined ? {} : { previousWorkSessionId: previous }),
    nextWorkSessionIds: [],
    threads: buildThreads(a2a, context.logEndMs, payloads),
  };
}

function buildThreads(events: readonly CanonicalEvent[], logEndMs: number, payloads: Payloads): Thread[] {
  const byKey = new Map<string, CanonicalEvent[]>();
  for (const event of events) {
    const key = threadKeyOf(event);
    const list = byKey.get(key) ?? [];
    list.push(event);
    byKey.set(key, list);
  }
  return [...byKey].map(([threadKey, list]) => {
    const head = list.find((e) => e.type === "a2a.send" || e.type === "a2a.spawn" || e.type === "manager_assign") ?? (list[0] as CanonicalEvent);
    const withData = list.map((e) => ({ type: e.type, ts: e.ts, data: payloads.of(e) }));
    const end = threadEnd(withData, logEndMs);
    const turns = Math.max(0, ...withData.map((e) => (typeof e.data["turn"] === "number" ? e.data["turn"] : 0)));
    const thread: Thread = {
      threadKey,
      ...(head.conversationId === null ? {} : { conversationId: head.conversationId }),
      fromAgent: head.fromAgent ?? head.agentId,
      toAgent: head.toAgent,
      eventRole: (list[0] as CanonicalEvent).eventRole,
      turns,
      outcome: end.outcome,
      ...(end.reason === null ? {} : { blockedReason: end.reason }),
      startMs: (list[0] as CanonicalEvent).ts,
      lastActivityMs: (list.at(-1) as CanonicalEvent).ts,
      eventCount: list.length,
    };
    return thread;
  }).sort((a, b) => a.startMs - b.startMs || (a.threadKey < b.threadKey ? -1 : 1));
}

/** The unattributed events as the Report lists them. */
export function listUnattributed(attribution: Attribution): UnattributedEvent[] {
  return attribution.unattributed.map(({ event, reason }) => ({
    id: eventId(event),
    ts: event.ts,
    type: event.type,
    eventRole: event.eventRole,
    agentId: event.agentId,
    fromAgent: event.fromAgent,
    toAgent: event.toAgent,
    conversationId: event.conversationId,
    taskId: event.taskId,
    threadKey: threadKeyOf(event),
    file: event.file,
    line: event.line,
    reason,
  }));
}
