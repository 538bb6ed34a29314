import type { BaseEvent } from "../event.ts";
import type { SubagentMeta } from "./subagent-meta.ts";
import {
  conversationThread,
  noClaudeLinks,
  sidechainConversation,
  type ClaudeLinks,
  type SubagentLink,
} from "./claude-links.ts";
import { isCompactionAgent, isHookEvent, isTranscriptEvent, smallest, toolUseIdsOf } from "./claude-event.ts";

/** The events with their threads and agents named, and the links the sessions stage reads. */
export interface LinkedEvents<E extends BaseEvent> {
  /** The events in the order given; Claude Code events with their conversation and agent set. */
  events: E[];
  /** Main threads, subagents and the thread of each Task/Agent call. */
  links: ClaudeLinks;
}

/** A Task/Agent call, over every event that shows it (transcript line, hook, copies). */
interface Call {
  toolUseId: string;
  sessionId: string | null;
  /** The type the call asked for. */
  agentType: string | undefined;
  /** Its earliest time. */
  ms: number;
  /** The subagent it spawned, once known. */
  agentId: string | undefined;
}

/** A SubagentStart hook: a subagent of a session and type, starting at a time. */
interface Start {
  agentId: string;
  sessionId: string | null;
  agentType: string | undefined;
  ms: number;
}

/**
 * Joins what shows one Claude Code subagent into one delegation, and each session's main chain
 * into one conversation. Each Task/Agent call is linked to the subagent it spawned by, in order:
 * the subagent's `.meta.json` (which names the call), the call's result in the transcript
 * (`toolUseResult.agentId`), a PostToolUse hook's response naming the agent, and last the first
 * SubagentStart of the same session and type at or after the call that no call claims. Then:
 * - the call's events belong to the subagent's conversation (`conv:<agentId>`; `conv:<tool_use id>`
 *   when no agent id is known), so the brief opens the subagent's thread;
 * - the subagent's events take its type (from the call, the `.meta.json` or a hook's agent_type)
 *   in place of the placeholder agent `subagent`;
 * - subagent entries of the oldest layout, which name no agent, join the one call of their
 *   session whose run (from the call to its result) holds their time, else the session's
 *   `<sessionId>:sidechain` conversation;
 * - context compaction's entries (`agent-acompact-*`) keep their own thread, under the agent
 *   `compaction`, and are never a delegation;
 * - every other Claude Code event of a session's main chain, transcript line or hook payload,
 *   belongs to the conversation named by the session (`conv:<sessionId>`).
 *
 * Every choice among equals takes the smallest id or the earliest time, never the order of the
 * files. Values in, values out: only the events changed are copied.
 */
export function linkDelegations<E extends BaseEvent>(
  events: readonly E[],
  metas: readonly SubagentMeta[] = [],
): LinkedEvents<E> {
  if (!events.some((event) => event.source === "claude_code"))
    return { events: events as E[], links: noClaudeLinks() };

  const calls = new Map<string, Call>();
  const transcriptAgents = new Map<string, Set<string>>();
  const hookAgents = new Map<string, Set<string>>();
  const hookTypes = new Map<string, Set<string>>();
  const sessionsOfAgent = new Map<string, Set<string>>();
  const starts: Start[] = [];
  const resultMs = new Map<string, number>();
  for (const event of events) {
    if (event.source !== "claude_code") continue;
    const { facts } = event;
    if (event.type === "manager_assign") {
      for (const id of toolUseIdsOf(event)) addCall(calls, id, event);
      continue;
    }
    const spawned = facts.spawnedAgentId;
    const isHook = isHookEvent(event);
    if (spawned !== undefined && spawned.length > 0) {
      for (const id of toolUseIdsOf(event)) addTo(isHook ? hookAgents : transcriptAgents, id, spawned);
      if (facts.hook_event_name === "SubagentStart")
        starts.push({
          agentId: spawned,
          sessionId: event.workSessionId,
          agentType: facts.subagentType,
          ms: event.ts,
        });
    }
    if (!isHook && (event.type === "tool_succeeded" || event.type === "tool_failed"))
      for (const id of toolUseIdsOf(event))
        resultMs.set(id, Math.max(resultMs.get(id) ?? -Infinity, event.ts));
    const agent = facts.agentInstance ?? (isHook ? spawned : undefined);
    if (agent !== undefined) {
      if (event.workSessionId !== null) addTo(sessionsOfAgent, agent, event.workSessionId);
      if (isHook && facts.subagentType !== undefined) addTo(hookTypes, agent, facts.subagentType);
    }
  }

  // Which subagent each call spawned.
  const metaOfCall = new Map<string, SubagentMeta>();
  const metaOfAgent = new Map<string, SubagentMeta>();
  for (const meta of [...metas].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    if (!metaOfAgent.has(meta.agentId)) metaOfAgent.set(meta.agentId, meta);
    if (meta.toolUseId !== undefined && !metaOfCall.has(meta.toolUseId)) metaOfCall.set(meta.toolUseId, meta);
    if (meta.sessionId !== undefined) addTo(sessionsOfAgent, meta.agentId, meta.sessionId);
  }
  for (const call of calls.values()) {
    const agent =
      metaOfCall.get(call.toolUseId)?.agentId ??
      smallest(transcriptAgents.get(call.toolUseId) ?? []) ??
      smallest(hookAgents.get(call.toolUseId) ?? []);
    if (agent !== undefined && !isCompactionAgent(agent)) call.agentId = agent;
  }
  pairWithStarts([...calls.values()], starts);

  // The links.
  const links = noClaudeLinks();
  // Calls in id order, so that of two calls naming one agent the same one wins whatever the order
  // of the files.
  const sortedCalls = [...calls.values()].sort((a, b) => (a.toolUseId < b.toolUseId ? -1 : 1));
  const callOfAgent = new Map<string, Call>();
  for (const call of sortedCalls)
    if (call.agentId !== undefined && !callOfAgent.has(call.agentId)) callOfAgent.set(call.agentId, call);
  const agents = new Set([...sessionsOfAgent.keys(), ...metaOfAgent.keys(), ...callOfAgent.keys()]);
  const typeOfAgent = new Map<string, string>();
  for (const agent of [...agents].sort()) {
    const threadKey = conversationThread(agent);
    if (isCompactionAgent(agent)) {
      links.compactionThreads.add(threadKey);
      continue;
    }
    const call = callOfAgent.get(agent);
    const agentType =
      call?.agentType ?? metaOfAgent.get(agent)?.agentType ?? smallest(hookTypes.get(agent) ?? []);
    if (agentType !== undefined) typeOfAgent.set(agent, agentType);
    const sessionId = call?.sessionId ?? smallest(sessionsOfAgent.get(agent) ?? []) ?? null;
    links.subagents.set(agent, subagentLink(threadKey, agent, sessionId, agentType, call));
  }
  for (const call of sortedCalls) {
    const threadKey = conversationThread(call.agentId ?? call.toolUseId);
    links.threadOfToolUse.set(call.toolUseId, threadKey);
    if (call.agentId === undefined)
      links.subagents.set(
        call.toolUseId,
        subagentLink(threadKey, undefined, call.sessionId, call.agentType, call),
      );
  }

  // The events.
  const inline = inlineRuns(events, calls, resultMs);
  const out = [...events];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as E;
    if (event.source !== "claude_code") continue;
    const changed = relinked(event, calls, typeOfAgent, inline);
    if (changed !== null) out[i] = changed;
  }
  for (const event of out) {
    const session = event.workSessionId;
    if (event.source === "claude_code" && session !== null && event.conversationId === session)
      links.mainThreads.set(session, conversationThread(session));
  }
  return { events: out, links };
}

function addCall(calls: Map<string, Call>, toolUseId: string, event: BaseEvent): void {
  const call = calls.get(toolUseId);
  if (call === undefined) {
    calls.set(toolUseId, {
      toolUseId,
      sessionId: event.workSessionId,
      agentType: event.facts.subagentType,
      ms: event.ts,
      agentId: undefined,
    });
    return;
  }
  if (event.workSessionId !== null && (call.sessionId === null || event.workSessionId < call.sessionId))
    call.sessionId = event.workSessionId;
  const type = event.facts.subagentType;
  if (type !== undefined && (call.agentType === undefined || type < call.agentType)) call.agentType = type;
  if (event.ts < call.ms) call.ms = event.ts;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}

/**
 * Links the calls nothing else linked to the SubagentStart hooks no call claims: in time order,
 * each call takes the first such start of its session, at or after it, of the type it asked for
 * (any type when either is unknown). Hook-only captures need it: neither PreToolUse nor
 * SubagentStart names the other.
 */
function pairWithStarts(calls: readonly Call[], starts: readonly Start[]): void {
  const claimed = new Set(calls.flatMap((call) => (call.agentId === undefined ? [] : [call.agentId])));
  const open = starts
    .filter((start) => !claimed.has(start.agentId) && !isCompactionAgent(start.agentId))
    .sort((a, b) => a.ms - b.ms || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0));
  if (open.length === 0) return;
  const waiting = calls
    .filter((call) => call.agentId === undefined)
    .sort((a, b) => a.ms - b.ms || (a.toolUseId < b.toolUseId ? -1 : 1));
  for (const call of waiting) {
    const k = open.findIndex(
      (start) =>
        !claimed.has(start.agentId) &&
        start.sessionId === call.sessionId &&
        start.ms >= call.ms &&
        (start.agentType === undefined || call.agentType === undefined || start.agentType === call.agentType),
    );
    if (k < 0) continue;
    const start = open[k] as Start;
    call.agentId = start.agentId;
    claimed.add(start.agentId);
  }
}

function subagentLink(
  threadKey: string,
  agentId: string | undefined,
  sessionId: string | null,
  agentType: string | undefined,
  call: Call | undefined,
): SubagentLink {
  return {
    threadKey,
    ...(agentId === undefined ? {} : { agentId }),
    sessionId,
    ...(agentType === undefined ? {} : { agentType }),
    ...(call === undefined ? {} : { toolUseId: call.toolUseId }),
    ...(call === undefined || sessionId === null
      ? {}
      : { spawnedBy: { threadKey: conversationThread(sessionId), toolUseId: call.toolUseId } }),
  };
}

/**
 * The runs of each session's transcript calls, from the call to its result (open when no result
 * was read), for the subagent entries of the oldest layout, which name no agent.
 */
function inlineRuns(
  events: readonly BaseEvent[],
  calls: ReadonlyMap<string, Call>,
  resultMs: ReadonlyMap<string, number>,
): Map<string, { from: number; to: number; call: Call }[]> {
  const runs = new Map<string, { from: number; to: number; call: Call }[]>();
  if (!events.some((e) => isInlineSidechain(e))) return runs;
  for (const call of calls.values()) {
    if (call.sessionId === null) continue;
    const list = runs.get(call.sessionId) ?? [];
    list.push({ from: call.ms, to: resultMs.get(call.toolUseId) ?? Infinity, call });
    runs.set(call.sessionId, list);
  }
  return runs;
}

/** A subagent's transcript entry that names no agent: subagents of the oldest layout. */
function isInlineSidechain(event: BaseEvent): boolean {
  return (
    isTranscriptEvent(event) && event.facts.isSidechain === true && event.facts.agentInstance === undefined
  );
}

/** The event with its conversation and agent as linked; null when nothing changes. */
function relinked<E extends BaseEvent>(
  event: E,
  calls: ReadonlyMap<string, Call>,
  typeOfAgent: ReadonlyMap<string, string>,
  inline: ReadonlyMap<string, { from: number; to: number; call: Call }[]>,
): E | null {
  const { facts } = event;
  if (event.type === "manager_assign") {
    const call = toolUseIdsOf(event)
      .map((id) => calls.get(id))
      .find((c) => c !== undefined);
    if (call === undefined) return null;
    const conversationId = call.agentId ?? call.toolUseId;
    const toAgent =
      event.toAgent === "subagent" ? (typeOfCall(call, typeOfAgent) ?? event.toAgent) : event.toAgent;
    return changed(event, { conversationId, toAgent });
  }
  const instance = facts.agentInstance;
  if (instance !== undefined) {
    if (isCompactionAgent(instance))
      return event.agentId === "subagent" ? changed(event, { agentId: "compaction" }) : null;
    const type = typeOfAgent.get(instance);
    return event.agentId === "subagent" && type !== undefined ? changed(event, { agentId: type }) : null;
  }
  if (isInlineSidechain(event)) {
    if (event.workSessionId === null) return null;
    const holding = (inline.get(event.workSessionId) ?? []).filter(
      (run) => run.from <= event.ts && event.ts <= run.to,
    );
    if (holding.length !== 1)
      return changed(event, { conversationId: sidechainConversation(event.workSessionId) });
    const call = (holding[0] as { call: Call }).call;
    const type = typeOfCall(call, typeOfAgent);
    return changed(event, {
      conversationId: call.agentId ?? call.toolUseId,
      ...(event.agentId === "subagent" && type !== undefined ? { agentId: type } : {}),
    });
  }
  if (event.conversationId === null && event.workSessionId !== null && facts.isSidechain !== true)
    return changed(event, { conversationId: event.workSessionId });
  return null;
}

function typeOfCall(call: Call, typeOfAgent: ReadonlyMap<string, string>): string | undefined {
  return call.agentType ?? (call.agentId === undefined ? undefined : typeOfAgent.get(call.agentId));
}

/** The event with these fields, or null when it already has them. */
function changed<E extends BaseEvent>(
  event: E,
  fields: Partial<Pick<BaseEvent, "conversationId" | "agentId" | "toAgent">>,
): E | null {
  const same = Object.entries(fields).every(([key, value]) => event[key as keyof BaseEvent] === value);
  return same ? null : { ...event, ...fields };
}
