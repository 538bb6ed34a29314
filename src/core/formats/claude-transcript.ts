import * as z from "zod";
import { extractFacts } from "../event-facts.ts";
import { readCaptureTime } from "./claude-time.ts";
import {
  mapTranscriptEntry,
  spawningCall,
  type TranscriptEntryView,
  type ToolResultBlock,
  type ToolUseBlock,
} from "./claude-transcript-rules.ts";
import { isRecord, textOf } from "./fields.ts";
import { intern, internOrNull } from "./intern.ts";
import { contentId } from "./line-id.ts";
import { LoadedEvent } from "./loaded-event.ts";
import { rejected, type LineRef, type Normalized } from "./normalized.ts";
import { summarizeIssues } from "./openclaw.ts";

/** One block of a message's content; its other fields depend on its type and are read leniently. */
const ContentBlock = z.looseObject({
  /** `text`, `thinking`, `tool_use`, `tool_result`, `image`, or a type of a later release. */
  type: z.string(),
});

/** The message of a user or assistant entry, in the shape of the Anthropic Messages API. */
const TranscriptMessage = z.looseObject({
  /** `user` or `assistant`. */
  role: z.string().optional(),
  /** The content: plain text, or a list of blocks. */
  content: z
    .union([z.string(), z.array(ContentBlock)], {
      error: "should be text or a list of content blocks, each an object with a text type",
    })
    .optional(),
  /** An assistant message's id: the lines of one message split by block share it. */
  id: z.string().optional(),
  /** The model that wrote an assistant message. */
  model: z.string().optional(),
  /** An assistant message's token counts; read leniently, as new counters come with releases. */
  usage: z.unknown().optional(),
});

/**
 * One line of a Claude Code session transcript. Only the fields workscope reads are checked;
 * every other field, and every entry type a later release adds, is kept in the line as written.
 */
export const TranscriptEntry = z.looseObject({
  /** What the entry is: `user`, `assistant`, `system`, `summary`, `custom-title`, … */
  type: z.string().min(1),
  /** The entry's own id; absent on entries that are no message (summaries, snapshots). */
  uuid: z.string().optional(),
  /** The previous entry's id; null at a root (a compacted session has several). */
  parentUuid: z.string().nullable().optional(),
  /** The Claude Code session the entry belongs to (a subagent's entries carry its parent's). */
  sessionId: z.string().optional(),
  /** When it was written, ISO-8601; read by readCaptureTime. */
  timestamp: z.unknown().optional(),
  /** True for the entries of a subagent. */
  isSidechain: z.boolean().optional(),
  /** The subagent that wrote a sidechain entry. */
  agentId: z.string().optional(),
  /** True for user entries Claude Code added itself (an expanded command, a caveat). */
  isMeta: z.boolean().optional(),
  /** True for the user entry holding the summary a compaction wrote to continue the session. */
  isCompactSummary: z.boolean().optional(),
  /** A system entry's kind, e.g. `compact_boundary`. */
  subtype: z.string().optional(),
  /** The message of a user or assistant entry. */
  message: TranscriptMessage.optional(),
  /** The structured result of a tool, on the user entry that carries the result. */
  toolUseResult: z.unknown().optional(),
  /** A summary entry's title for the conversation. */
  summary: z.string().optional(),
  /** The entry a summary titles. */
  leafUuid: z.string().optional(),
  /** The title a person gave the session, on a custom-title entry. */
  customTitle: z.string().optional(),
  /** A compaction's details, e.g. `preTokens`. */
  compactMetadata: z.unknown().optional(),
  /** The version of Claude Code that wrote the entry (not a schema version). */
  version: z.string().optional(),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntry>;

/**
 * Entry types only a transcript has, with the field each must also carry (empty for none): they
 * tell an entry without `sessionId` and `uuid` from other formats' lines.
 */
const TRANSCRIPT_ONLY_TYPES: ReadonlyMap<string, string> = new Map([
  ["summary", "leafUuid"],
  ["custom-title", ""],
  ["file-history-snapshot", ""],
  ["queue-operation", ""],
  ["progress", ""],
]);

/**
 * True when a parsed line is a Claude Code transcript entry: it has a `sessionId` and a `uuid`,
 * or a type only transcripts have.
 */
export function isTranscriptEntry(value: Record<string, unknown>): boolean {
  if (typeof value["sessionId"] === "string" && typeof value["uuid"] === "string") return true;
  const type = value["type"];
  if (typeof type !== "string") return false;
  const needs = TRANSCRIPT_ONLY_TYPES.get(type);
  return needs !== undefined && (needs === "" || needs in value);
}

/**
 * One transcript entry as one canonical event. The entry's `uuid` is its id; entries without one
 * get `contentId`, from their JSON alone, as they are snapshots and titles that say the same
 * wherever they are copied. The main chain's agent is `main` and a subagent's is `subagent` (the analysis names
 * its type from the call that spawned it); a subagent's entries form the conversation named by
 * its `agentId`.
 */
export function normalizeTranscript(value: Record<string, unknown>, ref: LineRef): Normalized {
  let entry: TranscriptEntry;
  if (isWellFormed(value)) entry = value;
  else {
    const parsed = TranscriptEntry.safeParse(value);
    if (!parsed.success) return rejected(`Claude Code transcript entry: ${summarizeIssues(parsed.error)}`);
    entry = parsed.data;
  }
  const problems: string[] = [];
  let ts = Number.NaN;
  if (entry.timestamp !== undefined && entry.timestamp !== null) {
    const time = readCaptureTime(entry.timestamp);
    if (time.ms === null) problems.push(`Claude Code transcript entry: timestamp: ${time.reason}`);
    else {
      ts = time.ms;
      if (time.note !== null) problems.push(`Claude Code transcript entry: timestamp: ${time.note}`);
    }
  }
  const view = entryView(entry);
  const { type, ccKind } = mapTranscriptEntry(view);
  const sidechain = entry.isSidechain === true;
  const agentId = sidechain ? "subagent" : "main";
  const instance = sidechain ? (entry.agentId ?? null) : null;
  const call = type === "manager_assign" ? spawningCall(view) : undefined;
  const subagentType = call === undefined ? undefined : textOf(call.input["subagent_type"]);
  const source = factSource(entry, view, type, ccKind, call, subagentType);
  if (instance !== null) source["agentInstance"] = instance;
  return {
    event: new LoadedEvent(
      /* id */ entry.uuid !== undefined && entry.uuid.length > 0 ? entry.uuid : contentId(ref.text, value),
      /* ts */ ts,
      /* type */ intern(type),
      /* source */ "claude_code",
      /* agentId */ agentId,
      /* fromAgent */ call === undefined ? null : agentId,
      /* toAgent */ call === undefined ? null : intern(subagentType ?? "subagent"),
      /* workSessionId */ internOrNull(nonEmpty(entry.sessionId)),
      /* conversationId */ internOrNull(instance),
      /* taskId */ null,
      /* raw */ ref.bytes,
      /* invalid */ undefined,
      /* file */ ref.file,
      /* line */ ref.line,
      /* facts */ extractFacts("claude_code", source),
    ),
    needsTime: Number.isNaN(ts),
    problems,
  };
}

/** The fields of TranscriptEntry that are text when present, and those that are true or false. */
const TEXT_FIELDS = [
  "uuid",
  "sessionId",
  "agentId",
  "subtype",
  "summary",
  "leafUuid",
  "customTitle",
  "version",
];
const FLAG_FIELDS = ["isSidechain", "isMeta", "isCompactSummary"];
const MESSAGE_TEXT_FIELDS = ["role", "id", "model"];

/**
 * True when the entry passes TranscriptEntry, checked by hand: a session's transcript is read
 * line by line, and the schema's parse, which copies every object it checks, cost as much as the
 * rest of the format. The schema still runs on an entry this turns away, to say what is wrong,
 * and a test holds the two to the same answer.
 */
export function isWellFormed(value: Record<string, unknown>): value is TranscriptEntry {
  if (typeof value["type"] !== "string" || value["type"].length === 0) return false;
  for (const field of TEXT_FIELDS) if (!isOptional(value[field], "string")) return false;
  for (const field of FLAG_FIELDS) if (!isOptional(value[field], "boolean")) return false;
  const parent = value["parentUuid"];
  if (parent !== undefined && parent !== null && typeof parent !== "string") return false;
  const message = value["message"];
  if (message === undefined) return true;
  if (!isRecord(message)) return false;
  for (const field of MESSAGE_TEXT_FIELDS) if (!isOptional(message[field], "string")) return false;
  const content = message["content"];
  if (content === undefined || typeof content === "string") return true;
  if (!Array.isArray(content)) return false;
  for (const block of content) if (!isRecord(block) || typeof block["type"] !== "string") return false;
  return true;
}

function isOptional(value: unknown, type: "string" | "boolean"): boolean {
  return value === undefined || typeof value === type;
}

/** The parts of an entry's message the rules look at. */
function entryView(entry: TranscriptEntry): TranscriptEntryView {
  const content = entry.message?.content;
  const texts: string[] = [];
  const thinking: string[] = [];
  const toolUses: ToolUseBlock[] = [];
  const toolResults: ToolResultBlock[] = [];
  if (typeof content === "string") texts.push(content);
  else if (content !== undefined) {
    for (const block of content) {
      if (block.type === "text") pushText(texts, block["text"]);
      else if (block.type === "thinking") pushText(thinking, block["thinking"]);
      else if (block.type === "tool_use")
        toolUses.push({
          id: textOf(block["id"]) ?? "",
          name: textOf(block["name"]) ?? "",
          input: isRecord(block["input"]) ? block["input"] : {},
        });
      else if (block.type === "tool_result")
        toolResults.push({
          toolUseId: textOf(block["tool_use_id"]) ?? "",
          isError: block["is_error"] === true,
          text: resultText(block["content"]),
        });
    }
  }
  return {
    type: entry.type,
    subtype: entry.subtype ?? "",
    isMeta: entry.isMeta === true,
    isCompactSummary: entry.isCompactSummary === true,
    text: texts.join("\n\n"),
    toolUses,
    toolResults,
    thinking: thinking.join("\n\n"),
  };
}

/**
 * The facts of an entry under the names of EventFacts, for extractFacts to take: what the rules
 * decided, the words to show, the tool and subagent the entry is about, and an assistant
 * message's id, model and tokens.
 */
function factSource(
  entry: TranscriptEntry,
  view: TranscriptEntryView,
  type: string,
  ccKind: string,
  call: ToolUseBlock | undefined,
  subagentType: string | undefined,
): Record<string, unknown> {
  const source: Record<string, unknown> = { ccKind, isSidechain: entry.isSidechain === true };
  if (entry.uuid !== undefined) source["uuid"] = entry.uuid;
  if (view.toolUses.length > 0) {
    source["toolUseId"] = view.toolUses.map((block) => block.id).join(" ");
    source["toolName"] = (call ?? view.toolUses[0])?.name;
  } else if (view.toolResults.length > 0) {
    source["toolUseId"] = view.toolResults.map((block) => block.toolUseId).join(" ");
    source["isError"] = type === "tool_failed";
    const failed = view.toolResults.filter((block) => block.isError);
    if (failed.length > 0) {
      source["failedToolUseIds"] = failed.map((block) => block.toolUseId).join(" ");
      source["error"] = failed.map((block) => block.text).join("\n\n");
    }
    const spawned = spawnedAgent(entry.toolUseResult, view.toolResults);
    if (spawned !== null) source["spawnedAgentId"] = spawned;
  }
  if (call !== undefined) {
    const prompt = textOf(call.input["prompt"]);
    const description = textOf(call.input["description"]);
    if (prompt !== undefined) source["message"] = prompt;
    if (description !== undefined) source["label"] = description;
    if (subagentType !== undefined) source["subagentType"] = subagentType;
  } else if (ccKind === "thinking") source["message"] = view.thinking;
  else if (view.text.length > 0 && view.toolResults.length === 0) source["message"] = view.text;
  if (entry.type === "assistant") messageFacts(entry.message, source);
  if (entry.type === "system" && typeof entry["content"] === "string") source["message"] = entry["content"];
  const preTokens = isRecord(entry.compactMetadata) ? entry.compactMetadata["preTokens"] : undefined;
  if (isCount(preTokens)) source["preTokens"] = preTokens;
  if (entry.type === "summary" && entry.summary !== undefined) source["title"] = entry.summary;
  if (entry.type === "custom-title" && entry.customTitle !== undefined) source["title"] = entry.customTitle;
  if (entry.leafUuid !== undefined) source["leafUuid"] = entry.leafUuid;
  return source;
}

/** The usage counters of an assistant message and the names its facts have. */
const USAGE_FACTS = [
  ["input_tokens", "inputTokens"],
  ["output_tokens", "outputTokens"],
  ["cache_creation_input_tokens", "cacheCreationTokens"],
  ["cache_read_input_tokens", "cacheReadTokens"],
] as const;

/** An assistant message's id, model and token counts. */
function messageFacts(message: TranscriptEntry["message"], source: Record<string, unknown>): void {
  if (message === undefined) return;
  if (message.id !== undefined) source["messageId"] = message.id;
  if (message.model !== undefined) source["model"] = message.model;
  if (!isRecord(message.usage)) return;
  for (const [field, fact] of USAGE_FACTS) {
    const count = message.usage[field];
    if (isCount(count)) source[fact] = count;
  }
}

const AGENT_ID_TEXT = /\bagentId:\s*([A-Za-z0-9_-]+)/;

/**
 * The subagent a Task/Agent call's result names: `toolUseResult.agentId`, else the text
 * `agentId: <id>` that the result's content carries.
 */
function spawnedAgent(toolUseResult: unknown, results: readonly ToolResultBlock[]): string | null {
  if (isRecord(toolUseResult)) {
    const id = nonEmpty(textOf(toolUseResult["agentId"]));
    if (id !== null) return id;
  }
  for (const result of results) {
    const match = AGENT_ID_TEXT.exec(result.text);
    if (match?.[1] !== undefined) return match[1];
  }
  return null;
}

/** A tool result's text: its content when a string, else the `text` of its parts, joined. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const part of content) if (isRecord(part) && part["type"] === "text") pushText(texts, part["text"]);
  return texts.join("\n\n");
}

function pushText(into: string[], text: unknown): void {
  if (typeof text === "string" && text.length > 0) into.push(text);
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.length === 0 ? null : value;
}

/** A token count as the API writes it: a finite number that is not negative. */
function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}
