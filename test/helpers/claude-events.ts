import { classifyEvent } from "../../src/core/classify/classify-event.ts";
import type { CanonicalEvent } from "../../src/core/event.ts";
import { normalizeTranscript } from "../../src/core/formats/claude-transcript.ts";
import { isHookLine, normalizeHook } from "../../src/core/formats/hook.ts";
import { lineRef } from "./line-ref.ts";

/**
 * The event a Claude Code transcript entry or hook payload (raw or in the workscope envelope)
 * gives, normalized by its format and classified, as if read at `line` of `file`.
 */
export function claudeEvent(
  value: Record<string, unknown>,
  line = 1,
  file = "session.jsonl",
): CanonicalEvent {
  const ref = lineRef(file, line, JSON.stringify(value));
  const { event, problems } = isHookLine(value) ? normalizeHook(value, ref) : normalizeTranscript(value, ref);
  if (event === null) throw new Error(`not an event: ${problems.join("; ")}`);
  return classifyEvent(event, { mainAgents: new Set(["main"]) });
}
