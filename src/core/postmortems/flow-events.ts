import type { Analysis } from "../analysis.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import type { BlockedFlow } from "../sessions/blocked-flows.ts";
import { isAgentToAgent } from "../sessions/build-sessions.ts";
import { threadKeyOf } from "../sessions/thread-key.ts";
import { pushTo } from "../group.ts";

/** The events a flow's postmortem is made from. */
export interface FlowEvents {
  /** The events of the flow's thread, in time order. */
  thread: CanonicalEvent[];
  /** The events after a given event of the thread where "what happened next" is looked for. */
  following: (lastOfFlow: CanonicalEvent | null) => Iterable<CanonicalEvent>;
}

/**
 * What followed an event in `list`: the events of `list` after it (all of them when it is null or
 * not in it). Each event's place is worked out once per list, when first asked, so the flows of
 * one session share it rather than each searching the session.
 */
function followingIn(list: readonly CanonicalEvent[]): FlowEvents["following"] {
  let places: Map<CanonicalEvent, number> | null = null;
  return function* (last) {
    places ??= new Map(list.map((e, i) => [e, i]));
    const from = last === null ? -1 : (places.get(last) ?? -1);
    for (let i = from + 1; i < list.length; i++) yield list[i] as CanonicalEvent;
  };
}

/**
 * The thread events of a list (in its order), by thread key, for the keys asked for. Thread events
 * are those the sessions stage puts into threads (isAgentToAgent), so a flow's thread here is the
 * thread it was judged on.
 */
function threadsOf(
  events: readonly CanonicalEvent[],
  keys: ReadonlySet<string>,
): Map<string, CanonicalEvent[]> {
  const byKey = new Map<string, CanonicalEvent[]>();
  for (const e of events) {
    if (!isAgentToAgent(e)) continue;
    const key = threadKeyOf(e);
    if (keys.has(key)) pushTo(byKey, key, e);
  }
  return byKey;
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
  const bySession = new Map<string, BlockedFlow[]>();
  for (const flow of analysis.report.blockedFlows) {
    if (flow.workSessionId === undefined) loose.push(flow);
    else pushTo(bySession, flow.workSessionId, flow);
  }
  // Each session with flows is read once: its threads grouped by key, its places shared.
  for (const [workSessionId, flows] of bySession) {
    const session = analysis.sessionEvents.get(workSessionId) ?? [];
    const threads = threadsOf(session, new Set(flows.map((f) => f.threadKey)));
    const following = followingIn(session);
    for (const flow of flows) out.set(flow.flowId, { thread: threads.get(flow.threadKey) ?? [], following });
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
    if (!times.has(event.ts) || !isAgentToAgent(event)) continue;
    const key = keyOfId.get(eventId(event));
    if (key !== undefined) pushTo(byKey, key, event);
  }
  const followingOf = new Map<string, FlowEvents["following"]>();
  for (const flow of loose) {
    const thread = byKey.get(flow.threadKey) ?? [];
    let following = followingOf.get(flow.threadKey);
    if (following === undefined) followingOf.set(flow.threadKey, (following = followingIn(thread)));
    out.set(flow.flowId, { thread, following });
  }
  return out;
}
