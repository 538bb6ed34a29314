import type { Rng } from "./rng.ts";

/** One line of a Claude Code session transcript, as a value. */
export type TranscriptEntry = Record<string, unknown>;

/** What every entry of one chain repeats: the session, the program's version and where it ran. */
export interface ChainContext {
  /** The Claude Code session the chain belongs to (a subagent's chain names its parent session). */
  sessionId: string;
  /** The Claude Code version that wrote it, such as `2.0.14`: not a schema version. */
  version: string;
  /** The working directory. */
  cwd: string;
  /** The git branch of the working directory. */
  gitBranch: string;
  /** True for a subagent's chain. */
  isSidechain: boolean;
  /** The subagent's id, on the chains of newer releases; older inline sidechains have none. */
  agentId?: string;
}

/** The token counts of one assistant message, as the Messages API reports them. */
export interface Usage {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
}

/** One content block of an assistant message. */
export type AssistantBlock =
  | { type: "thinking"; thinking: string }
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `n` characters of the alphabet the Anthropic API writes its ids in. */
function base62(rng: Rng, n: number): string {
  let out = "";
  while (out.length < n) out += BASE62.charAt(rng.int(0, BASE62.length - 1));
  return out;
}

/** A `tool_use` block's id, shaped as the API writes them. */
export const toolUseId = (rng: Rng): string => `toolu_01${base62(rng, 22)}`;

/**
 * Writes one chain of transcript entries in order, as Claude Code appends them: each entry names
 * the one before it (`parentUuid`), carries the time it was written, and an assistant message with
 * several content blocks is written as one line per block, all sharing the message's id and usage.
 */
export class Chain {
  /** The entries written so far, in file order. */
  readonly entries: TranscriptEntry[] = [];
  /** The uuid of the last entry, which the next one names as its parent. */
  private parent: string | null = null;

  private readonly rng: Rng;
  private readonly ctx: ChainContext;
  private readonly model: string;
  /** The time of the last entry, epoch ms. */
  t: number;

  constructor(rng: Rng, ctx: ChainContext, t: number, model: string) {
    this.rng = rng;
    this.ctx = ctx;
    this.t = t;
    this.model = model;
  }

  /** The uuid of the last entry written. */
  get last(): string {
    return this.parent ?? "";
  }

  private head(): TranscriptEntry {
    const { sessionId, version, cwd, gitBranch, isSidechain, agentId } = this.ctx;
    return {
      parentUuid: this.parent,
      isSidechain,
      userType: "external",
      cwd,
      sessionId,
      version,
      gitBranch,
      ...(agentId === undefined ? {} : { agentId }),
    };
  }

  private push(dt: number, body: TranscriptEntry, tail: TranscriptEntry = {}): string {
    this.t += dt;
    const uuid = this.rng.uuid();
    this.entries.push({ ...this.head(), ...body, uuid, timestamp: new Date(this.t).toISOString(), ...tail });
    this.parent = uuid;
    return uuid;
  }

  /** A user entry whose content is text: a person's prompt, a slash command, a subagent's brief. */
  user(dt: number, content: string | TranscriptEntry[], tail: TranscriptEntry = {}): string {
    return this.push(dt, { type: "user", message: { role: "user", content } }, tail);
  }

  /** The text Claude Code adds after a slash command: the command's expanded prompt, marked isMeta. */
  meta(dt: number, text: string): string {
    return this.push(
      dt,
      { type: "user", message: { role: "user", content: [{ type: "text", text }] } },
      {
        isMeta: true,
      },
    );
  }

  /**
   * One assistant message, one line per content block. Every line carries the same message id
   * and usage, so a reader that counts each line's usage counts the message several times.
   */
  assistant(dt: number, blocks: AssistantBlock[], usage: Usage): string[] {
    const id = `msg_01${base62(this.rng, 22)}`;
    const requestId = `req_011C${base62(this.rng, 20)}`;
    return blocks.map((block, i) => {
      const content = block.type === "thinking" ? { ...block, signature: base62(this.rng, 64) } : block;
      return this.push(
        i === 0 ? dt : 400,
        {
          message: {
            model: this.model,
            id,
            type: "message",
            role: "assistant",
            content: [content],
            stop_reason: i === blocks.length - 1 && block.type === "tool_use" ? "tool_use" : null,
            stop_sequence: null,
            usage: {
              input_tokens: usage.input,
              cache_creation_input_tokens: usage.cacheCreation,
              cache_read_input_tokens: usage.cacheRead,
              cache_creation: {
                ephemeral_5m_input_tokens: usage.cacheCreation,
                ephemeral_1h_input_tokens: 0,
              },
              output_tokens: usage.output,
              service_tier: "standard",
            },
          },
          requestId,
          type: "assistant",
        },
        {},
      );
    });
  }

  /** The user entry that carries a tool's result back to the model, with its structured copy. */
  result(
    dt: number,
    id: string,
    content: string | TranscriptEntry[],
    toolUseResult: unknown,
    isError = false,
  ): string {
    const block = { tool_use_id: id, type: "tool_result", content, ...(isError ? { is_error: true } : {}) };
    return this.push(dt, { type: "user", message: { role: "user", content: [block] } }, { toolUseResult });
  }

  /**
   * The marker of a compaction: a new root (`parentUuid: null`) pointing back to the entry before
   * it, then the summary Claude Code continues from, shown only in the transcript.
   */
  compact(dt: number, preTokens: number, summary: string): string {
    const before = this.parent;
    this.parent = null;
    this.push(
      dt,
      {
        logicalParentUuid: before,
        type: "system",
        subtype: "compact_boundary",
        content: "Conversation compacted",
        isMeta: false,
      },
      { level: "info", compactMetadata: { trigger: "auto", preTokens } },
    );
    return this.user(2_000, summary, { isVisibleInTranscriptOnly: true, isCompactSummary: true });
  }

  /** Moves the clock without writing, for the time a subagent or a person takes elsewhere. */
  wait(dt: number): void {
    this.t += dt;
  }
}

/**
 * Puts the checkpoint line Claude Code writes before a prompt's edits in front of that prompt: it
 * names the prompt's uuid and has no uuid or session of its own.
 */
export function withSnapshot(entries: TranscriptEntry[], promptUuid: string): TranscriptEntry[] {
  const at = entries.findIndex((e) => e["uuid"] === promptUuid);
  const prompt = entries[at];
  if (prompt === undefined) throw new Error(`no entry ${promptUuid}`);
  const snapshot = {
    type: "file-history-snapshot",
    messageId: promptUuid,
    snapshot: { messageId: promptUuid, trackedFileBackups: {}, timestamp: prompt["timestamp"] },
    isSnapshotUpdate: false,
  };
  return [...entries.slice(0, at), snapshot, ...entries.slice(at)];
}

/** Transcript lines as a `.jsonl` file: one compact JSON object a line. */
export function jsonl(entries: readonly TranscriptEntry[]): string {
  return entries.map((e) => `${JSON.stringify(e)}\n`).join("");
}
