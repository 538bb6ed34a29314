import { toolUseIdsOf } from "../claude/claude-event.ts";
import { eventData } from "../event-data.ts";
import { eventId, type CanonicalEvent } from "../event.ts";
import { isRecord } from "../formats/fields.ts";
import { pushTo } from "../group.ts";
import { claudeMainKey, claudeThreadKeyOf, claudeTurnKeyOf } from "./claude-thread-key.ts";
import { isWrittenByClaudeCode, promptText, sameTextKey } from "./claude-prompt-text.ts";
import { toolCallInputs, toolSummary, type ToolCallInput } from "./tool-input.ts";
import type { ToolStep, TranscriptTurn } from "./transcript.ts";

/**
 * The transcripts of a Claude Code session's conversations, by thread key. A session is often
 * recorded twice, by its transcript and by hooks, and each prompt, answer and tool call is shown
 * once:
 * - a tool call is one turn: its call, its result and any hook payload with the same `tool_use`
 *   id fold into it (a hook call without an id pairs with the next result of the same tool);
 * - a hook's prompt or last answer with the same text as a transcript's prompt or answer of the
 *   thread folds into it, and so does the prompt a Task/Agent call gives its subagent, which the
 *   subagent's own transcript opens with;
 * - a hook's compaction is left out where the thread's transcript marks compactions itself.
 */
export function claudeTurns(
  events: readonly CanonicalEvent[],
  sessionId: string,
): Map<string, TranscriptTurn[]> {
  const written = writtenByTranscripts(events, sessionId);
  const drafts = new Map<string, Draft[]>();
  const steps = new Map<string, StepDraft>();
  const unpaired = new Map<string, StepDraft[]>();
  const add = (key: string, draft: Draft): void => pushTo(drafts, key, draft);
  for (const e of events) {
    const threadKey = claudeThreadKeyOf(e, sessionId);
    const hook = e.facts.hook_event_name;
    const kind = e.facts.ccKind;
    if (e.type === "manager_assign" || kind === "tool") {
      if (e.type === "tool_succeeded" || e.type === "tool_failed")
        foldResult(e, threadKey, steps, unpaired, add);
      else foldCall(e, sessionId, steps, unpaired, written, add);
    } else if (hook === "SubagentStart" || (hook === "SubagentStop" && kind !== "answer")) {
      add(threadKey, notice(e, subagentNotice(e)));
    } else if (kind === "prompt") {
      const text = e.facts.message ?? e.facts.prompt ?? "";
      if (text.trim().length === 0) continue;
      if (isWrittenByClaudeCode(text)) {
        add(threadKey, notice(e, withoutMarkup(text)));
        continue;
      }
      if (hook !== undefined && written.take(threadKey, "prompt", text)) continue;
      const fromMain = threadKey !== claudeMainKey(sessionId);
      add(threadKey, said(e, "prompt", promptText(text), fromMain ? "main" : null, e.agentId));
    } else if (kind === "answer") {
      const text = e.facts.message ?? "";
      if (text.trim().length === 0)
        add(threadKey, notice(e, hook === "SubagentStop" ? subagentNotice(e) : (hook ?? e.type)));
      else if (hook === undefined || !written.has(threadKey, "answer", text))
        add(threadKey, said(e, "answer", text.trim(), e.agentId, null));
    } else if (kind === "thinking") {
      const text = e.facts.message ?? "";
      if (text.trim().length > 0) add(threadKey, said(e, "thinking", text.trim(), e.agentId, null));
    } else if (kind === "compaction") {
      if (hook !== undefined && written.has(threadKey, "compaction", "")) continue;
      const pre = e.facts.preTokens;
      add(
        threadKey,
        notice(
          e,
          pre === undefined ? "context compacted" : `context compacted (${pre} tokens)`,
          "compaction",
        ),
      );
    } else if (kind === "notice") {
      add(threadKey, notice(e, withoutMarkup(e.facts.message ?? hook ?? e.type)));
    }
  }
  const turns = new Map<string, TranscriptTurn[]>();
  for (const [key, list] of drafts) turns.set(key, list.map(finish));
  return turns;
}

/** A turn being made: a said turn is done; a tool step waits for its result. */
type Draft = { done: TranscriptTurn } | StepDraft;

/** A tool step while its call, result and hooks fold in. */
interface StepDraft {
  id: string;
  ts: number;
  type: string;
  from: string | null;
  to: string | null;
  text: string;
  name: string;
  outcome: ToolStep["outcome"];
  error: string | undefined;
  toolUseId: string | undefined;
  subagentThreadKey: string | undefined;
  undated: boolean;
  /** True once a call (not only a result) was seen. */
  called: boolean;
}

/** A call: a new step, or the call of a step a hook or a result began. */
function foldCall(
  e: CanonicalEvent,
  sessionId: string,
  steps: Map<string, StepDraft>,
  unpaired: Map<string, StepDraft[]>,
  written: Written,
  add: (key: string, draft: Draft) => void,
): void {
  const turnKey = claudeTurnKeyOf(e, sessionId);
  const ownKey = claudeThreadKeyOf(e, sessionId);
  // Older releases write an answer's text and its tool calls as one line: the text is said first.
  const answer = callText(e).trim();
  if (answer.length > 0) add(turnKey, said(e, "answer", answer, e.agentId, null, `${eventId(e)}:text`));
  const inputs = toolCallInputs(e);
  const ids = toolUseIdsOf(e);
  const calls: Array<[string, ToolCallInput | undefined]> =
    ids.length > 0 ? ids.map((id) => [id, inputs.get(id)]) : [["", inputs.get("")]];
  calls.forEach(([toolUseId, input], i) => {
    const name = input?.name ?? (i === 0 ? e.facts.toolName : undefined) ?? "tool";
    const text = toolSummary(name, input?.input ?? {});
    const subagentThreadKey = e.type === "manager_assign" && ownKey !== turnKey ? ownKey : undefined;
    const known = toolUseId === "" ? undefined : steps.get(toolUseId);
    if (known !== undefined) {
      // A result (of an untimed hook, say) came first: the step now shows the call.
      if (known.called) return;
      Object.assign(known, { type: e.type, from: e.fromAgent ?? e.agentId, to: e.toAgent, name, text });
      Object.assign(known, { subagentThreadKey, called: true });
      if (subagentThreadKey !== undefined) brief(e, input, known, subagentThreadKey, written, add);
      return;
    }
    const step: StepDraft = {
      id: i === 0 ? eventId(e) : `${eventId(e)}:${toolUseId}`,
      ts: e.ts,
      type: e.type,
      from: e.fromAgent ?? e.agentId,
      to: e.toAgent,
      text,
      name,
      outcome: "pending",
      error: undefined,
      toolUseId: toolUseId === "" ? undefined : toolUseId,
      subagentThreadKey,
      undated: e.undated === true,
      called: true,
    };
    if (toolUseId === "") pushTo(unpaired, `${turnKey}\u0000${name}`, step);
    else steps.set(toolUseId, step);
    add(turnKey, step);
    if (subagentThreadKey !== undefined) brief(e, input, step, subagentThreadKey, written, add);
  });
}

/**
 * The subagent is told what to do by the call that spawns it: its thread opens with that brief,
 * unless its own transcript does.
 */
function brief(
  e: CanonicalEvent,
  input: ToolCallInput | undefined,
  step: StepDraft,
  threadKey: string,
  written: Written,
  add: (key: string, draft: Draft) => void,
): void {
  const told = typeof input?.input["prompt"] === "string" ? input.input["prompt"] : e.facts.message;
  if (told === undefined || told.trim().length === 0 || written.take(threadKey, "prompt", told)) return;
  add(threadKey, said(e, "prompt", told.trim(), step.from, e.toAgent, step.id));
}

/** A result: folded into the step of its call, or a step of its own when no call was seen. */
function foldResult(
  e: CanonicalEvent,
  threadKey: string,
  steps: Map<string, StepDraft>,
  unpaired: Map<string, StepDraft[]>,
  add: (key: string, draft: Draft) => void,
): void {
  const failed = e.type === "tool_failed" || e.facts.isError === true;
  const name = e.facts.toolName ?? "tool";
  const ids = toolUseIdsOf(e);
  const found: StepDraft[] = [];
  if (ids.length === 0) {
    const step = unpaired.get(`${threadKey}\u0000${name}`)?.shift();
    if (step !== undefined) found.push(step);
  }
  for (const id of ids) {
    const step = steps.get(id);
    if (step !== undefined) found.push(step);
  }
  if (found.length === 0) {
    for (const [i, toolUseId] of (ids.length > 0 ? ids : [""]).entries()) {
      const step: StepDraft = {
        id: i === 0 ? eventId(e) : `${eventId(e)}:${toolUseId}`,
        ts: e.ts,
        type: e.type,
        from: e.agentId,
        to: null,
        text: "",
        name,
        outcome: "pending",
        error: undefined,
        toolUseId: toolUseId === "" ? undefined : toolUseId,
        subagentThreadKey: undefined,
        undated: e.undated === true,
        called: false,
      };
      if (toolUseId !== "") steps.set(toolUseId, step);
      found.push(step);
      add(threadKey, step);
    }
  }
  // The transcript's result holds what the model was told, a hook's only what the hook saw, so a
  // transcript's error text wins over a hook's whichever came first.
  const error = e.facts.error?.trim();
  const ownError = error !== undefined && error.length > 0 ? error : undefined;
  // A transcript line with several results names the ones that failed; the others succeeded. Its
  // error text is that of the failed results, so with one failure it is that step's own.
  const failedIds = e.facts.failedToolUseIds?.split(" ").filter((id) => id.length > 0);
  for (const step of found) {
    const stepFailed =
      failedIds === undefined || step.toolUseId === undefined ? failed : failedIds.includes(step.toolUseId);
    if (stepFailed) {
      step.outcome = "failed";
      if (ownError !== undefined && (step.error === undefined || e.facts.hook_event_name === undefined))
        step.error = ownError;
    } else if (step.outcome === "pending") step.outcome = "ok";
  }
}

/**
 * The text a transcript's tool call line says besides its calls: the line's `message` fact, or,
 * for a Task/Agent call, whose `message` is the subagent's brief, the line's text blocks. Hook
 * payloads say none.
 */
function callText(e: CanonicalEvent): string {
  if (e.facts.hook_event_name !== undefined || e.type === "tool_succeeded" || e.type === "tool_failed")
    return "";
  if (e.type !== "manager_assign") return e.facts.ccKind === "tool" ? (e.facts.message ?? "") : "";
  let data: Record<string, unknown>;
  try {
    data = eventData(e);
  } catch (error) {
    // As in toolCallInputs: only a line that does not parse gives no text.
    if (!(error instanceof SyntaxError)) throw error;
    return "";
  }
  const message = data["message"];
  const content = isRecord(message) ? message["content"] : undefined;
  if (!Array.isArray(content)) return "";
  const texts: string[] = [];
  for (const block of content)
    if (isRecord(block) && block["type"] === "text" && typeof block["text"] === "string")
      texts.push(block["text"]);
  return texts.join("\n\n");
}

/** A said turn: a prompt, an answer or thinking. */
function said(
  e: CanonicalEvent,
  kind: "prompt" | "answer" | "thinking",
  text: string,
  from: string | null,
  to: string | null,
  id: string = eventId(e),
): Draft {
  const { ts, type } = e;
  return {
    done:
      e.undated === true
        ? { id, ts, type, from, to, text, kind, undated: true }
        : { id, ts, type, from, to, text, kind },
  };
}

/** A notice (or a compaction marker): a line that says what happened. */
function notice(e: CanonicalEvent, text: string, kind: "notice" | "compaction" = "notice"): Draft {
  const { ts, type } = e;
  const id = eventId(e);
  const from = e.agentId;
  return {
    done:
      e.undated === true
        ? { id, ts, type, from, to: null, text, kind, undated: true }
        : { id, ts, type, from, to: null, text, kind },
  };
}

/** A local command's output without the tags Claude Code wraps it in. */
function withoutMarkup(text: string): string {
  return text.replace(/<\/?local-command-(stdout|stderr)>/g, "").trim();
}

/** What a subagent's start or stop says: the hook, and the agent's type when known. */
function subagentNotice(e: CanonicalEvent): string {
  const hook = e.facts.hook_event_name ?? e.type;
  const type = e.facts.subagentType;
  return type === undefined || type.length === 0 ? hook : `${hook}: ${type}`;
}

/** A draft as the turn the Report lists, keys in the order of TranscriptTurn. */
function finish(draft: Draft): TranscriptTurn {
  if ("done" in draft) return draft.done;
  const tool: ToolStep = { name: draft.name, outcome: draft.outcome };
  if (draft.error !== undefined) tool.error = draft.error;
  if (draft.toolUseId !== undefined) tool.toolUseId = draft.toolUseId;
  const turn: TranscriptTurn = {
    id: draft.id,
    ts: draft.ts,
    type: draft.type,
    from: draft.from,
    to: draft.to,
    text: draft.text,
    kind: "tool",
    tool,
  };
  if (draft.subagentThreadKey !== undefined) turn.subagentThreadKey = draft.subagentThreadKey;
  if (draft.undated) turn.undated = true;
  return turn;
}

/** What the transcripts of a session wrote, per thread: hooks and calls that say it again fold in. */
interface Written {
  /** True when the thread's transcript has this text (any text, for compactions). */
  has(threadKey: string, kind: string, text: string): boolean;
  /** Like `has`, and uses that text up, so a second equal prompt is shown again. */
  take(threadKey: string, kind: string, text: string): boolean;
}

function writtenByTranscripts(events: readonly CanonicalEvent[], sessionId: string): Written {
  const counts = new Map<string, number>();
  const keyOf = (threadKey: string, kind: string, text: string): string =>
    `${threadKey}\u0000${kind}\u0000${kind === "compaction" ? "" : sameTextKey(text)}`;
  for (const e of events) {
    const kind = e.facts.ccKind;
    if (e.facts.hook_event_name !== undefined) continue;
    const answer = kind === "tool" || e.type === "manager_assign" ? callText(e) : "";
    if (answer.trim().length > 0) {
      const key = keyOf(claudeTurnKeyOf(e, sessionId), "answer", answer);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (e.type === "manager_assign") continue;
    if (kind !== "prompt" && kind !== "answer" && kind !== "compaction") continue;
    const key = keyOf(claudeThreadKeyOf(e, sessionId), kind, e.facts.message ?? "");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    has: (threadKey, kind, text) => (counts.get(keyOf(threadKey, kind, text)) ?? 0) > 0,
    take: (threadKey, kind, text) => {
      const key = keyOf(threadKey, kind, text);
      const left = counts.get(key) ?? 0;
      if (left === 0) return false;
      counts.set(key, left - 1);
      return true;
    },
  };
}
