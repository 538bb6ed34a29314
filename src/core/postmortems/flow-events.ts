import type { Analysis } from "../analysis.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import type { BlockedFlow } from "../sessions/blocked-flows.ts";
import { threadKeyOf } from "../sessions/thread-key.ts";

/** The events a flow's postmortem is made from. */
export interface FlowEvents {
  /** The events of the flow's thread, in time order. */
  thread: CanonicalEvent[];
  /** The events after a given event of the thread where "what happened next" is looked for. */
  following: (lastOfFlow: CanonicalEvent | null) => Iterable<CanonicalEvent>;
}

/**
 * Events that make threads: agent-to-agent traffic, conversations and delegations. The same test
 * the sessions stage puts events into threads by, so a flow's thread here is the thread it was
 * judged on.
 */
function isThreadEvent(e: CanonicalEvent): boolean {
  return (
    e.type.startsWith("a2a.") || e.eventRole === "delegation.subagent" || e.eventRole === "conversation.main"
  );
}

/** The events of `list` after `last` (all of them when `last` is null or not in it). */
function* after(list: readonly CanonicalEvent[], last: CanonicalEvent | null): Generator<CanonicalEvent> {
  const from = last === null ? -1 : list.indexOf(last);
  for (let i = from + 1; i < list.length; i++) yield list[i] as CanonicalEvent;
}

/**
 * Each flow's events, by flow id. A flow of a work session is found among the session's events by
 * its thread key, and what followed it is the rest of the session. A flow of events no session
 * took is found through the Report's unattributed list, which names each event's thread (legacy
 * pair threads may be split there into the conversations their silences separate); what followed
 * it is the rest of that thread.
 */
export function flowEventsOf(
  analysis: Pick<Analysis, "report" | "events" | "sessionEvents">,
): Map<string, FlowEvents> {
  const out = new Map<string, FlowEvents>();
  const loose: BlockedFlow[] = [];
  for (const flow of analysis.report.blockedFlows) {
    if (flow.workSessionId === undefined) {
      loose.push(flow);
      continue;
    }
    const session = analysis.sessionEvents.get(flow.workSessionId) ?? [];
    const thread = session.filter((e) => isThreadEvent(e) && threadKeyOf(e) === flow.threadKey);
    out.set(flow.flowId, { thread, following: (last) => after(session, last) });
  }
  if (loose.length === 0) return out;
  // The unattributed events of the loose flows' threads, found by id; times narrow the search so
  // that ids are worked out only for the few events that can match.
  const keys = new Set(loose.map((f) => f.threadKey));
  const keyOfId = new Map<string, string>();
  const times = new Set<number>();
  for (const u of analysis.report.unattributed) {
    if (!keys.has(u.threadKey)) continue;
    keyOfId.set(u.id, u.threadKey);
    times.add(u.ts);
  }
  const byKey = new Map<string, CanonicalEvent[]>();
  for (const event of analysis.events) {
    if (!times.has(event.ts) || !isThreadEvent(event)) continue;
    const key = keyOfId.get(eventId(event));
    if (key === undefined) continue;
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [event]);
    else list.push(event);
  }
  for (const flow of loose) {
    const thread = byKey.get(flow.threadKey) ?? [];
    out.set(flow.flowId, { thread, following: (last) => after(thread, last) });
  }
  return out;
}
