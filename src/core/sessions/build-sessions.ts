import type { CollabCategory } from "../category.ts";
import { evidenceOf } from "../classify/classify-text.ts";
import { textOf } from "../classify/event-category.ts";
import type { CategoryEvidence } from "../classify/category-evidence.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import type { CategoryOverrides } from "../overrides.ts";
import { ownValue } from "../safe-map.ts";
import type { Attribution, Unattributed } from "./attribute.ts";
import { buildClaudeThreads, type ClaudeThreadLinks } from "./claude-threads.ts";
import { isClaudeThreadEvent } from "./claude-thread-key.ts";
import { claudeCategoryEvidence, claudeSessionTitle } from "./claude-title.ts";
import { tokenUsageOf } from "./claude-tokens.ts";
import { sessionCategory } from "./session-category.ts";
import { nextSessionsOf, previousSessionOf } from "./session-links.ts";
import type { MentionNames } from "./transcript.ts";
import { sessionStatus } from "./status.ts";
import { threadKeyOf, threadKeysOf } from "./thread-key.ts";
import { buildThreads, type ThreadWork } from "./threads.ts";
import { titleOfEventLists } from "./title.ts";
import {
  UNTITLED_SESSION,
  type RoleCounts,
  type UnattributedEvent,
  type WorkSession,
} from "./work-session.ts";

/** What building sessions needs besides their events. */
export interface SessionContext {
  /** The Report's `now`, epoch ms. */
  nowMs: number;
  /** The time of the last event of the whole log: a flow that waited past it is not orphaned. */
  logEndMs: number;
  /** Manual category overrides by session id. */
  overrides: CategoryOverrides;
  /** `previousWorkSessionId` links named by task files, by session id. */
  previousFromTasks: ReadonlyMap<string, string>;
  /** Task descriptions by task id: a session of task signals only is titled and classified by them. */
  taskDescriptions: ReadonlyMap<string, string>;
  /** Discord user ids to agent names, for transcripts. */
  mentionNames: MentionNames;
  /**
   * What linking Claude Code's files found: each subagent's spawning call and type, where its
   * events do not say them, and the threads of context compaction.
   */
  claudeLinks?: ClaudeThreadLinks;
  /**
   * The next sessions of each session, when worked out from more sessions than those given: an
   * analysis of some of a log's sessions (the incremental one) links them as the whole log does.
   */
  nextSessions?: ReadonlyMap<string, readonly string[]>;
  /**
   * The only sessions to build, when not all: an analysis of some of a log's sessions (the
   * incremental one) also has events of sessions it keeps as they were, from the time it analyses
   * again on, which it needs for what the Report lists in time order but not as sessions. Each
   * session is built from its own events and links alone, so those built are as all would be.
   */
  only?: ReadonlySet<string>;
}

/** Work sessions, and the threads they were built with. */
export interface SessionsBuilt {
  /** Work sessions, newest activity first. */
  sessions: WorkSession[];
  /** Every thread, of sessions and of unattributed events, with its events. */
  threads: ThreadWork[];
  /**
   * The ids of the sessions nothing names (sessionTitle gave null). Their Report title is
   * UNTITLED_SESSION, which a real label or goal may equal, so only this set tells them apart.
   */
  untitled: Set<string>;
  /**
   * The thread key of each unattributed event that makes a thread, in the order of the
   * unattributed list: listUnattributed names them without splitting the pairs again.
   */
  looseThreadKeys: string[];
  /** Each session's previous session, when it names one: what `nextWorkSessionIds` are made from. */
  previous: ReadonlyMap<string, string | undefined>;
}

/**
 * Builds every work session from the attributed events, each whole: the links between sessions
 * are found first, so that each session is made with its previous and next sessions.
 */
export function buildWorkSessions(attribution: Attribution, context: SessionContext): SessionsBuilt {
  const previous = new Map(
    [...attribution.bySession].map(([id, events]) => [
      id,
      previousSessionOf(id, events, context.previousFromTasks),
    ]),
  );
  const next = context.nextSessions ?? nextSessionsOf(previous);
  const evidence = evidenceMemo();
  const only = context.only;
  const built = [...attribution.bySession]
    .filter(([id]) => only === undefined || only.has(id))
    .map(([id, events]) =>
      buildOne(id, events, context, { previous: previous.get(id), next: next.get(id) ?? [] }, evidence),
    );
  const loose = looseThreadEvents(attribution.unattributed);
  const looseThreadKeys = threadKeysOf(loose, true);
  const threads = [
    ...built.flatMap((b) => b.threads),
    ...buildThreads(loose, null, context.logEndMs, context.mentionNames, looseThreadKeys),
  ];
  const sessions = built
    .map((b) => b.session)
    .sort((a, b) => b.lastActivityMs - a.lastActivityMs || (a.workSessionId < b.workSessionId ? -1 : 1));
  const untitled = new Set(built.filter((b) => !b.titled).map((b) => b.session.workSessionId));
  return { sessions, threads, untitled, looseThreadKeys, previous };
}

/** Events that make threads: agent-to-agent traffic, conversations and delegations. */
export function isAgentToAgent(e: Pick<CanonicalEvent, "type" | "eventRole">): boolean {
  return (
    e.type.startsWith("a2a.") || e.eventRole === "delegation.subagent" || e.eventRole === "conversation.main"
  );
}

/**
 * The evidence of a text, scored once per distinct text of a run: the messages of a session (a
 * send and the copies that relay it) and of a log (status lines, greetings) repeat, and scoring a
 * text is the dearest part of deciding a category. The evidence is only read afterwards, so one
 * value can serve every event with that text. The table is emptied when it grows past
 * EVIDENCE_KEPT, so a log of millions of distinct texts cannot fill memory with it.
 */
function evidenceMemo(): (text: string) => CategoryEvidence {
  const known = new Map<string, CategoryEvidence>();
  return (text) => {
    let evidence = known.get(text);
    if (evidence === undefined) {
      if (known.size >= EVIDENCE_KEPT) known.clear();
      evidence = evidenceOf(text);
      known.set(text, evidence);
    }
    return evidence;
  };
}

/** How many texts' evidence evidenceMemo keeps at most. */
const EVIDENCE_KEPT = 10_000;

/** One work session and its threads, from its events and its links to other sessions. */
function buildOne(
  id: string,
  events: CanonicalEvent[],
  context: SessionContext,
  links: { previous: string | undefined; next: readonly string[] },
  evidenceOfText: (text: string) => CategoryEvidence,
): { session: WorkSession; threads: ThreadWork[]; titled: boolean } {
  const first = events[0] as CanonicalEvent;
  const last = events.at(-1) as CanonicalEvent;
  const roleCounts = noRoles();
  const agents = new Set<string>();
  const taskIds = new Set<string>();
  const stated: CollabCategory[] = [];
  // A Claude Code session's events are read by its own rules (claude-threads, claude-title); the
  // rest by the agent-to-agent rules, which would title it by a Task call's label. The lists the
  // rules read are filled in this one pass, in time order, rather than filtered out of each other.
  const claude: CanonicalEvent[] = [];
  const conversations: CanonicalEvent[] = [];
  const a2a: CanonicalEvent[] = [];
  let undated = true;
  for (const event of events) {
    if (event.source === "claude_code") claude.push(event);
    else {
      if (event.eventRole === "conversation.main") conversations.push(event);
      if (isAgentToAgent(event)) a2a.push(event);
    }
    if (event.undated !== true) undated = false;
    roleCounts[event.eventRole]++;
    if (event.agentId !== null) agents.add(event.agentId);
    if (event.fromAgent !== null) agents.add(event.fromAgent);
    if (event.toAgent !== null) agents.add(event.toAgent);
    if (event.taskId !== null) taskIds.add(event.taskId);
    if (event.statedCategory !== null) stated.push(event.statedCategory);
  }
  const sortedTaskIds = [...taskIds].sort();
  const descriptions: string[] = [];
  for (const t of sortedTaskIds) {
    const description = context.taskDescriptions.get(t);
    if (description !== undefined) descriptions.push(description);
  }
  // Its conversations' words, else its a2a.* events' (every a2a.* event is agent-to-agent), read
  // in the list they are in rather than filtered into one of their own.
  const evidence = claudeCategoryEvidence(claude);
  const spoken = conversations.length > 0 ? conversations : a2a;
  for (const e of spoken) {
    if (spoken === a2a && !e.type.startsWith("a2a.")) continue;
    const text = textOf(e.facts);
    if (text !== null) evidence.push(evidenceOfText(text));
  }
  // Without any message, what its tasks are about is the best evidence there is.
  if (evidence.length === 0) for (const d of descriptions) evidence.push(evidenceOfText(d));
  const override = ownValue(context.overrides, id);
  const category = sessionCategory({ override, stated, evidence });
  const threads = buildThreads(a2a, id, context.logEndMs, context.mentionNames);
  if (claude.length > 0) {
    const ccThreads = claude.filter(isClaudeThreadEvent);
    if (ccThreads.length > 0) {
      threads.push(...buildClaudeThreads(ccThreads, id, context.logEndMs, context.claudeLinks));
      threads.sort(
        (a, b) => a.thread.startMs - b.thread.startMs || (a.thread.threadKey < b.thread.threadKey ? -1 : 1),
      );
    }
  }
  const title =
    (claude.length > 0 ? claudeSessionTitle(claude) : null) ??
    titleOfEventLists([conversations, a2a], descriptions);
  const tokens = claude.length > 0 ? tokenUsageOf(claude.map((e) => e.facts)) : undefined;

  // Keys in the order of the Report's WorkSession, optional ones in their place.
  const session: WorkSession = {
    workSessionId: id,
    status: sessionStatus(last.ts, { type: last.type, data: last.facts }, context.nowMs),
    startMs: first.ts,
    lastActivityMs: last.ts,
    eventCount: events.length,
    roleCounts,
    collabCategory: category.collabCategory,
    categorySource: category.categorySource,
    categoryConfidence: category.categoryConfidence,
    collabSubTags: category.collabSubTags,
    ...(override === undefined
      ? {}
      : {
          categoryOverride: {
            updatedAt: override.updatedAt,
            ...(override.updatedBy === undefined ? {} : { updatedBy: override.updatedBy }),
          },
        }),
    title: title ?? UNTITLED_SESSION,
    agents: [...agents].sort(),
    taskIds: sortedTaskIds,
    ...(links.previous === undefined ? {} : { previousWorkSessionId: links.previous }),
    nextWorkSessionIds: [...links.next],
    threads: threads.map((t) => t.thread),
    ...(tokens === undefined ? {} : { tokens }),
    ...(undated ? { undated: true as const } : {}),
  };
  return { session, threads, titled: title !== null };
}

/** Every role counted zero, in the order of EventRole (the order the Report writes them). */
function noRoles(): RoleCounts {
  return {
    "conversation.main": 0,
    "delegation.subagent": 0,
    "orchestration.task": 0,
    "system.observability": 0,
  };
}

/**
 * The events no work session took that make threads, in time order: the threads of inferred
 * legacy conversations are built from exactly these, and the Report's unattributed list keys them
 * the same way.
 */
function looseThreadEvents(unattributed: readonly Unattributed[]): CanonicalEvent[] {
  const loose: CanonicalEvent[] = [];
  // Indexed: a for…of loop that runs once makes an iterator result per element before it is
  // optimized, and a busy log leaves hundreds of thousands of events unattributed.
  for (let i = 0; i < unattributed.length; i++) {
    const { event } = unattributed[i] as Unattributed;
    if (isAgentToAgent(event)) loose.push(event);
  }
  return loose;
}

/**
 * The unattributed events as the Report lists them. An event of a thread carries the key of the
 * thread it is in (an inferred part of its pair's lines; `looseThreadKeys` of buildWorkSessions,
 * else worked out again); any other keeps its unsplit key.
 */
export function listUnattributed(
  attribution: Attribution,
  looseThreadKeys: readonly string[] = threadKeysOf(looseThreadEvents(attribution.unattributed), true),
): UnattributedEvent[] {
  const listed: UnattributedEvent[] = [];
  // The events that make threads come in the order their keys were worked out in.
  let nextLoose = 0;
  // Indexed, for the reason looseThreadEvents gives.
  for (let i = 0; i < attribution.unattributed.length; i++) {
    const { event, reason, reasonKey } = attribution.unattributed[i] as Unattributed;
    const threadKey = isAgentToAgent(event) ? (looseThreadKeys[nextLoose++] as string) : threadKeyOf(event);
    // One literal, keys in the order of UnattributedEvent (eventRef's fields first), instead of
    // spreading eventRef's object into another for each of a log's many unattributed events.
    listed.push({
      id: eventId(event),
      ts: event.ts,
      type: event.type,
      eventRole: event.eventRole,
      agentId: event.agentId,
      fromAgent: event.fromAgent,
      toAgent: event.toAgent,
      conversationId: event.conversationId,
      taskId: event.taskId,
      threadKey,
      file: event.file,
      line: event.line,
      reason,
      reasonKey,
    });
  }
  return listed;
}
