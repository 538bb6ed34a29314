import type { TokenUsage } from "../claude/token-usage.ts";
import type { EventFacts } from "../event-facts.ts";

/** The token counts of one assistant message, as the lines that write it say. */
interface Counts {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
}

/** True for the facts of an assistant message: it has an id or any token count. */
export function isAssistantMessage(facts: EventFacts): boolean {
  return (
    facts.messageId !== undefined ||
    facts.inputTokens !== undefined ||
    facts.outputTokens !== undefined ||
    facts.cacheCreationTokens !== undefined ||
    facts.cacheReadTokens !== undefined
  );
}

/**
 * The tokens of some Claude Code events' assistant messages, each message once; undefined when
 * none is an assistant message. Claude Code writes one message as several lines that share its
 * `message.id`, one per content block, each with the message's usage; as a line written while the
 * message streams may hold a smaller count than the last one, each count is the largest any of
 * the message's lines gives. A line without a message id is a message of its own.
 */
export function tokenUsageOf(facts: Iterable<EventFacts>): TokenUsage | undefined {
  const byMessage = new Map<string, Counts>();
  const alone: Counts[] = [];
  for (const f of facts) {
    if (!isAssistantMessage(f)) continue;
    const counts: Counts = {
      input: count(f.inputTokens),
      output: count(f.outputTokens),
      cacheCreation: count(f.cacheCreationTokens),
      cacheRead: count(f.cacheReadTokens),
    };
    if (f.messageId === undefined) {
      alone.push(counts);
      continue;
    }
    const seen = byMessage.get(f.messageId);
    if (seen === undefined) byMessage.set(f.messageId, counts);
    else {
      seen.input = Math.max(seen.input, counts.input);
      seen.output = Math.max(seen.output, counts.output);
      seen.cacheCreation = Math.max(seen.cacheCreation, counts.cacheCreation);
      seen.cacheRead = Math.max(seen.cacheRead, counts.cacheRead);
    }
  }
  const all = [...byMessage.values(), ...alone];
  if (all.length === 0) return undefined;
  const usage: TokenUsage = { messages: all.length, input: 0, output: 0, cacheCreation: 0, cacheRead: 0 };
  for (const c of all) {
    usage.input += c.input;
    usage.output += c.output;
    usage.cacheCreation += c.cacheCreation;
    usage.cacheRead += c.cacheRead;
  }
  return usage;
}

/** A count as the schema takes it: a whole number, not negative; anything else counts 0. */
function count(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
