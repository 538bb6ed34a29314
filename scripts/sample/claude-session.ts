import type { HookPayload } from "./claude-hook-logs.ts";
import type { Rng } from "./rng.ts";

/** Where and when a sample Claude Code session runs. */
export interface SessionPlan {
  rng: Rng;
  /** The working directory; the project folder's name is made from it. */
  cwd: string;
  /** The folder Claude Code keeps the project's transcripts in, `~/.claude/projects/<slug>`. */
  projectDir: string;
  /** When the session starts, epoch ms. */
  start: number;
}

/** What a sample session leaves behind. */
export interface SessionFiles {
  /** The session's id. */
  sessionId: string;
  /** Path relative to the project folder → content: the transcripts and the subagents' files. */
  files: Map<string, string>;
  /** The hooks that fired, when the session ran with capture hooks installed. */
  payloads: HookPayload[];
  /** The lines of the main transcript up to the last Stop hook, for a copy such as `chat.json`. */
  chat: Record<string, unknown>[];
}

/** The project folder's name: the working directory with every character not a letter or digit as `-`. */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

/** A subagent's id as Claude Code names its transcript file, `agent-<id>.jsonl`. */
export const agentIdOf = (rng: Rng): string => rng.hex(8);

/** The text a Task or Agent tool result ends with in releases that name the agent only in words. */
export const agentIdLine = (agentId: string): string =>
  `agentId: ${agentId} (for resuming to continue this agent's work if needed)`;

/**
 * A time as capture scripts that add one write it: Python's `datetime.now().isoformat()`, the
 * local wall time with microseconds and no zone. The sample's machine runs in UTC.
 */
export function loggedAt(ms: number): string {
  const micros = String((ms * 37) % 1000).padStart(3, "0");
  return `${new Date(ms).toISOString().slice(0, 23)}${micros}`;
}
