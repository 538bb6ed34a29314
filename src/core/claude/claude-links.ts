import * as z from "zod";

/**
 * One Claude Code subagent as the linking pass found it: the thread its events form, the call that
 * spawned it and its type. A Task/Agent call whose subagent nothing names is a subagent too, of
 * unknown id, with the thread `conv:<tool_use id>`.
 */
export const SubagentLink = z.object({
  /** The subagent's thread: `conv:<agentId>`, or `conv:<tool_use id>` when no agent id is known. */
  threadKey: z.string(),
  /** The subagent's id (`agentId` of its transcript, `agent_id` of its hooks), when known. */
  agentId: z.string().optional(),
  /** The Claude Code session it worked in, when known. */
  sessionId: z.string().nullable(),
  /** Its type (`Explore`, `general-purpose`, …): from the call, its `.meta.json` or its hooks. */
  agentType: z.string().optional(),
  /** The `tool_use` id of the Task/Agent call that spawned it, when that call is known. */
  toolUseId: z.string().optional(),
  /**
   * The thread and the `tool_use` id of the Task/Agent call that spawned it, when that call is
   * known: the session's main thread, so pages nest the subagent under that call.
   */
  spawnedBy: z.object({ threadKey: z.string(), toolUseId: z.string() }).optional(),
});
export type SubagentLink = z.infer<typeof SubagentLink>;

/**
 * What the linking pass tells the sessions stage about Claude Code sessions: which thread is each
 * session's main conversation, and which thread each subagent (and each Task/Agent call) is.
 */
export const ClaudeLinks = z.object({
  /** Each Claude Code session's main conversation thread, `conv:<sessionId>`, by session id. */
  mainThreads: z.map(z.string(), z.string()),
  /**
   * Every subagent, by its conversation id (the thread key without `conv:`): its agent id, or the
   * tool_use id of a call whose subagent nothing names.
   */
  subagents: z.map(z.string(), SubagentLink),
  /** The subagent thread of each Task/Agent call, by the call's `tool_use` id. */
  threadOfToolUse: z.map(z.string(), z.string()),
  /**
   * The threads of Claude Code's context compaction (`agent-acompact-*`): kept in their session
   * as observability, never a subagent.
   */
  compactionThreads: z.set(z.string()),
});
export type ClaudeLinks = z.infer<typeof ClaudeLinks>;

/** Links of a log without Claude Code events. */
export function noClaudeLinks(): ClaudeLinks {
  return {
    mainThreads: new Map(),
    subagents: new Map(),
    threadOfToolUse: new Map(),
    compactionThreads: new Set(),
  };
}

/** The thread of a conversation id, as the sessions stage keys it. */
export function conversationThread(conversationId: string): string {
  return `conv:${conversationId}`;
}

/** The conversation of a session's subagent entries that name no subagent and no call they belong to. */
export function sidechainConversation(sessionId: string): string {
  return `${sessionId}:sidechain`;
}
