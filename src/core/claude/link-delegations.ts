import type { BaseEvent } from "../event.ts";
import { addTo, pushTo } from "../group.ts";
import type { SubagentMeta } from "./subagent-meta.ts";
import {
  conversationThread,
  noClaudeLinks,
  sidechainConversation,
  type ClaudeLinks,
  type SubagentLink,
} from "./claude-links.ts";
import {
  isCompactionAgent,
  isHookEvent,
  isTranscriptEvent,
  smallest,
  subagentKey,
  toolUseIdsOf,
} from "./claude-event.ts";

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
  /** Its earliest written time; its earliest estimated one when no event of it has a written time. */
  ms: number;
  /** True when `ms` is an estimate: no event showing the call had a time of its own. */
  estimated: boolean;
  /**
   * Where the event that gave `ms` was read (the first such place by file, then line): the order
   * of calls whose times are equal, as they are when all are guesses, is the order they fired in.
   */
  file: string;
  line: number;
  /** The briefs it gave (`input.prompt`): a subagent's transcript opens with one of them. */
  prompts: Set<string>;
  /** The subagent it spawned, once known. */
  agentId: string | undefined;
}

/** A subagent's first prompt in its own transcript: the brief of the call that spawned it. */
interface FirstPrompt {
  agentId: string;
  sessionId: string;
  /** The prompt's text. */
  text: string;
  /** Its time, file and line: the earliest of the subagent's prompts. */
  ms: number;
  file: string;
  line: number;
}

/** A SubagentStart hook: a subagent of a session and type, starting at a time. */
interface Start {
  agentId: string;
  sessionId: string | null;
  agentType: string | undefined;
  ms: number;
  /**
   * True when `ms` can be trusted: the payload wrote it, or it is the subagent's first transcript
   * entry's (the dating pass gives a start that time). Else it is a guess from the file's or the
   * session's other events.
   */
  dated: boolean;
  /** Where the payload was read, for the order of starts whose times are guesses. */
  file: string;
  line: number;
}

/**
 * Joins what shows one Claude Code subagent into one delegation, and each session's main chain
 * into one conversation. Each Task/Agent call is linked to the subagent it spawned by, in order:
 * the subagent's `.meta.json` (which names the call), the call's result in the transcript
 * (`toolUseResult.agentId`), a PostToolUse hook's response naming the agent, the subagent whose
 * own transcript opens with the call's brief (`input.prompt`), and last a SubagentStart of the
 * same session and type that no call claims (see pairWithStarts). Then:
 * - the call's events belong to the subagent's conversation (`conv:<agentId>`; `conv:<tool_use id>`
 *   when no agent id is known), so the brief opens the subagent's thread;
 * - the subagent's events take its type (from the call, the `.meta.json` or a hook's agent_type)
 *   in place of the placeholder agent `subagent`;
 * - subagent entries of the oldest layout, which name no agent, join the one call of their
 *   session whose run (from the call to its result) holds their time, else the session's
 *   `<sessionId>:sidechain` conversation;
 * - context compaction's entries (`agent-acompact-*`) keep their own thread and are never a
 *   delegation; their agent is `main`, as it is the main agent's context being compacted;
 * - every other Claude Code event of a session's main chain, transcript line or hook payload,
 *   belongs to the conversation named by the session (`conv:<sessionId>`).
 *
 * A SubagentStop is never paired by order: it names its subagent (`agent_id`), so it joins that
 * subagent's thread whichever call the subagent is linked to.
 *
 * Every choice among equals takes the earliest time, then the first place (file path, then line),
 * then the smallest id; never the order the files were given in. Values in, values out: only the
 * events changed are copied.
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
  const firstPrompts = new Map<string, FirstPrompt>();
  const timedAgents = new Set<string>();
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
          dated: event.tsEstimated !== true,
          file: event.file,
          line: event.line,
        });
    }
    if (!isHook && facts.agentInstance !== undefined && event.tsEstimated !== true) {
      timedAgents.add(subagentKey(facts.agentInstance, event.workSessionId));
      if (facts.ccKind === "prompt") addFirstPrompt(firstPrompts, event, facts.agentInstance);
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
  pairByPrompt([...calls.values()], firstPrompts.values());
  for (const start of starts)
    if (timedAgents.has(subagentKey(start.agentId, start.sessionId))) start.dated = true;
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
  const prompt = event.facts.message;
  const estimated = event.tsEstimated === true;
  const call = calls.get(toolUseId);
  if (call === undefined) {
    calls.set(toolUseId, {
      toolUseId,
      sessionId: event.workSessionId,
      agentType: event.facts.subagentType,
      ms: event.ts,
      estimated,
      file: event.file,
      line: event.line,
      prompts: new Set(prompt === undefined || prompt.length === 0 ? [] : [prompt]),
      agentId: undefined,
    });
    return;
  }
  if (event.workSessionId !== null && (call.sessionId === null || event.workSessionId < call.sessionId))
    call.sessionId = event.workSessionId;
  const type = event.facts.subagentType;
  if (type !== undefined && (call.agentType === undefined || type < call.agentType)) call.agentType = type;
  if (prompt !== undefined && prompt.length > 0) call.prompts.add(prompt);
  // A written time wins over any estimate: a hook payload dated from its neighbours may lie. Of
  // equal times the first place is kept, so that the place does not depend on the order read.
  const earlier =
    call.estimated === estimated &&
    (event.ts < call.ms || (event.ts === call.ms && comparePlaces(event, call) < 0));
  if ((call.estimated && !estimated) || earlier) {
    call.ms = event.ts;
    call.estimated = estimated;
    call.file = event.file;
    call.line = event.line;
  }
}

/** Places in the logs in reading order: by file, then line. */
function comparePlaces(a: { file: string; line: number }, b: { file: string; line: number }): number {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line;
}

/** Keeps the earliest prompt of each subagent of each session (by time, file, line). */
function addFirstPrompt(firstPrompts: Map<string, FirstPrompt>, event: BaseEvent, agentId: string): void {
  const text = event.facts.message;
  const sessionId = event.workSessionId;
  if (text === undefined || text.length === 0 || sessionId === null || isCompactionAgent(agentId)) return;
  const key = subagentKey(agentId, sessionId);
  const known = firstPrompts.get(key);
  const earlier =
    known === undefined ||
    event.ts < known.ms ||
    (event.ts === known.ms &&
      (event.file < known.file || (event.file === known.file && event.line < known.line)));
  if (earlier)
    firstPrompts.set(key, { agentId, sessionId, text, ms: event.ts, file: event.file, line: event.line });
}

/**
 * Calls in the order they were made: by time, then by place (file, then line), then by tool_use
 * id. The place comes before the id because calls of one time are, in a hook capture without
 * times, all calls of the session: their times are one guess, and only the order the hooks were
 * written in says which came first. It is the order the starts are taken in (pairWithStarts), so
 * the n-th call of a capture meets the n-th start; an order by id would hand two calls each
 * other's subagents.
 */
function byCallTime(a: Call, b: Call): number {
  return (
    a.ms - b.ms || comparePlaces(a, b) || (a.toolUseId < b.toolUseId ? -1 : a.toolUseId > b.toolUseId ? 1 : 0)
  );
}

/**
 * Links the calls nothing names a subagent for to the subagent whose own transcript opens with
 * the call's brief: Claude Code writes the call's `input.prompt` as the first user entry of the
 * subagent's transcript, so this holds in every layout and needs no hook and no guessed time. In
 * time order, each call takes the first subagent of its session (by the time of that first prompt,
 * then id) that no call claims and whose first prompt is one of the call's briefs; two calls with
 * the same brief take two subagents in turn.
 */
function pairByPrompt(calls: readonly Call[], firstPrompts: Iterable<FirstPrompt>): void {
  const claimed = new Set(calls.flatMap((call) => (call.agentId === undefined ? [] : [call.agentId])));
  const open = [...firstPrompts]
    .filter((prompt) => !claimed.has(prompt.agentId))
    .sort((a, b) => a.ms - b.ms || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0));
  if (open.length === 0) return;
  const waiting = calls
    .filter((call) => call.agentId === undefined && call.sessionId !== null && call.prompts.size > 0)
    .sort(byCallTime);
  for (const call of waiting) {
    const found = open.find(
      (prompt) =>
        !claimed.has(prompt.agentId) && prompt.sessionId === call.sessionId && call.prompts.has(prompt.text),
    );
    if (found === undefined) continue;
    call.agentId = found.agentId;
    claimed.add(found.agentId);
  }
}

/**
 * Links the calls nothing else linked to the SubagentStart hooks no call claims, for hook-only
 * captures: neither PreToolUse nor SubagentStart names the other. A call is paired only within
 * its own session and with a start of the type it asked for (any type when either is unknown).
 * First the starts whose time is known (written, or their subagent's first entry): in time order,
 * each call takes the first such start at or after it (at any time when the call's own time is a
 * guess). Then the starts whose time is a guess, for the calls still waiting: each call takes the
 * first left, calls and starts alike in the order of their times and then of their places in
 * their files (the order the hooks fired, byCallTime), as a guessed time cannot say whether a
 * start came after a call. So calls meet starts in the order both fired, and a subagent that
 * never stops stays with the call that spawned it, whose delegation is then the one orphaned.
 */
function pairWithStarts(calls: readonly Call[], starts: readonly Start[]): void {
  const claimed = new Set(calls.flatMap((call) => (call.agentId === undefined ? [] : [call.agentId])));
  const open = starts
    .filter(
      (start) => !claimed.has(start.agentId) && !isCompactionAgent(start.agentId) && start.sessionId !== null,
    )
    .sort(
      (a, b) =>
        a.ms - b.ms || comparePlaces(a, b) || (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0),
    );
  if (open.length === 0) return;
  const waiting = calls.filter((call) => call.agentId === undefined).sort(byCallTime);
  const pair = (dated: boolean): void => {
    for (const call of waiting) {
      if (call.agentId !== undefined) continue;
      const start = open.find(
        (s) =>
          s.dated === dated &&
          !claimed.has(s.agentId) &&
          s.sessionId === call.sessionId &&
          (!dated || call.estimated || s.ms >= call.ms) &&
          (s.agentType === undefined || call.agentType === undefined || s.agentType === call.agentType),
      );
      if (start === undefined) continue;
      call.agentId = start.agentId;
      claimed.add(start.agentId);
    }
  };
  pair(true);
  pair(false);
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
    pushTo(runs, call.sessionId, { from: call.ms, to: resultMs.get(call.toolUseId) ?? Infinity, call });
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
    // Compaction summarizes the main agent's own context: its work is the main agent's, and it
    // is no agent of its own in any list.
    if (isCompactionAgent(instance))
      return event.agentId === "subagent" ? changed(event, { agentId: "main" }) : null;
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
