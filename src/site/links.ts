// Links between the pages of the site being rendered: its URLs under the build's base, and the
// links to sessions, agents and tasks that only exist when the item has a page of its own.
import type { TranscriptLink } from "../core/postmortems/postmortem-page.ts";
import { pathSegment } from "../core/site/path-segment.ts";
import type { SpawningCall } from "../core/site/subagent-node.ts";
import { agentSegment, hasTaskPage, sessionSegment, settings } from "./data.ts";
import { siteUrls, turnAnchor, type SiteUrls } from "./urls.ts";

/** Every URL of the site, under the build's base (`--base`). */
export const urls: SiteUrls = siteUrls(settings().base);

/** A session's page, when the session has one. */
export function sessionUrl(id: string): string | undefined {
  const segment = sessionSegment(id);
  return segment === undefined ? undefined : urls.session(segment);
}

/** An agent's page, when the agent has one. */
export function agentUrl(id: string): string | undefined {
  const segment = agentSegment(id);
  return segment === undefined ? undefined : urls.agent(segment);
}

/** A task's page, by the task's path segment, when the task has one. */
export function taskUrl(segment: string): string | undefined {
  return hasTaskPage(segment) ? urls.task(segment) : undefined;
}

/**
 * Where a postmortem's transcript is read: its session's thread page, or the page of a
 * conversation no session took. One place, so the postmortem page and its Markdown copy link the
 * same page.
 */
export function transcriptUrl(link: TranscriptLink | null): string | null {
  if (link === null) return null;
  return link.kind === "session" && link.sessionSegment !== null
    ? urls.thread(link.sessionSegment, link.threadSegment)
    : urls.legacyThread(link.threadSegment);
}

/**
 * Where the call that spawned a subagent is shown: its turn on its thread's transcript page, or
 * that page when no turn is the call; null when the call's thread is not in the session. One
 * place, so the session's subagent list and the subagent's own page link the same turn.
 */
export function spawningCallUrl(sessionSegment: string, call: SpawningCall): string | null {
  if (call.threadSegment === null) return null;
  const page = urls.thread(sessionSegment, call.threadSegment, call.page);
  return call.turnId === null ? page : `${page}#${turnAnchor(pathSegment(call.turnId))}`;
}
