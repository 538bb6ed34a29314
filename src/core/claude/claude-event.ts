import type { BaseEvent } from "../event.ts";

/**
 * What the passes over Claude Code events ask of one event. A Claude Code event comes from a hook
 * payload (it names the hook that fired) or from a session transcript entry (it does not); the two
 * are joined by the session, the tool call's id and the subagent's id.
 */

/** True for an event read from a Claude Code hook payload, raw or enveloped. */
export function isHookEvent(event: BaseEvent): boolean {
  return event.source === "claude_code" && event.facts.hook_event_name !== undefined;
}

/** True for an event read from a Claude Code session transcript entry. */
export function isTranscriptEvent(event: BaseEvent): boolean {
  return event.source === "claude_code" && event.facts.hook_event_name === undefined;
}

/** True when the event's time is known: ingest leaves `ts` NaN when the line wrote none. */
export function isTimed(event: BaseEvent): boolean {
  return !Number.isNaN(event.ts);
}

/**
 * The tool call ids an event names. A transcript line with several tool blocks names them all,
 * separated by one space.
 */
export function toolUseIdsOf(event: BaseEvent): string[] {
  const ids = event.facts.toolUseId;
  if (ids === undefined || ids.length === 0) return [];
  return ids.includes(" ") ? ids.split(" ").filter((id) => id.length > 0) : [ids];
}

/** Subagent ids Claude Code gives its own context compaction (`agent-acompact-*` files). */
export function isCompactionAgent(agentId: string): boolean {
  return agentId.startsWith("acompact");
}

/** The key of a subagent in one session: its agent id, with the session when known. */
export function subagentKey(agentId: string, sessionId: string | null): string {
  return `${sessionId ?? ""}\u0000${agentId}`;
}

/** The smallest of some texts (as `<` orders them), so a choice among equals never depends on order. */
export function smallest(values: Iterable<string>): string | undefined {
  let least: string | undefined;
  for (const value of values) if (least === undefined || value < least) least = value;
  return least;
}
