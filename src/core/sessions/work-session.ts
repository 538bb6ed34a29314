import * as z from "zod";
import { TokenUsage } from "../claude/token-usage.ts";
import { CollabCategory } from "../category.ts";
import { CategorySource } from "../classify/category-decision.ts";
import { EventRole } from "../classify/event-role.ts";
import { EventRef } from "../event-ref.ts";
import { UNATTRIBUTED_REASONS } from "./attribute.ts";
import { BLOCKED_REASONS } from "./blocked-reasons.ts";
import { SESSION_STATUSES } from "./status.ts";
import { THREAD_OUTCOMES } from "./thread-outcome.ts";
import { TranscriptTurn } from "./transcript.ts";

/** One thread of a work session: a conversation, or the events of one agent pair. */
export const Thread = z.object({
  /**
   * `conv:<conversationId>`; `pair:<a>_<b>` (sorted) for a session's legacy lines, or
   * `pair:<a>_<b>@<ISO start>` for a conversation inferred from lines no session took; or
   * `event:<type>:<5-minute bucket>`.
   */
  threadKey: z.string(),
  /** The conversation, when the thread is one. */
  conversationId: z.string().optional(),
  /** Who started it: the first send's or spawn's sender. */
  fromAgent: z.string().nullable(),
  /** Whom it was addressed to. */
  toAgent: z.string().nullable(),
  /** The role of its first event. */
  eventRole: EventRole,
  /** Ping-pong turns: the highest `turn` of its responses, 0 without any. */
  turns: z.number().int().nonnegative(),
  /** How it ended. */
  outcome: z.enum(THREAD_OUTCOMES),
  /** Why it did not end well, for blocked, no_reply and failed outcomes. */
  blockedReason: z.enum(BLOCKED_REASONS).optional(),
  /** Its first event's time, epoch ms. */
  startMs: z.number(),
  /** Its last event's time, epoch ms. */
  lastActivityMs: z.number(),
  /** Its events. */
  eventCount: z.number().int().positive(),
  /** What was said, turn by turn. */
  transcript: z.array(TranscriptTurn),
  /** For a Claude Code subagent's thread: its type (`Explore`, …), when known. */
  agentType: z.string().optional(),
  /**
   * For a Claude Code subagent's thread: the thread and the Task/Agent call that spawned it (the
   * call's `tool_use` id), so pages nest it under that call.
   */
  spawnedBy: z.object({ threadKey: z.string(), toolUseId: z.string() }).optional(),
  /** For a Claude Code thread: the tokens its assistant messages used, each message once. */
  tokens: TokenUsage.optional(),
  /** True when none of its events has a known time (see BaseEvent.undated). */
  undated: z.literal(true).optional(),
});
export type Thread = z.infer<typeof Thread>;

/** Events per role, all four always present. */
export const RoleCounts = z.object(
  Object.fromEntries(EventRole.options.map((r) => [r, z.number().int().nonnegative()])) as Record<
    EventRole,
    z.ZodNumber
  >,
);
export type RoleCounts = z.infer<typeof RoleCounts>;

/**
 * The Report's `title` of a work session that nothing names. It is a fixed value of the Report's
 * contract, kept so that Reports stay byte-identical, not display text: pages show their own
 * localized words for a session without a title.
 */
export const UNTITLED_SESSION = "협업 작업";

/** A work session: the root of one collaboration, as the Report lists it. */
export const WorkSession = z.object({
  /** The session id, `ws_…` (or a Claude Code session id). */
  workSessionId: z.string(),
  /** ACTIVE, QUIET or ARCHIVED against the Report's `now`. */
  status: z.enum(SESSION_STATUSES),
  /** Its first event, epoch ms. */
  startMs: z.number(),
  /** Its last event, epoch ms. */
  lastActivityMs: z.number(),
  /** Its events, attached ones included. */
  eventCount: z.number().int().positive(),
  /** Its events per role. */
  roleCounts: RoleCounts,
  /** Its collaboration category, decided from all its conversations together. */
  collabCategory: CollabCategory,
  /** How the category was decided. */
  categorySource: CategorySource,
  /** 0–1. */
  categoryConfidence: z.number(),
  /** The specifics behind the category, at most 5. */
  collabSubTags: z.array(z.string()),
  /** When an operator overrode the category: when and by whom. */
  categoryOverride: z.object({ updatedAt: z.string(), updatedBy: z.string().optional() }).optional(),
  /** A one-line title (see sessionTitle); UNTITLED_SESSION when nothing names the session. */
  title: z.string(),
  /** Every agent that took part, sorted. */
  agents: z.array(z.string()),
  /** Every task it touched, sorted. */
  taskIds: z.array(z.string()),
  /** The session this one continues, when one is named. */
  previousWorkSessionId: z.string().optional(),
  /** Sessions that continue this one. */
  nextWorkSessionIds: z.array(z.string()),
  /** Its agent-to-agent threads, in time order. */
  threads: z.array(Thread),
  /**
   * For a Claude Code session: the tokens of all its assistant messages, subagents' included, each
   * message once.
   */
  tokens: TokenUsage.optional(),
  /** True when none of its events has a known time (see BaseEvent.undated): weeks leave it out. */
  undated: z.literal(true).optional(),
});
export type WorkSession = z.infer<typeof WorkSession>;

/** An event no work session could take, as the Report lists it. */
export const UnattributedEvent = EventRef.extend({
  /** The conversation it could have been attached by. */
  conversationId: z.string().nullable(),
  /** The task it could have been attached by. */
  taskId: z.string().nullable(),
  /**
   * The thread it belongs to (legacy conversations are threads by agent pair, split where the
   * pair was silent for long); an event of no thread keeps its unsplit key.
   */
  threadKey: z.string(),
  /** The file it was read from. */
  file: z.string(),
  /** The 1-based line in that file. */
  line: z.number().int().positive(),
  /** Why no session could take it. */
  reason: z.string(),
  /** The same reason as a key, which pages name in words. */
  reasonKey: z.enum(UNATTRIBUTED_REASONS),
});
export type UnattributedEvent = z.infer<typeof UnattributedEvent>;
