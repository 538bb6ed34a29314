import type { BaseEvent } from "../event.ts";
import type { Finding } from "../finding.ts";
import { isTimed, isTranscriptEvent, subagentKey, toolUseIdsOf } from "./claude-event.ts";

/** Events with times for every line, and one finding per file that had lines without one. */
export interface DatedEvents<E extends BaseEvent> {
  /** The events in the order given; those that had no time carry one now. */
  events: E[];
  /** One finding per file with untimed events: how many were dated from what. */
  findings: Finding[];
}

/** Where an untimed event's time came from. */
type Source = "tool" | "subagent" | "session" | "undated";

/**
 * The first and last time the transcript gives one thing: a tool call (its `tool_use` block and
 * its result) or a subagent (its first and last entry).
 */
interface TimeSpan {
  /** The earliest time, epoch ms. */
  first: number;
  /** The latest time, epoch ms. */
  last: number;
}

/** The times transcript entries give, by tool call id and by subagent. */
interface TranscriptTimes {
  /** Each tool call's first and last transcript entry, by its `tool_use` id. */
  tools: ReadonlyMap<string, TimeSpan>;
  /** Each subagent's first and last transcript entry, by `subagentKey`. */
  agents: ReadonlyMap<string, TimeSpan>;
}

/** One way the transcript dates an untimed event: where the time comes from, and the time. */
interface TranscriptDatingRule {
  /** What the finding counts the event under. */
  source: Source;
  /** Which events it dates, in words. */
  when: string;
  /** The time it gives the event, or undefined when it says nothing of it. */
  time: (event: BaseEvent, transcript: TranscriptTimes) => number | undefined;
}

/**
 * The rules that date an untimed event from the transcript, first match wins. They come before
 * the neighbour rules because a transcript entry tied to the event by an id was timed by Claude
 * Code itself, while a neighbour in a capture file only says what fired near it: capture files
 * often keep one kind of hook per file, so a SubagentStart's neighbours there are other starts,
 * which say nothing of when this subagent ran.
 */
export const TRANSCRIPT_DATING_RULES: readonly TranscriptDatingRule[] = [
  {
    source: "tool",
    when: "it names a tool call: the call's time if sent before the tool ran, the result's if after",
    time: (event, transcript) => toolTimeOf(event, transcript.tools),
  },
  {
    source: "subagent",
    when: "a SubagentStart or SubagentStop: its subagent's first or last entry in the same session",
    time: (event, transcript) => subagentTimeOf(event, transcript.agents),
  },
];

/**
 * Dates the events whose line wrote no time (ingest leaves their `ts` NaN), from what is tied to
 * them and never from the file's modification time or the clock, so touching a file or running
 * again later gives the same Report. In order:
 * 1. the time of the transcript entry of the same tool call (a hook payload's `tool_use_id` is
 *    the transcript's `tool_use` id): the call's for a payload sent before the tool ran, its
 *    result's for one sent after;
 * 2. for a SubagentStart or SubagentStop payload, the time of its subagent's first or last
 *    transcript entry (the hook's `agent_id` is the `agentId` of the subagent's entries), in the
 *    same session: the subagent started when it was briefed and stopped after its last word;
 * 3. else the nearest timed event of the same file and session, earlier, else later (capture
 *    files are appended or rewritten in the order the hooks fired);
 * 4. else the earliest timed event of its session in any file.
 * These four mark the event `tsEstimated`. When none applies, the event is `undated`: its `ts`
 * only keeps its place in its file (the nearest timed event's, earlier, else later, else 0).
 *
 * Each step reads only times known before it, by file and line or as a minimum, never the order
 * of the files, so the answer does not depend on it. Values in, values out: only the events given
 * a time are copied.
 */
export function dateEvents<E extends BaseEvent>(events: readonly E[]): DatedEvents<E> {
  const untimed: number[] = [];
  for (let i = 0; i < events.length; i++) if (!isTimed(events[i] as E)) untimed.push(i);
  if (untimed.length === 0) return { events: events as E[], findings: [] };

  const times = Float64Array.from(events, (event) => event.ts);
  const sources = new Map<number, Source>();

  // 1–2. What the transcript says of the event itself, by the first rule that applies.
  const transcript = { tools: transcriptToolTimes(events), agents: subagentTimes(events) };
  for (const i of untimed) {
    for (const rule of TRANSCRIPT_DATING_RULES) {
      const ms = rule.time(events[i] as E, transcript);
      if (ms === undefined) continue;
      times[i] = ms;
      sources.set(i, rule.source);
      break;
    }
  }

  // 3. The nearest timed event of the same file and session; the times known after steps 1 and 2
  // only (each read from a transcript), so that an estimate is never taken from a guess.
  const known = times.slice();
  const files = indicesByFile(events);
  for (const indices of files.values()) {
    for (const [i, ms] of nearestOfSession(events, indices, known)) {
      times[i] = ms;
      sources.set(i, "session");
    }
  }

  // 4. The earliest timed event of the session in any file.
  const firstOfSession = new Map<string, number>();
  for (let i = 0; i < events.length; i++) {
    const session = (events[i] as E).workSessionId;
    const ms = known[i] as number;
    if (session === null || Number.isNaN(ms)) continue;
    const first = firstOfSession.get(session);
    if (first === undefined || ms < first) firstOfSession.set(session, ms);
  }
  for (const i of untimed) {
    if (sources.has(i)) continue;
    const session = (events[i] as E).workSessionId;
    const first = session === null ? undefined : firstOfSession.get(session);
    if (first !== undefined) {
      times[i] = first;
      sources.set(i, "session");
    }
  }

  // 5. Undated: the place of the nearest timed event of the file, else the start of time.
  const placed = times.slice();
  for (const indices of files.values()) {
    for (const [i, ms] of nearestInFile(indices, placed)) {
      times[i] = ms;
      sources.set(i, "undated");
    }
  }

  const out = [...events];
  for (const i of untimed) {
    const event = events[i] as E;
    const source = sources.get(i) ?? "undated";
    const ts = Number.isNaN(times[i] as number) ? 0 : (times[i] as number);
    out[i] =
      source === "undated"
        ? { ...event, ts, tsEstimated: true, undated: true }
        : { ...event, ts, tsEstimated: true };
  }
  return { events: out, findings: datingFindings(events, untimed, sources) };
}

/**
 * The first and last time of each tool call id in timed transcript entries: its `tool_use` block
 * and its result (a transcript and a `chat.json` copy of it agree, so copies change nothing).
 */
function transcriptToolTimes(events: readonly BaseEvent[]): Map<string, TimeSpan> {
  const byId = new Map<string, TimeSpan>();
  for (const event of events) {
    if (!isTimed(event) || !isTranscriptEvent(event) || event.facts.toolUseId === undefined) continue;
    for (const id of toolUseIdsOf(event)) widen(byId, id, event.ts);
  }
  return byId;
}

/**
 * The transcript's time of an untimed event's tool call: the result's for what is sent after the
 * tool ran (PostToolUse, PostToolUseFailure, a tool result), the call's for everything else.
 */
function toolTimeOf(event: BaseEvent, toolTimes: ReadonlyMap<string, TimeSpan>): number | undefined {
  const after =
    event.type === "tool_succeeded" ||
    event.type === "tool_failed" ||
    (event.facts.hook_event_name ?? "").startsWith("Post");
  let ms: number | undefined;
  for (const id of toolUseIdsOf(event)) {
    const times = toolTimes.get(id);
    if (times === undefined) continue;
    const candidate = after ? times.last : times.first;
    if (ms === undefined || candidate < ms) ms = candidate;
  }
  return ms;
}

/**
 * The first and last time of each subagent's timed transcript entries (those naming it as their
 * `agentId`), by session and agent id.
 */
function subagentTimes(events: readonly BaseEvent[]): Map<string, TimeSpan> {
  const byAgent = new Map<string, TimeSpan>();
  for (const event of events) {
    const agent = event.facts.agentInstance;
    if (agent === undefined || !isTimed(event) || !isTranscriptEvent(event)) continue;
    widen(byAgent, subagentKey(agent, event.workSessionId), event.ts);
  }
  return byAgent;
}

/** Widens the span kept under `key` to take in `ts`, starting it when there is none yet. */
function widen(spans: Map<string, TimeSpan>, key: string, ts: number): void {
  const times = spans.get(key);
  if (times === undefined) spans.set(key, { first: ts, last: ts });
  else {
    if (ts < times.first) times.first = ts;
    if (ts > times.last) times.last = ts;
  }
}

/** The time of a SubagentStart (its subagent's first entry) or SubagentStop (its last). */
function subagentTimeOf(event: BaseEvent, agentTimes: ReadonlyMap<string, TimeSpan>): number | undefined {
  const hook = event.facts.hook_event_name;
  const agent = event.facts.spawnedAgentId;
  if ((hook !== "SubagentStart" && hook !== "SubagentStop") || agent === undefined || agent.length === 0)
    return undefined;
  const times = agentTimes.get(subagentKey(agent, event.workSessionId));
  if (times === undefined) return undefined;
  return hook === "SubagentStart" ? times.first : times.last;
}

/** The indices of the events of each file, in line order. */
function indicesByFile(events: readonly BaseEvent[]): Map<string, number[]> {
  const files = new Map<string, number[]>();
  for (let i = 0; i < events.length; i++) {
    const file = (events[i] as BaseEvent).file;
    const list = files.get(file);
    if (list === undefined) files.set(file, [i]);
    else list.push(i);
  }
  for (const list of files.values())
    list.sort((a, b) => (events[a] as BaseEvent).line - (events[b] as BaseEvent).line || a - b);
  return files;
}

/**
 * For each untimed event of one file that names a session: the time of the nearest timed event
 * of that session in the file, earlier, else later.
 */
function nearestOfSession(
  events: readonly BaseEvent[],
  indices: readonly number[],
  known: Float64Array,
): Map<number, number> {
  const found = new Map<number, number>();
  const later = new Map<number, number>();
  let last = new Map<string, number>();
  for (const i of indices) {
    const session = (events[i] as BaseEvent).workSessionId;
    if (session === null) continue;
    const ms = known[i] as number;
    if (!Number.isNaN(ms)) last.set(session, ms);
    else {
      const earlier = last.get(session);
      if (earlier !== undefined) found.set(i, earlier);
    }
  }
  last = new Map();
  for (let k = indices.length - 1; k >= 0; k--) {
    const i = indices[k] as number;
    const session = (events[i] as BaseEvent).workSessionId;
    if (session === null) continue;
    const ms = known[i] as number;
    if (!Number.isNaN(ms)) last.set(session, ms);
    else if (!found.has(i)) {
      const next = last.get(session);
      if (next !== undefined) later.set(i, next);
    }
  }
  for (const [i, ms] of later) found.set(i, ms);
  return found;
}

/**
 * For each event of one file still without a time: the time of the nearest event of the file
 * that has one, earlier, else later; NaN when no event of the file has one.
 */
function nearestInFile(indices: readonly number[], placed: Float64Array): Map<number, number> {
  const found = new Map<number, number>();
  let earlier = Number.NaN;
  for (const i of indices) {
    const ms = placed[i] as number;
    if (!Number.isNaN(ms)) earlier = ms;
    else found.set(i, earlier);
  }
  let later = Number.NaN;
  for (let k = indices.length - 1; k >= 0; k--) {
    const i = indices[k] as number;
    const ms = placed[i] as number;
    if (!Number.isNaN(ms)) later = ms;
    else if (Number.isNaN(found.get(i) as number)) found.set(i, later);
  }
  return found;
}

/**
 * One finding per file with untimed events, at the line of the first, counting each source.
 * Transcript entries that are no message (they have no `uuid`: summaries, custom titles, file
 * snapshots) are written without a time by Claude Code itself, so they are dated without a word:
 * a finding on every transcript would only hide the ones that tell something.
 */
function datingFindings(
  events: readonly BaseEvent[],
  untimed: readonly number[],
  sources: ReadonlyMap<number, Source>,
): Finding[] {
  const byFile = new Map<string, { line: number; counts: Record<Source, number> }>();
  const none = (): Record<Source, number> => ({ tool: 0, subagent: 0, session: 0, undated: 0 });
  for (const i of untimed) {
    const event = events[i] as BaseEvent;
    if (isTranscriptEvent(event) && event.facts.uuid === undefined) continue;
    let entry = byFile.get(event.file);
    if (entry === undefined) byFile.set(event.file, (entry = { line: event.line, counts: none() }));
    entry.line = Math.min(entry.line, event.line);
    entry.counts[sources.get(i) ?? "undated"]++;
  }
  return [...byFile]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, { line, counts }]) => ({
      file,
      line,
      reason:
        `${counts.tool + counts.subagent + counts.session + counts.undated} event(s) carry no time: ` +
        `${counts.tool} dated by the transcript entry of the same tool call, ` +
        // Said only when it happened, so that files without subagent hooks read as they did.
        (counts.subagent > 0 ? `${counts.subagent} by their subagent's transcript, ` : "") +
        `${counts.session} by other events of their session, ` +
        `${counts.undated} left undated as nothing tied to them has a time`,
    }));
}
