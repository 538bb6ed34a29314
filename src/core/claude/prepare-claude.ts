import type { BaseEvent } from "../event.ts";
import type { Finding } from "../finding.ts";
import type { LoadedInput } from "../input.ts";
import type { ClaudeLinks } from "./claude-links.ts";
import { dateEvents } from "./date-events.ts";
import { linkDelegations } from "./link-delegations.ts";
import { withSessionsOfTitles } from "./session-of-titles.ts";

/** The events ready for dedupe, with what the passes found. */
export interface PreparedEvents {
  /** The events in the order read: sessions given, dated, threads and subagents linked. */
  events: BaseEvent[];
  /** One finding per file whose events had no time. */
  findings: Finding[];
  /** Each Claude Code session's main thread and its subagents, for the sessions stage. */
  links: ClaudeLinks;
}

/**
 * The passes that run before dedupe, on the events as read: transcript entries without a session
 * take one (withSessionsOfTitles), events without a time are dated (dateEvents), then subagents are
 * joined to the calls that spawned them (linkDelegations), which needs the times. Logs with no
 * Claude Code events and every time written pass through untouched.
 */
export function prepareEvents(input: Pick<LoadedInput, "events" | "subagentMeta">): PreparedEvents {
  const withSessions = withSessionsOfTitles(input.events);
  const dated = dateEvents(withSessions);
  const linked = linkDelegations(dated.events, input.subagentMeta ?? []);
  return { events: linked.events, findings: dated.findings, links: linked.links };
}
