import { isCompactionAgent as isCompactionAgentId } from "../claude/claude-event.ts";
import { conversationThread } from "../claude/claude-links.ts";
import type { BaseEvent } from "../event.ts";

/**
 * Which Claude Code events make a session's conversations, and which thread each belongs to. The
 * main conversation of a session is the thread `conv:<sessionId>`; each subagent's is
 * `conv:<agentId>`. Once the Claude Code events are linked, a main-chain event names the session
 * as its conversation and a subagent's event (its own entries, its hooks, SubagentStart and
 * SubagentStop, and the Task/Agent call that spawned it) names the agent; an event that names no
 * conversation is the main conversation's.
 */

/** The key of a Claude Code session's main conversation. */
export function claudeMainKey(sessionId: string): string {
  return conversationThread(sessionId);
}

/** The thread a Claude Code event belongs to: its conversation's, else the session's main one. */
export function claudeThreadKeyOf(event: BaseEvent, sessionId: string): string {
  return conversationThread(event.conversationId ?? sessionId);
}

/**
 * The thread a Claude Code event's turn is shown in. A Task/Agent call belongs to the subagent it
 * spawned, but it is a step of the conversation that made it: the subagent's own when the call
 * comes from a subagent, else the session's main one.
 */
export function claudeTurnKeyOf(event: BaseEvent, sessionId: string): string {
  if (event.type !== "manager_assign") return claudeThreadKeyOf(event, sessionId);
  return conversationThread(event.facts.agentInstance ?? sessionId);
}

/** Claude Code names the agents that compact a context `acompact-…`: they are not subagents. */
export function isCompactionAgent(event: BaseEvent): boolean {
  return isCompactionAgentId(event.facts.agentInstance ?? event.conversationId ?? "");
}

/**
 * Hook events a conversation needs whatever they show: a subagent's start and stop decide its
 * outcome, and a Stop ends a turn of the main conversation even when it carries no answer.
 */
const CONVERSATION_HOOKS = new Set(["SubagentStart", "SubagentStop", "Stop"]);

/**
 * True for a Claude Code event that belongs to a conversation: what a transcript shows (prompts,
 * answers, thinking, tool steps, compactions, notices), a subagent's start and stop, a Stop, and
 * a Task/Agent call. Titles, snapshots and other bookkeeping entries belong to none, and neither do
 * the events of a context compaction's agent.
 */
export function isClaudeThreadEvent(event: BaseEvent): boolean {
  if (event.source !== "claude_code" || isCompactionAgent(event)) return false;
  const kind = event.facts.ccKind;
  if (kind !== undefined && kind !== "meta" && kind !== "title") return true;
  const hook = event.facts.hook_event_name;
  return (hook !== undefined && CONVERSATION_HOOKS.has(hook)) || event.type === "manager_assign";
}
