import * as z from "zod";
import { TokenUsage } from "../claude/token-usage.ts";
import { Thread } from "../sessions/work-session.ts";
import { TURNS_PER_PAGE } from "./transcript-pages.ts";

/**
 * The Task/Agent call that spawned a subagent, as far as pages can point at it: the thread it was
 * made in, the transcript page and turn that show it, and what the call said it was for.
 */
export const SpawningCall = z.object({
  /** The `tool_use` id of the call. */
  toolUseId: z.string(),
  /** The path segment of the thread the call was made in; null when that thread is not in the session. */
  threadSegment: z.string().nullable(),
  /** The transcript page (1-based) of that thread that shows the call's turn. */
  page: z.number().int().positive(),
  /** The id of the call's turn, for its anchor; null when no turn of that thread is the call. */
  turnId: z.string().nullable(),
  /** The call's turn text (what the subagent was asked to do, in short); null without a turn. Untrusted. */
  text: z.string().nullable(),
});
export type SpawningCall = z.infer<typeof SpawningCall>;

/**
 * One Claude Code subagent as a session page lists it, nested under the call that spawned it: its
 * type, how it ended, the tokens it used and the links to its own transcript and to that call.
 */
export const SubagentNode = Thread.pick({ outcome: true, blockedReason: true, undated: true }).extend({
  /** The key of the subagent's own thread (`conv:<agentId>`). */
  threadKey: z.string(),
  /** The path segment of that thread's transcript page. */
  threadSegment: z.string(),
  /** Its type (`Explore`, `general-purpose`, …); null when no source named it. */
  agentType: z.string().nullable(),
  /** The tokens of its own assistant messages, when its transcript was read. */
  tokens: TokenUsage.optional(),
  /** When it started, epoch ms. */
  startMs: z.number(),
  /** The call that spawned it; null when no call was linked to it (a hook capture of its start alone). */
  call: SpawningCall.nullable(),
  /** 1 for a subagent of the main conversation, 2 for one its own subagent spawned, and so on. */
  depth: z.number().int().positive(),
});
export type SubagentNode = z.infer<typeof SubagentNode>;

/** Whether a thread is a Claude Code subagent's: the analysis gives those a type or a spawning call. */
export function isSubagentThread(thread: Thread): boolean {
  return thread.spawnedBy !== undefined || thread.agentType !== undefined;
}

/**
 * Whether a thread is a Claude Code conversation: its turns say what kind they are, or it is a
 * subagent's, or its tokens were counted. Agent-to-agent threads of other logs have none of these.
 */
export function isClaudeThread(thread: Thread): boolean {
  return (
    isSubagentThread(thread) ||
    thread.tokens !== undefined ||
    thread.transcript.some((turn) => turn.kind !== undefined)
  );
}

/**
 * The subagents of a session's threads, each after the one that spawned it (depth first, in the
 * order of the calls in the spawning thread's transcript); subagents no call was linked to come
 * last, by start. `threadSegments` are the threads' path segments in the same order.
 */
export function subagentNodes(threads: readonly Thread[], threadSegments: readonly string[]): SubagentNode[] {
  const indexOf = new Map(threads.map((t, i) => [t.threadKey, i]));
  const subagents = threads.filter(isSubagentThread);
  const node = (thread: Thread, depth: number): SubagentNode => ({
    outcome: thread.outcome,
    ...(thread.blockedReason === undefined ? {} : { blockedReason: thread.blockedReason }),
    ...(thread.undated === undefined ? {} : { undated: thread.undated }),
    threadKey: thread.threadKey,
    threadSegment: threadSegments[indexOf.get(thread.threadKey) ?? -1] ?? "",
    agentType: thread.agentType ?? null,
    ...(thread.tokens === undefined ? {} : { tokens: thread.tokens }),
    startMs: thread.startMs,
    call:
      thread.spawnedBy === undefined
        ? null
        : spawningCall(thread.spawnedBy, threads, threadSegments, indexOf),
    depth,
  });
  const childrenOf = (parentKey: string): Thread[] => {
    const parent = threads[indexOf.get(parentKey) ?? -1];
    const position = (t: Thread): number =>
      parent?.transcript.findIndex((turn) => turn.tool?.toolUseId === t.spawnedBy?.toolUseId) ?? -1;
    return subagents
      .filter((t) => t.spawnedBy?.threadKey === parentKey)
      .map((t) => ({ t, at: position(t) }))
      .sort((a, b) =>
        a.at === b.at ? a.t.startMs - b.t.startMs : a.at === -1 ? 1 : b.at === -1 ? -1 : a.at - b.at,
      )
      .map(({ t }) => t);
  };
  const seen = new Set<string>();
  const visit = (thread: Thread, depth: number): SubagentNode[] => {
    if (seen.has(thread.threadKey)) return [];
    seen.add(thread.threadKey);
    return [node(thread, depth), ...childrenOf(thread.threadKey).flatMap((c) => visit(c, depth + 1))];
  };
  // Roots: subagents whose spawning thread is not itself a subagent of this session.
  const isSubagentKey = new Set(subagents.map((t) => t.threadKey));
  const rootParents = [
    ...new Set(
      subagents
        .map((t) => t.spawnedBy?.threadKey)
        .filter((k): k is string => k !== undefined && !isSubagentKey.has(k)),
    ),
  ].sort((a, b) => (indexOf.get(a) ?? 0) - (indexOf.get(b) ?? 0));
  const linked = rootParents.flatMap((key) => childrenOf(key).flatMap((t) => visit(t, 1)));
  // Subagents without a call, and any caught in a cycle of spawning calls, are listed at depth 1.
  const rest = subagents
    .filter((t) => !seen.has(t.threadKey))
    .sort((a, b) => a.startMs - b.startMs)
    .flatMap((t) => visit(t, 1));
  return [...linked, ...rest];
}

/** Where the call that spawned a subagent is: its thread's segment, page, turn and text. */
function spawningCall(
  spawnedBy: NonNullable<Thread["spawnedBy"]>,
  threads: readonly Thread[],
  threadSegments: readonly string[],
  indexOf: ReadonlyMap<string, number>,
): SpawningCall {
  const index = indexOf.get(spawnedBy.threadKey);
  const parent = index === undefined ? undefined : threads[index];
  const at = parent?.transcript.findIndex((turn) => turn.tool?.toolUseId === spawnedBy.toolUseId) ?? -1;
  const turn = at === -1 ? undefined : parent?.transcript[at];
  return {
    toolUseId: spawnedBy.toolUseId,
    threadSegment: index === undefined ? null : (threadSegments[index] ?? null),
    page: at === -1 ? 1 : Math.floor(at / TURNS_PER_PAGE) + 1,
    turnId: turn?.id ?? null,
    text: turn === undefined || turn.text === "" ? null : turn.text,
  };
}
