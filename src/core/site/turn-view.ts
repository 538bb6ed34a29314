import type { TokenUsage } from "../claude/token-usage.ts";
import type { TranscriptTurn } from "../sessions/transcript.ts";

/**
 * How a transcript page draws a turn: a chat bubble (a person's prompt, an agent's answer, and
 * every turn without a kind, as agent-to-agent messages have always been drawn), one line of a tool
 * step, hidden thinking, the divider where the context was compacted, or a small notice.
 */
export type TurnShape = "bubble" | "tool" | "thinking" | "compaction" | "notice";

/** The shape a turn is drawn in, from its kind. */
export function turnShape(turn: Pick<TranscriptTurn, "kind">): TurnShape {
  switch (turn.kind) {
    case undefined:
    case "prompt":
    case "answer":
      return "bubble";
    default:
      return turn.kind;
  }
}

/**
 * The number of tokens a compaction turn's text names (`context compacted (155,000 tokens)`), for
 * the divider to show in the page's own words; null when the text names no number.
 */
export function compactionTokens(text: string): number | null {
  const match = /(\d[\d,]*)/.exec(text);
  if (match === null) return null;
  const n = Number((match[1] as string).replaceAll(",", ""));
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * All the tokens a session or subagent used: input, output, and the input read from and written to
 * the prompt cache. The cache's tokens are counted because the model read them as input too.
 */
export function tokenTotal(tokens: TokenUsage): number {
  return tokens.input + tokens.output + tokens.cacheCreation + tokens.cacheRead;
}
