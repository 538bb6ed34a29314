// Links between the pages of the site being rendered: its URLs under the build's base, and the
// links to sessions, agents and tasks that only exist when the item has a page of its own.
import { agentSegment, hasTaskPage, sessionSegment, settings } from "./data.ts";
import { siteUrls, type SiteUrls } from "./urls.ts";

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
