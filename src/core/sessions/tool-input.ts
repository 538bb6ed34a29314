import { eventData } from "../event-data.ts";
import type { BaseEvent } from "../event.ts";
import { isRecord } from "../formats/fields.ts";
import { clipLine } from "./title.ts";

/** One tool call as written: the tool and its input. */
export interface ToolCallInput {
  /** The tool's name, when the line names it. */
  name: string | undefined;
  /** The tool's input (`tool_input`, or a `tool_use` block's `input`). */
  input: Record<string, unknown>;
}

/**
 * One row of the table that says which field of a tool's input shows what the call did: a shell
 * command, a file, a search. The first row whose tools include the call's tool (or that names no
 * tools) decides, and the first field of it holding text is shown.
 */
export interface ToolSummaryRule {
  /** The tools of this row; empty for the row every tool falls back to. */
  tools: readonly string[];
  /** The input's fields to show, in order. */
  fields: readonly string[];
}

export const TOOL_SUMMARY_RULES: readonly ToolSummaryRule[] = [
  { tools: ["Bash", "BashOutput"], fields: ["command", "description"] },
  { tools: ["Read", "Write", "Edit", "MultiEdit"], fields: ["file_path"] },
  { tools: ["NotebookEdit", "NotebookRead"], fields: ["notebook_path"] },
  { tools: ["Grep", "Glob"], fields: ["pattern", "path"] },
  { tools: ["WebFetch"], fields: ["url"] },
  { tools: ["WebSearch"], fields: ["query"] },
  { tools: ["Task", "Agent"], fields: ["description", "prompt"] },
  { tools: [], fields: ["description", "command", "file_path", "path", "pattern", "url", "query", "prompt"] },
];

/** How long a tool step's summary may be: one line on a page. */
export const MAX_TOOL_SUMMARY = 160;

/** What a tool call did, in one short line: a command, a file, a pattern; empty when none says. */
export function toolSummary(name: string, input: Readonly<Record<string, unknown>>): string {
  const rule = TOOL_SUMMARY_RULES.find((r) => r.tools.length === 0 || r.tools.includes(name));
  for (const field of rule?.fields ?? []) {
    const value = input[field];
    if (typeof value === "string" && value.trim().length > 0) return clipLine(value, MAX_TOOL_SUMMARY);
  }
  return "";
}

/**
 * The tool calls of one event, by `tool_use` id: a hook payload's `tool_name` and `tool_input`
 * (keyed by its `tool_use_id`, or by "" when early captures wrote none), or the `tool_use` blocks
 * of a transcript entry. The input is not among the facts ingest keeps, so the line is read again
 * here, for tool calls only. A line that does not parse gives no calls.
 */
export function toolCallInputs(event: BaseEvent): Map<string, ToolCallInput> {
  const calls = new Map<string, ToolCallInput>();
  let data: Record<string, unknown>;
  try {
    data = eventData(event);
  } catch (error) {
    // A line that does not parse gives no calls; any other failure (a stored line that changed
    // in its file) is not this line's to hide.
    if (!(error instanceof SyntaxError)) throw error;
    return calls;
  }
  if (typeof data["hook_event_name"] === "string") {
    const id = typeof data["tool_use_id"] === "string" ? data["tool_use_id"] : "";
    const name = typeof data["tool_name"] === "string" ? data["tool_name"] : undefined;
    calls.set(id, { name, input: isRecord(data["tool_input"]) ? data["tool_input"] : {} });
    return calls;
  }
  const message = data["message"];
  const content = isRecord(message) ? message["content"] : undefined;
  if (!Array.isArray(content)) return calls;
  for (const block of content) {
    if (!isRecord(block) || block["type"] !== "tool_use" || typeof block["id"] !== "string") continue;
    calls.set(block["id"], {
      name: typeof block["name"] === "string" ? block["name"] : undefined,
      input: isRecord(block["input"]) ? block["input"] : {},
    });
  }
  return calls;
}
