import type { BaseEvent } from "../event.ts";
import type { Finding } from "../finding.ts";
import type { LoadedInput } from "../input.ts";
import { dateEvents } from "./date-events.ts";
import { withSessionsOfTitles } from "./session-of-titles.ts";

/** The events ready for dedupe, with what the passes found. */
export interface PreparedEvents {
  /** The events in the order read, sessions given, dated. */
  events: BaseEvent[];
  /** One finding per file whose events had no time. */
  findings: Finding[];
}

/**
 * The passes that run before dedupe, on the events as read: transcript entries without a session
 * take one, then events without a time are dated (see dateEvents). Logs with no Claude Code events
 * and every time written pass through untouched.
 */
export function prepareEvents(input: Pick<LoadedInput, "events">): PreparedEvents {
  const withSessions = withSessionsOfTitles(input.events);
  const dated = dateEvents(withSessions);
  return { events: dated.events, findings: dated.findings };
}
