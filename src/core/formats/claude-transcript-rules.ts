/**
 * One Claude Code transcript entry as the rules see it: its type and the parts of its message
 * that decide what it is. `normalizeTranscript` makes it once per entry.
 */
export interface TranscriptEntryView {
  /** The entry's `type` (`user`, `assistant`, `system`, `summary`, …). */
  type: string;
  /** A system entry's `subtype` (`compact_boundary`, …); empty when there is none. */
  subtype: string;
  /** True when Claude Code marked a user entry as written by itself, not by a person. */
  isMeta: boolean;
  /** True for the user entry that carries the summary a compaction left in place of the context. */
  isCompactSummary: boolean;
  /** The message's text: the content when it is a string, else its `text` blocks joined. */
  text: string;
  /** The `tool_use` blocks of the message, in order. */
  toolUses: readonly ToolUseBlock[];
  /** The `tool_result` blocks of the message, in order. */
  toolResults: readonly ToolResultBlock[];
  /** The texts of the message's `thinking` blocks, joined. */
  thinking: string;
}

/** A tool call as the assistant wrote it. */
export interface ToolUseBlock {
  /** The call's id, which its result and the hook payloads repeat. */
  id: string;
  /** The tool's name (`Bash`, `Task`, …). */
  name: string;
  /** The tool's input as written. */
  input: Record<string, unknown>;
}

/** A tool's result as Claude Code sent it back to the model. */
export interface ToolResultBlock {
  /** The id of the call it answers. */
  toolUseId: string;
  /** True when the result says the call failed. */
  isError: boolean;
  /** The result's text (its content when a string, else its `text` parts joined). */
  text: string;
}

/**
 * What an entry shows in a transcript: a person's prompt, an answer, hidden thinking, a tool call
 * or result, a compaction, a notice, a title, or `meta` for entries shown nowhere.
 */
export type CcKind = "prompt" | "answer" | "thinking" | "tool" | "compaction" | "notice" | "title" | "meta";

/**
 * One row of the mapping of transcript entries to event types. The first row whose test passes
 * wins, so narrow rows come before broad ones.
 */
export interface TranscriptRule {
  /** A short name for the row, for tests and docs. */
  name: string;
  /** What the test checks, in words. */
  when: string;
  /** The condition on the entry. */
  test: (entry: TranscriptEntryView) => boolean;
  /** The event type the entry becomes. */
  type: string;
  /** What the entry shows in a transcript. */
  ccKind: CcKind;
}

/** The tools that spawn a subagent: `Task`, renamed `Agent` in newer releases. */
export const SPAWNING_TOOLS: ReadonlySet<string> = new Set(["Task", "Agent"]);

/** The first tool call of an entry that spawns a subagent, if any. */
export function spawningCall(entry: TranscriptEntryView): ToolUseBlock | undefined {
  return entry.toolUses.find((block) => SPAWNING_TOOLS.has(block.name));
}

/**
 * Text Claude Code writes as a user entry that no person typed: the output of a local slash
 * command, and the note that a person interrupted the model.
 */
const LOCAL_OUTPUT = /^\s*<local-command-(stdout|stderr)>/;
const INTERRUPTED = /^\s*\[Request interrupted by user/;

const isUser = (e: TranscriptEntryView): boolean => e.type === "user";
const isAssistant = (e: TranscriptEntryView): boolean => e.type === "assistant";
const hasText = (e: TranscriptEntryView): boolean => e.text.trim().length > 0;

export const TRANSCRIPT_RULES: readonly TranscriptRule[] = [
  {
    name: "failed tool result",
    when: "a user entry with a tool_result block marked is_error",
    test: (e) => isUser(e) && e.toolResults.some((r) => r.isError),
    type: "tool_failed",
    ccKind: "tool",
  },
  {
    name: "tool result",
    when: "a user entry with tool_result blocks",
    test: (e) => isUser(e) && e.toolResults.length > 0,
    type: "tool_succeeded",
    ccKind: "tool",
  },
  {
    name: "meta user entry",
    when: "a user entry marked isMeta (text Claude Code added, such as an expanded command)",
    test: (e) => isUser(e) && e.isMeta,
    type: "claude.user_meta",
    ccKind: "meta",
  },
  {
    name: "compaction summary",
    when: "a user entry marked isCompactSummary (the summary that continues a compacted session)",
    test: (e) => isUser(e) && e.isCompactSummary,
    type: "claude.compact_summary",
    ccKind: "meta",
  },
  {
    name: "local command output",
    when: "a user entry whose text is a local command's output",
    test: (e) => isUser(e) && LOCAL_OUTPUT.test(e.text),
    type: "claude.command_output",
    ccKind: "notice",
  },
  {
    name: "interruption",
    when: "a user entry saying a person interrupted the model",
    test: (e) => isUser(e) && INTERRUPTED.test(e.text),
    type: "claude.interrupted",
    ccKind: "notice",
  },
  {
    name: "prompt",
    when: "a user entry with text (a slash command included)",
    test: (e) => isUser(e) && hasText(e),
    type: "claude.user_prompt",
    ccKind: "prompt",
  },
  {
    name: "subagent call",
    when: "an assistant entry with a Task or Agent tool_use block",
    test: (e) => isAssistant(e) && spawningCall(e) !== undefined,
    type: "manager_assign",
    ccKind: "tool",
  },
  {
    name: "tool call",
    when: "an assistant entry with tool_use blocks",
    test: (e) => isAssistant(e) && e.toolUses.length > 0,
    type: "tool_started",
    ccKind: "tool",
  },
  {
    name: "answer",
    when: "an assistant entry with text",
    test: (e) => isAssistant(e) && hasText(e),
    type: "claude.assistant_message",
    ccKind: "answer",
  },
  {
    name: "thinking",
    when: "an assistant entry with thinking only",
    test: (e) => isAssistant(e) && e.thinking.length > 0,
    type: "claude.thinking",
    ccKind: "thinking",
  },
  {
    name: "compaction",
    when: "a system entry of subtype compact_boundary",
    test: (e) => e.type === "system" && e.subtype === "compact_boundary",
    type: "claude.compact",
    ccKind: "compaction",
  },
  {
    name: "other system entry",
    when: "any other system entry",
    test: (e) => e.type === "system",
    type: "claude.system",
    ccKind: "meta",
  },
  {
    name: "summary",
    when: "a summary entry (a title Claude Code gave the conversation)",
    test: (e) => e.type === "summary",
    type: "claude.summary",
    ccKind: "title",
  },
  {
    name: "custom title",
    when: "a custom-title entry (a title a person gave the session)",
    test: (e) => e.type === "custom-title",
    type: "claude.custom_title",
    ccKind: "title",
  },
];

/** The type and transcript kind of an entry; an entry no row matches is `claude.<snake_case type>`, `meta`. */
export function mapTranscriptEntry(entry: TranscriptEntryView): { type: string; ccKind: CcKind } {
  for (const rule of TRANSCRIPT_RULES) {
    if (rule.test(entry)) return { type: rule.type, ccKind: rule.ccKind };
  }
  return { type: `claude.${snakeCase(entry.type)}`, ccKind: "meta" };
}

/** `file-history-snapshot` → `file_history_snapshot`, `queueOperation` → `queue_operation`. */
export function snakeCase(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
  return snake.length > 0 ? snake : "unknown";
}
