import { evidenceOf } from "../classify/classify-text.ts";
import type { CategoryEvidence } from "../classify/category-evidence.ts";
import type { CanonicalEvent } from "../event.ts";
import { isWrittenByClaudeCode, promptText, sameTextKey } from "./claude-prompt-text.ts";
import { toolCallInputs } from "./tool-input.ts";
import { clipTitle } from "./title.ts";

/**
 * The title of a Claude Code session, from its events in time order: the latest title a person
 * gave it (`custom-title`), else the latest summary Claude Code wrote, else the first prompt a
 * person typed (a slash command as `/name args`); null when none of these names it. What a Task
 * call tells a subagent is never the session's title: it names one step of the work.
 */
export function claudeSessionTitle(events: readonly CanonicalEvent[]): string | null {
  for (const type of ["claude.custom_title", "claude.summary"]) {
    const titled = events.findLast((e) => e.type === type && (e.facts.title ?? "").trim().length > 0);
    if (titled !== undefined) return clipTitle(titled.facts.title as string);
  }
  const first = personPrompts(events)[0];
  return first === undefined ? null : clipTitle(first);
}

/**
 * What a Claude Code session's category is decided from: the prompts a person typed, and what the
 * subagents were told (each Task/Agent call's prompt and description). The same prompt written by
 * both a hook and the transcript counts once.
 */
export function claudeCategoryEvidence(events: readonly CanonicalEvent[]): CategoryEvidence[] {
  const texts = [...new Set(personPrompts(events).map(sameTextKey))];
  for (const e of events) {
    if (e.source !== "claude_code" || e.type !== "manager_assign") continue;
    const told = new Set<string>();
    for (const text of [e.facts.message, e.facts.label]) if (text !== undefined) told.add(text);
    for (const { input } of toolCallInputs(e).values())
      for (const key of ["prompt", "description"]) if (typeof input[key] === "string") told.add(input[key]);
    texts.push(...[...told].filter((t) => t.trim().length > 0));
  }
  return texts.map((text) => evidenceOf(text));
}

/**
 * The prompts a person typed in the main conversation, in time order, as they read: a transcript
 * entry's or a UserPromptSubmit hook's text, not a subagent's prompt and not text Claude Code
 * wrote itself (a local command's output, its caveat).
 */
function personPrompts(events: readonly CanonicalEvent[]): string[] {
  const prompts: string[] = [];
  for (const e of events) {
    if (e.source !== "claude_code" || e.facts.ccKind !== "prompt") continue;
    if (e.facts.isSidechain === true || e.facts.agentInstance !== undefined) continue;
    const text = e.facts.message ?? e.facts.prompt ?? "";
    if (text.trim().length === 0 || isWrittenByClaudeCode(text)) continue;
    prompts.push(promptText(text));
  }
  return prompts;
}
