import { z } from "zod";
import type { EventSource } from "./event.ts";
import { isRecord } from "./formats/fields.ts";
import { intern } from "./formats/intern.ts";

/**
 * The fields of a producer's payload that the analysis reads: words to show and to classify, the
 * few values that decide outcomes, statuses and states, and what the producer says about the
 * event's place (its role, its sides' session types, delegation hints, its category). They are
 * taken while ingest parses the line anyway, so that the analysis never parses a line again; the
 * rest of the payload stays in the line (`eventData`).
 *
 * A v1.1 event keeps its type-specific fields in `payload`: those fields, and its run id, are read
 * from there. What a producer says about the event's place is read from the top level of the line
 * (OpenClaw's `data`, a v1.1 event itself, a hook payload), where producers write it.
 */
export const EventFacts = z
  .object({
    /** A message: an a2a send or response, a notification. Untrusted. */
    message: z.string(),
    /** A reply's first 200 characters. */
    replyPreview: z.string(),
    /** A spawn's label. */
    label: z.string(),
    /** An error text. */
    error: z.string(),
    /** A v1.1 summary: words that say what the work is. */
    summary: z.string(),
    /** A Claude Code prompt. */
    prompt: z.string(),
    /** A Claude Code task subject. */
    task_subject: z.string(),
    /** A human query's question. */
    question: z.string(),
    /** A human query's answer. */
    answer: z.string(),
    /** An a2a event's outcome (`blocked`, `no_reply`, `failed`): failure evidence. */
    outcome: z.string(),
    /** The gateway's wait status (`timeout`, `error`, `not_found`): failure evidence. */
    waitStatus: z.string(),
    /** The gateway's wait error text: failure evidence. */
    waitError: z.string(),
    /** True when a complete was refused for the concurrency limit. */
    concurrencyBlocked: z.boolean(),
    /** A spawn result's or task event's status. */
    status: z.string(),
    /** A ping-pong turn. */
    turn: z.number(),
    /** A retry's attempt. */
    attempt: z.number(),
    /** A retry's limit of attempts. */
    maxAttempts: z.number(),
    /** A backoff's, cancellation's or block's reason. */
    reason: z.string(),
    /** A zombie's action. */
    action: z.string(),
    /** A task.started's priority. */
    priority: z.string(),
    /** A task.started's approval flag. */
    requiresApproval: z.boolean(),
    /** A task.started's link to the work session it continues. */
    previousWorkSessionId: z.string(),
    /** A v1.1 event's run. */
    run_id: z.string(),
    /** The role the producer stated (`eventRole`), as written; classification checks it. */
    eventRole: z.string(),
    /** The sender's session type as the producer stated it, as written. */
    fromSessionType: z.string(),
    /** The receiver's session type as the producer stated it, as written. */
    toSessionType: z.string(),
    /** The session key of the requesting side (`agent:<id>:main`, `…:subagent:…`). */
    requesterSessionKey: z.string(),
    /**
     * The session key of the target side; null when the field is there but holds no text, which
     * still tells that the event has a target.
     */
    targetSessionKey: z.string().nullable(),
    /** A delegation hint: the conversation that delegated this one. */
    parentConversationId: z.string(),
    /** A delegation hint: how deep in a delegation chain the event is. */
    depth: z.number(),
    /** A delegation hint: how many hand-offs the event has passed. */
    hop: z.number(),
    /** The Claude Code hook that fired (`SubagentStart`, `PreToolUse`, …). */
    hook_event_name: z.string(),
    /** The category the producer stated (`collabCategory`), as written; classification checks it. */
    collabCategory: z.string(),
    /**
     * What a Claude Code transcript entry or hook payload shows in a transcript (see
     * TranscriptTurnKind): `prompt`, `answer`, `thinking`, `tool`, `compaction`, `title`, or
     * `meta` for entries shown nowhere (snapshots, queue operations, progress).
     */
    ccKind: z.string(),
    /** The tool a Claude Code tool call or result is about (`Bash`, `Task`, `Agent`, …). */
    toolName: z.string(),
    /**
     * The `tool_use` id(s) of a Claude Code tool call, result or hook payload (`tool_use_id`);
     * several, separated by one space, when one transcript line holds several blocks.
     */
    toolUseId: z.string(),
    /** True when a Claude Code tool result says the tool failed (`is_error`, a failure hook). */
    isError: z.boolean(),
    /**
     * The `tool_use` ids, separated by one space, of the failed results of a transcript line (a line
     * may hold several results, and the others succeeded). Absent when none failed, and on hook
     * payloads, which answer one call each.
     */
    failedToolUseIds: z.string(),
    /**
     * The Claude Code subagent the entry or payload comes from: a sidechain entry's `agentId`, a
     * hook payload's `agent_id`.
     */
    agentInstance: z.string(),
    /**
     * The subagent a Task/Agent call's result names (`toolUseResult.agentId`, or the text
     * `agentId: <id>`), or the one a SubagentStart/SubagentStop payload is about.
     */
    spawnedAgentId: z.string(),
    /** The subagent type a Task/Agent call asks for (`tool_input.subagent_type`), or a hook's `agent_type`. */
    subagentType: z.string(),
    /** True for a Claude Code transcript entry of a subagent (`isSidechain`). */
    isSidechain: z.boolean(),
    /** A transcript entry's own id (`uuid`): summaries point at one by `leafUuid`. */
    uuid: z.string(),
    /** A `summary` entry's `leafUuid`: the entry whose session it titles. */
    leafUuid: z.string(),
    /** A title a person or Claude Code gave the session (`summary`, `customTitle`). Untrusted. */
    title: z.string(),
    /** An assistant message's `message.id`: lines that share it are one message, counted once. */
    messageId: z.string(),
    /** The model of an assistant message. */
    model: z.string(),
    /** `usage.input_tokens` of an assistant message. */
    inputTokens: z.number(),
    /** `usage.output_tokens` of an assistant message. */
    outputTokens: z.number(),
    /** `usage.cache_creation_input_tokens` of an assistant message. */
    cacheCreationTokens: z.number(),
    /** `usage.cache_read_input_tokens` of an assistant message. */
    cacheReadTokens: z.number(),
    /** A compaction's `compactMetadata.preTokens`: the context's size before it was compacted. */
    preTokens: z.number(),
  })
  .partial();
export type EventFacts = z.infer<typeof EventFacts>;

/** Events whose payload holds none of the fields share this one. */
export const NO_FACTS: EventFacts = Object.freeze({});

type Source = Record<string, unknown>;

/**
 * The facts of one event, from its payload as `eventData` gives it. Every event passes through
 * here, so each field is read by its own name, a fast property load, rather than by looping over
 * the schema's keys (a test holds the two to the same fields). The short texts a log repeats
 * (roles, session types, session keys, statuses, ids) are interned like the event's own ids: kept
 * as JSON.parse made them, a copy of `conversation.main` or `main` per event was a quarter of the
 * loaded strings. Free texts (messages, prompts, answers) are kept as they are, as they rarely
 * repeat and would only churn the bounded table.
 */
export function extractFacts(source: EventSource, data: Record<string, unknown>): EventFacts {
  const from: Source =
    source === "v1.1" && isRecord(data["payload"]) ? { ...data["payload"], run_id: data["run_id"] } : data;
  let facts: { -readonly [K in keyof EventFacts]: EventFacts[K] } | null = null;
  const message = from["message"];
  if (typeof message === "string") (facts ??= {}).message = message;
  const replyPreview = from["replyPreview"];
  if (typeof replyPreview === "string") (facts ??= {}).replyPreview = replyPreview;
  const label = from["label"];
  if (typeof label === "string") (facts ??= {}).label = intern(label);
  const error = from["error"];
  if (typeof error === "string") (facts ??= {}).error = error;
  const summary = from["summary"];
  if (typeof summary === "string") (facts ??= {}).summary = summary;
  const prompt = from["prompt"];
  if (typeof prompt === "string") (facts ??= {}).prompt = prompt;
  const task_subject = from["task_subject"];
  if (typeof task_subject === "string") (facts ??= {}).task_subject = task_subject;
  const question = from["question"];
  if (typeof question === "string") (facts ??= {}).question = question;
  const answer = from["answer"];
  if (typeof answer === "string") (facts ??= {}).answer = answer;
  const outcome = from["outcome"];
  if (typeof outcome === "string") (facts ??= {}).outcome = intern(outcome);
  const waitStatus = from["waitStatus"];
  if (typeof waitStatus === "string") (facts ??= {}).waitStatus = intern(waitStatus);
  const waitError = from["waitError"];
  if (typeof waitError === "string") (facts ??= {}).waitError = waitError;
  const concurrencyBlocked = from["concurrencyBlocked"];
  if (typeof concurrencyBlocked === "boolean") (facts ??= {}).concurrencyBlocked = concurrencyBlocked;
  const status = from["status"];
  if (typeof status === "string") (facts ??= {}).status = intern(status);
  const turn = from["turn"];
  if (typeof turn === "number") (facts ??= {}).turn = turn;
  const attempt = from["attempt"];
  if (typeof attempt === "number") (facts ??= {}).attempt = attempt;
  const maxAttempts = from["maxAttempts"];
  if (typeof maxAttempts === "number") (facts ??= {}).maxAttempts = maxAttempts;
  const reason = from["reason"];
  if (typeof reason === "string") (facts ??= {}).reason = intern(reason);
  const action = from["action"];
  if (typeof action === "string") (facts ??= {}).action = intern(action);
  const priority = from["priority"];
  if (typeof priority === "string") (facts ??= {}).priority = intern(priority);
  const requiresApproval = from["requiresApproval"];
  if (typeof requiresApproval === "boolean") (facts ??= {}).requiresApproval = requiresApproval;
  const previousWorkSessionId = from["previousWorkSessionId"];
  if (typeof previousWorkSessionId === "string")
    (facts ??= {}).previousWorkSessionId = intern(previousWorkSessionId);
  const run_id = from["run_id"];
  if (typeof run_id === "string") (facts ??= {}).run_id = intern(run_id);
  // What the producer says about the event's place, from the top level of the line.
  const eventRole = data["eventRole"];
  if (typeof eventRole === "string") (facts ??= {}).eventRole = intern(eventRole);
  const fromSessionType = data["fromSessionType"];
  if (typeof fromSessionType === "string") (facts ??= {}).fromSessionType = intern(fromSessionType);
  const toSessionType = data["toSessionType"];
  if (typeof toSessionType === "string") (facts ??= {}).toSessionType = intern(toSessionType);
  const requesterSessionKey = data["requesterSessionKey"];
  if (typeof requesterSessionKey === "string")
    (facts ??= {}).requesterSessionKey = intern(requesterSessionKey);
  const targetSessionKey = data["targetSessionKey"];
  if (targetSessionKey !== undefined)
    (facts ??= {}).targetSessionKey = typeof targetSessionKey === "string" ? intern(targetSessionKey) : null;
  const parentConversationId = data["parentConversationId"];
  if (typeof parentConversationId === "string")
    (facts ??= {}).parentConversationId = intern(parentConversationId);
  const depth = data["depth"];
  if (typeof depth === "number") (facts ??= {}).depth = depth;
  const hop = data["hop"];
  if (typeof hop === "number") (facts ??= {}).hop = hop;
  const hook_event_name = data["hook_event_name"];
  if (typeof hook_event_name === "string") (facts ??= {}).hook_event_name = intern(hook_event_name);
  const collabCategory = data["collabCategory"];
  if (typeof collabCategory === "string") (facts ??= {}).collabCategory = intern(collabCategory);
  if (source === "claude_code") facts = claudeFacts(data, facts);
  return facts ?? NO_FACTS;
}

/** Facts being gathered for one event. */
type MutableFacts = { -readonly [K in keyof EventFacts]: EventFacts[K] };

/**
 * The Claude Code facts, under their own names. The Claude Code formats work them out from the
 * transcript entry or hook payload and hand them here with the payload's own fields, so every
 * fact passes one place; other formats never carry them, so their events do not pay for reading
 * them.
 */
function claudeFacts(data: Source, found: MutableFacts | null): MutableFacts | null {
  let facts = found;
  const ccKind = data["ccKind"];
  if (typeof ccKind === "string") (facts ??= {}).ccKind = intern(ccKind);
  const toolName = data["toolName"];
  if (typeof toolName === "string") (facts ??= {}).toolName = intern(toolName);
  const toolUseId = data["toolUseId"];
  if (typeof toolUseId === "string") (facts ??= {}).toolUseId = toolUseId;
  const isError = data["isError"];
  if (typeof isError === "boolean") (facts ??= {}).isError = isError;
  const failedToolUseIds = data["failedToolUseIds"];
  if (typeof failedToolUseIds === "string") (facts ??= {}).failedToolUseIds = failedToolUseIds;
  const agentInstance = data["agentInstance"];
  if (typeof agentInstance === "string") (facts ??= {}).agentInstance = intern(agentInstance);
  const spawnedAgentId = data["spawnedAgentId"];
  if (typeof spawnedAgentId === "string") (facts ??= {}).spawnedAgentId = intern(spawnedAgentId);
  const subagentType = data["subagentType"];
  if (typeof subagentType === "string") (facts ??= {}).subagentType = intern(subagentType);
  const isSidechain = data["isSidechain"];
  if (typeof isSidechain === "boolean") (facts ??= {}).isSidechain = isSidechain;
  const uuid = data["uuid"];
  if (typeof uuid === "string") (facts ??= {}).uuid = uuid;
  const leafUuid = data["leafUuid"];
  if (typeof leafUuid === "string") (facts ??= {}).leafUuid = leafUuid;
  const title = data["title"];
  if (typeof title === "string") (facts ??= {}).title = title;
  const messageId = data["messageId"];
  if (typeof messageId === "string") (facts ??= {}).messageId = messageId;
  const model = data["model"];
  if (typeof model === "string") (facts ??= {}).model = intern(model);
  const inputTokens = data["inputTokens"];
  if (typeof inputTokens === "number") (facts ??= {}).inputTokens = inputTokens;
  const outputTokens = data["outputTokens"];
  if (typeof outputTokens === "number") (facts ??= {}).outputTokens = outputTokens;
  const cacheCreationTokens = data["cacheCreationTokens"];
  if (typeof cacheCreationTokens === "number") (facts ??= {}).cacheCreationTokens = cacheCreationTokens;
  const cacheReadTokens = data["cacheReadTokens"];
  if (typeof cacheReadTokens === "number") (facts ??= {}).cacheReadTokens = cacheReadTokens;
  const preTokens = data["preTokens"];
  if (typeof preTokens === "number") (facts ??= {}).preTokens = preTokens;
  return facts;
}
