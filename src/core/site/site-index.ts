import { z } from "zod";
import { AGENT_STATES } from "../agents/agent-states.ts";
import { CollabCategory } from "../category.ts";
import { SessionCard } from "./session-card.ts";
import { TaskCard } from "./task-card.ts";

/** The roles the events page lists (DESIGN.md §5: delegation and orchestration). */
export const LISTED_ROLES = ["delegation.subagent", "orchestration.task"] as const;
/** How many events one page of `/events/` lists. */
export const EVENTS_PER_PAGE = 100;

/** An agent as lists show it. */
export const AgentCard = z.object({
  /** The agent id and its path segment. */
  agentId: z.string(),
  segment: z.string(),
  /** main, subagent or unknown. */
  kind: z.enum(["main", "subagent", "unknown"]),
  /** Its event, session and task counts. */
  events: z.number().int(),
  workSessions: z.number().int(),
  tasks: z.number().int(),
  /** When it was last seen, epoch ms. */
  lastSeenMs: z.number().nullable(),
  /** Its latest state, when lifecycle events said one. */
  state: z.enum(AGENT_STATES).nullable(),
});
export type AgentCard = z.infer<typeof AgentCard>;

/** One listing of the events page: all listed roles, or one of them. */
export const EventListing = z.object({
  /** `all`, or the role it lists. */
  role: z.enum(["all", ...LISTED_ROLES]),
  /** Its path segment: `all`, or the role. */
  segment: z.string(),
  /** How many events and pages it has. */
  events: z.number().int(),
  pages: z.number().int(),
});
export type EventListing = z.infer<typeof EventListing>;

/** What every list page reads: one small file beside the per-session, task and agent shards. */
export const SiteIndex = z.object({
  /** The Report's generatedAt and now. */
  generatedAt: z.string(),
  nowMs: z.number(),
  /** Distinct events read, copies dropped, and findings. */
  events: z.number().int(),
  duplicates: z.number().int(),
  findings: z.number().int(),
  /** Events no session could take. */
  unattributed: z.number().int(),
  /** Sessions per category, in the fixed order of the ten categories. */
  categories: z.array(z.object({ category: CollabCategory, count: z.number().int() })),
  /** Every session, newest activity first. */
  sessions: z.array(SessionCard),
  /** Every task. */
  tasks: z.array(TaskCard),
  /** Every agent. */
  agents: z.array(AgentCard),
  /** The events page's listings. */
  eventListings: z.array(EventListing),
  /** Every event type the events page lists, for its type filter. */
  eventTypes: z.array(z.string()),
});
export type SiteIndex = z.infer<typeof SiteIndex>;
