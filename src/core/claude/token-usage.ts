import * as z from "zod";

/**
 * The tokens Claude Code's model used, summed over assistant messages. One assistant message may be
 * written as several transcript lines that share its `message.id` (one per content block): it is
 * counted once.
 */
export const TokenUsage = z.object({
  /** Assistant messages counted (distinct `message.id`s). */
  messages: z.number().int().nonnegative(),
  /** `usage.input_tokens`, summed. */
  input: z.number().int().nonnegative(),
  /** `usage.output_tokens`, summed. */
  output: z.number().int().nonnegative(),
  /** `usage.cache_creation_input_tokens`, summed. */
  cacheCreation: z.number().int().nonnegative(),
  /** `usage.cache_read_input_tokens`, summed. */
  cacheRead: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;
