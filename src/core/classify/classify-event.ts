import { CollabCategory } from "../category.ts";
import { isCompactionAgent } from "../claude/claude-event.ts";
import type { BaseEvent, CanonicalEvent } from "../event.ts";
import { eventRoleOf, type ClaudeRoleFacts } from "./event-role.ts";
import { sessionTypeOf } from "./session-type.ts";

/** What classification needs to know beyond the event: which agents are main agents. */
interface ClassifyContext {
  /** Main agents, lower case (`main` always among them). */
  mainAgents: ReadonlySet<string>;
}

const ONLY_MAIN: ReadonlySet<string> = new Set(["main"]);

/** Hook events in which the main agent hands work to a subagent. */
const HOOK_DELEGATIONS = new Set(["SubagentStart", "SubagentStop"]);

/** What classification adds to an event (see CanonicalEvent). */
type Classification = Pick<
  CanonicalEvent,
  "eventRole" | "fromSessionType" | "toSessionType" | "statedCategory"
>;

/**
 * The classification stage: every distinct event with its role and session types. It runs once
 * per distinct event, after dedupe, from the facts normalisation took from each line.
 *
 * The four fields are written onto the events given, which are returned as they are, rather than
 * onto a copy of each: the loaded events stay referenced by the input until the analysis ends, so
 * a classified copy of every event held both at the analysis's peak (about 150 bytes an event,
 * half a gigabyte at 3.6 million). An event that already has a role (an earlier analysis of the
 * same input classified it) is copied instead, so that what an earlier Analysis holds never
 * changes under it.
 */
export function classifyEvents(events: readonly BaseEvent[], context: ClassifyContext): CanonicalEvent[] {
  const classified: CanonicalEvent[] = new Array<CanonicalEvent>(events.length);
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as BaseEvent & Partial<Classification>;
    classified[i] =
      event.eventRole === undefined ? classifyOnto(event, event, context) : classifyEvent(event, context);
  }
  return classified;
}

/** One event classified, as a new object: the event as it was, with the four fields added. */
export function classifyEvent(event: BaseEvent, context: ClassifyContext): CanonicalEvent {
  return classifyOnto({ ...event }, event, context);
}

/**
 * Writes an event's role and session types onto `target` (the event itself, or a copy of it), from
 * the event's fields and its facts, and returns it. The category is not decided here: reading a
 * message's words costs more than all the rest of ingest, and only conversations need it (see
 * eventCategory).
 */
function classifyOnto(target: BaseEvent, event: BaseEvent, context: ClassifyContext): CanonicalEvent {
  const { facts } = event;
  const hints = facts.parentConversationId !== undefined || positive(facts.depth) || positive(facts.hop);
  const delegated =
    event.type === "a2a.spawn" ||
    event.type === "a2a.spawn_result" ||
    event.type === "manager_assign" ||
    hints ||
    (event.source === "claude_code" && HOOK_DELEGATIONS.has(facts.hook_event_name ?? ""));
  // openclaw.json names OpenClaw's agents only; v1.1 and Claude Code agents are judged without it.
  const mains = event.source === "openclaw" ? context.mainAgents : ONLY_MAIN;
  const fromSessionType = sessionTypeOf(
    {
      agent: event.fromAgent ?? event.agentId,
      stated: facts.fromSessionType,
      sessionKey: facts.requesterSessionKey,
      delegated: false,
    },
    mains,
  );
  const toSessionType =
    event.toAgent === null && facts.targetSessionKey === undefined
      ? "unknown"
      : sessionTypeOf(
          {
            agent: event.toAgent,
            stated: facts.toSessionType,
            sessionKey: facts.targetSessionKey,
            delegated,
          },
          mains,
        );
  const roleFacts = {
    type: event.type,
    stated: facts.eventRole,
    from: fromSessionType,
    to: toSessionType,
    delegationHints: hints,
  };
  // Only Claude Code events take a copy with their own facts added, so that the others' facts are
  // made without a spread; with the fields written straight onto the event, rather than through
  // an object of them, that made the stage about a sixth cheaper.
  const eventRole = eventRoleOf(
    event.source === "claude_code" ? { ...roleFacts, claude: claudeRoleFacts(event) } : roleFacts,
  );
  const stated = facts.collabCategory;
  const classified = target as BaseEvent & Classification;
  // Assigned one by one in the order of CanonicalEvent, so that every event takes the same chain
  // of hidden classes and its keys the order a spread would have given them.
  classified.eventRole = eventRole;
  classified.fromSessionType = fromSessionType;
  classified.toSessionType = toSessionType;
  classified.statedCategory =
    stated !== undefined && (CollabCategory.options as readonly string[]).includes(stated)
      ? (stated as CollabCategory)
      : null;
  return classified;
}

/**
 * What the role rules read of a Claude Code event. Its prompts and answers are the conversation
 * of a person with the main agent, or a subagent's part of a delegation; a Task/Agent call, its
 * result and a subagent's start and stop are the delegation; tool steps, thinking, compactions
 * and bookkeeping are observability.
 */
function claudeRoleFacts(event: BaseEvent): ClaudeRoleFacts {
  const { facts } = event;
  const instance = facts.agentInstance;
  return {
    kind: facts.ccKind,
    subagent: facts.isSidechain === true || instance !== undefined,
    compaction: isCompactionAgent(instance ?? event.conversationId ?? ""),
    spawnResult:
      (event.type === "tool_succeeded" || event.type === "tool_failed") &&
      facts.spawnedAgentId !== undefined &&
      facts.spawnedAgentId.length > 0,
  };
}

function positive(value: number | undefined): boolean {
  return typeof value === "number" && value > 0;
}
