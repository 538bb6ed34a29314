import { toolUseIdsOf } from "../claude/claude-event.ts";
import type { CanonicalEvent } from "../event.ts";
import { pushTo } from "../group.ts";
import { claudeThreadEnd } from "./claude-outcome.ts";
import { claudeMainKey, claudeThreadKeyOf, claudeTurnKeyOf } from "./claude-thread-key.ts";
import { tokenUsageOf } from "./claude-tokens.ts";
import { claudeTurns } from "./claude-turns.ts";
import type { ThreadEnd } from "./thread-outcome.ts";
import type { ThreadWork } from "./threads.ts";
import type { TranscriptTurn } from "./transcript.ts";
import type { Thread } from "./work-session.ts";

/** What linking Claude Code's files found about one subagent that its events may not say. */
export interface KnownSubagent {
  /** The `tool_use` id of the Task/Agent call that spawned it (a `.meta.json` names it). */
  toolUseId?: string | undefined;
  /** Its type (`Explore`, …). */
  agentType?: string | undefined;
}

/** What the linking of Claude Code's files hands the sessions stage (the link pass's ClaudeLinks). */
export interface ClaudeThreadLinks {
  /** Every subagent, by its conversation id (its thread key without `conv:`). */
  subagents: ReadonlyMap<string, KnownSubagent>;
  /** The threads of context compaction (`agent-acompact-*`): never a subagent, never a thread. */
  compactionThreads: ReadonlySet<string>;
}

/**
 * The threads of one Claude Code session, from its events that belong to a conversation
 * (isClaudeThreadEvent), in time order: the main conversation `conv:<sessionId>` and one thread
 * per subagent `conv:<agentId>`.
 *
 * A Task/Agent call is in two threads: it heads its subagent's thread (the delegation), and it is
 * a step of the conversation that made it, whose transcript shows it. `links` adds what the
 * linking of Claude Code's files found to what the events say.
 */
export function buildClaudeThreads(
  events: readonly CanonicalEvent[],
  sessionId: string,
  logEndMs: number,
  links?: ClaudeThreadLinks,
): ThreadWork[] {
  const subagents = links?.subagents ?? new Map<string, KnownSubagent>();
  const mainKey = claudeMainKey(sessionId);
  const members = new Map<string, CanonicalEvent[]>();
  const results = new Set<string>();
  const kept: CanonicalEvent[] = [];
  for (const e of events) {
    const own = claudeThreadKeyOf(e, sessionId);
    if (links?.compactionThreads.has(own) === true) continue;
    kept.push(e);
    pushTo(members, own, e);
    const turnKey = claudeTurnKeyOf(e, sessionId);
    if (turnKey !== own) pushTo(members, turnKey, e);
    if (e.type === "tool_succeeded" || e.type === "tool_failed")
      for (const id of toolUseIdsOf(e)) results.add(id);
  }
  const transcripts = claudeTurns(kept, sessionId);
  const works: ThreadWork[] = [];
  for (const [threadKey, list] of members) {
    const transcript = transcripts.get(threadKey) ?? [];
    const work =
      threadKey === mainKey
        ? mainThread(threadKey, sessionId, list, transcript, logEndMs)
        : subagentThread(threadKey, sessionId, list, transcript, logEndMs, results, subagents);
    works.push(work);
  }
  return works;
}

/** The session's main conversation. */
function mainThread(
  threadKey: string,
  sessionId: string,
  list: CanonicalEvent[],
  transcript: TranscriptTurn[],
  logEndMs: number,
): ThreadWork {
  const end = claudeThreadEnd({
    subagent: false,
    started: [],
    stopped: false,
    transcript,
    lastMs: lastMsOf(list),
    stopAfterLastStep: stopAfterLastStep(list),
    logEndMs,
  });
  const first = list[0] as CanonicalEvent;
  return threadWork({
    threadKey,
    sessionId,
    conversationId: sessionId,
    fromAgent: first.agentId ?? "main",
    toAgent: null,
    // The main conversation is one whatever its first event was (often a notification or a
    // tool step of a hook capture), so pages list it with the conversations, not the signals.
    eventRole: "conversation.main",
    list,
    transcript,
    end,
  });
}

/** One subagent's thread: its call, its start and stop, and its own entries and hooks. */
function subagentThread(
  threadKey: string,
  sessionId: string,
  list: CanonicalEvent[],
  transcript: TranscriptTurn[],
  logEndMs: number,
  results: ReadonlySet<string>,
  subagents: ReadonlyMap<string, KnownSubagent>,
): ThreadWork {
  const agentId = threadKey.slice("conv:".length);
  const link = subagents.get(agentId);
  const callIndex = list.findIndex((e) => e.type === "manager_assign" && e.conversationId === agentId);
  const call = list[callIndex];
  const startIndex = list.findIndex((e) => e.facts.hook_event_name === "SubagentStart");
  const toolUseId = call?.facts.toolUseId?.split(" ")[0] ?? link?.toolUseId;
  const stopped =
    list.some((e) => e.facts.hook_event_name === "SubagentStop") ||
    (toolUseId !== undefined && results.has(toolUseId));
  const end = claudeThreadEnd({
    subagent: true,
    started: [callIndex, startIndex].filter((i) => i >= 0).sort((a, b) => a - b),
    stopped,
    transcript,
    lastMs: lastMsOf(list),
    stopAfterLastStep: false,
    logEndMs,
  });
  const agentType =
    link?.agentType ??
    call?.facts.subagentType ??
    list.map((e) => e.facts.subagentType).find((t) => t !== undefined && t.length > 0) ??
    list.map((e) => e.agentId).find((a): a is string => a !== null && a !== "main" && a !== "subagent");
  return threadWork({
    threadKey,
    sessionId,
    conversationId: agentId,
    fromAgent: call?.fromAgent ?? call?.agentId ?? "main",
    toAgent: agentType ?? call?.toAgent ?? "subagent",
    eventRole: "delegation.subagent",
    list,
    transcript,
    end,
    ...(agentType === undefined ? {} : { agentType }),
    ...(toolUseId === undefined
      ? {}
      : {
          spawnedBy: {
            threadKey: call === undefined ? claudeMainKey(sessionId) : claudeTurnKeyOf(call, sessionId),
            toolUseId,
          },
        }),
  });
}

/** What a Claude Code thread is made of. */
interface ThreadParts {
  threadKey: string;
  sessionId: string;
  conversationId: string;
  fromAgent: string | null;
  toAgent: string | null;
  eventRole: CanonicalEvent["eventRole"];
  list: CanonicalEvent[];
  transcript: TranscriptTurn[];
  end: ThreadEnd;
  agentType?: string;
  spawnedBy?: { threadKey: string; toolUseId: string };
}

/**
 * The thread as the Report lists it, keys in the order of Thread, with its tokens: those of the
 * assistant messages it speaks for (not the call its spawner made), each message once.
 */
function threadWork(parts: ThreadParts): ThreadWork {
  const { threadKey, sessionId, list, end } = parts;
  const thread: Thread = {
    threadKey,
    conversationId: parts.conversationId,
    fromAgent: parts.fromAgent,
    toAgent: parts.toAgent,
    eventRole: parts.eventRole,
    turns: 0,
    outcome: end.outcome,
    ...(end.reason === null ? {} : { blockedReason: end.reason }),
    startMs: (list[0] as CanonicalEvent).ts,
    lastActivityMs: lastMsOf(list),
    eventCount: list.length,
    transcript: parts.transcript,
    ...(parts.agentType === undefined ? {} : { agentType: parts.agentType }),
    ...(parts.spawnedBy === undefined ? {} : { spawnedBy: parts.spawnedBy }),
  };
  const tokens = tokenUsageOf(
    list.filter((e) => claudeTurnKeyOf(e, sessionId) === threadKey).map((e) => e.facts),
  );
  if (tokens !== undefined) thread.tokens = tokens;
  if (list.every((e) => e.undated === true)) thread.undated = true;
  return { thread, workSessionId: sessionId, events: list, end };
}

function lastMsOf(list: readonly CanonicalEvent[]): number {
  return (list.at(-1) as CanonicalEvent).ts;
}

/** True when a Stop hook came after the last prompt and tool step of the thread's events. */
function stopAfterLastStep(list: readonly CanonicalEvent[]): boolean {
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i] as CanonicalEvent;
    if (e.facts.hook_event_name === "Stop") return true;
    if (e.facts.ccKind === "prompt" || e.facts.ccKind === "tool" || e.type === "manager_assign") return false;
  }
  return false;
}
