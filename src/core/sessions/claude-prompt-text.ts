/**
 * How a Claude Code prompt reads to a person. A slash command is written into the transcript as
 * markup (`<command-name>/build</command-name>` and `<command-args>…</command-args>`), which
 * reads as `/build …`; the output of a local command and the caveat Claude Code puts before it
 * are not something a person typed.
 */

const COMMAND_NAME = /<command-name>\s*\/?([^<]*?)\s*<\/command-name>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;

/** Prompts Claude Code writes itself: a local command's output, or the caveat before it. */
const NOT_TYPED = [/^\s*<local-command-(stdout|stderr)>/, /^\s*Caveat: The messages below were generated/];

/** A slash command as `/name args`; other text as it is, trimmed. */
export function promptText(text: string): string {
  const name = COMMAND_NAME.exec(text)?.[1];
  if (name === undefined || name.length === 0) return text.trim();
  const args = (COMMAND_ARGS.exec(text)?.[1] ?? "").trim();
  return args.length > 0 ? `/${name} ${args}` : `/${name}`;
}

/** True for prompt text Claude Code wrote for a person to read, not text a person typed. */
export function isWrittenByClaudeCode(text: string): boolean {
  return NOT_TYPED.some((pattern) => pattern.test(text));
}

/**
 * The same prompt or answer as hooks and transcripts write it compares equal: whitespace is
 * collapsed, and a slash command compares as `/name args`.
 */
export function sameTextKey(text: string): string {
  return promptText(text).replace(/\s+/g, " ");
}
