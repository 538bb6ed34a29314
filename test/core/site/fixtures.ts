// Small, whole values of the analysis for the site's unit tests: each builder takes only the
// fields it is tested on from `extra`, and every other field has a plain default.
import type { Agent } from "../../../src/core/agents/build-agents.ts";
import type { Analysis } from "../../../src/core/analysis.ts";
import type { CanonicalEvent } from "../../../src/core/event.ts";
import type { Report } from "../../../src/core/report.ts";
import type { Thread, UnattributedEvent, WorkSession } from "../../../src/core/sessions/work-session.ts";
import { noSignals, type TaskSummary } from "../../../src/core/tasks/task-summary.ts";
import { canonicalEvent } from "../../helpers/events.ts";

let line = 0;

/**
 * An event as the analysis hands it on, each with an id, time and line of its own: `main`
 * delegating to its subagent `nuri`, with no facts unless `extra.facts` gives them.
 */
export function event(extra: Partial<CanonicalEvent> = {}): CanonicalEvent {
  line += 1;
  return canonicalEvent({
    id: `ev-${line}`,
    ts: 1_000 + line,
    agentId: "main",
    fromAgent: "main",
    toAgent: "nuri",
    file: "logs/coordination-events.ndjson",
    line,
    eventRole: "delegation.subagent",
    toSessionType: "subagent",
    ...extra,
  });
}

/** A thread from one agent to another: a completed delegation without turns. */
export function thread(from: string, to: string, extra: Partial<Thread> = {}): Thread {
  return {
    threadKey: `pair:${from}_${to}`,
    fromAgent: from,
    toAgent: to,
    eventRole: "delegation.subagent",
    turns: 0,
    outcome: "completed",
    startMs: 0,
    lastActivityMs: 0,
    eventCount: 2,
    transcript: [],
    ...extra,
  };
}

/** A work session of `main` and `nuri`, without threads. */
export function workSession(id: string, extra: Partial<WorkSession> = {}): WorkSession {
  return {
    workSessionId: id,
    status: "ARCHIVED",
    startMs: 1_000,
    lastActivityMs: 2_000,
    eventCount: 3,
    roleCounts: {
      "conversation.main": 0,
      "delegation.subagent": 3,
      "orchestration.task": 0,
      "system.observability": 0,
    },
    collabCategory: "engineering_build",
    categorySource: "rule",
    categoryConfidence: 0.8,
    collabSubTags: ["API"],
    title: `Session ${id}`,
    agents: ["main", "nuri"],
    taskIds: [],
    nextWorkSessionIds: [],
    threads: [],
    ...extra,
  };
}

/** A task of `nuri` with a description and no signals. */
export function task(id: string, extra: Partial<TaskSummary> = {}): TaskSummary {
  return {
    taskId: id,
    agentId: "nuri",
    status: "in_progress",
    priority: "high",
    description: `Task ${id}`,
    steps: { total: 2, done: 1, inProgress: 1, pending: 0, skipped: 0 },
    sources: ["file"],
    ...noSignals(),
    ...extra,
  };
}

/** An agent with no states. */
export function agent(id: string, extra: Partial<Agent> = {}): Agent {
  return {
    agentId: id,
    kind: "main",
    events: 3,
    workSessions: 1,
    tasks: 0,
    unfinishedRuns: 0,
    states: [],
    ...extra,
  };
}

/** An unattributed event of `agentId` at `ts`. */
export function unattributed(ts: number, agentId: string): UnattributedEvent {
  return {
    id: `u-${ts}`,
    ts,
    type: "a2a.send",
    eventRole: "delegation.subagent",
    agentId,
    fromAgent: agentId,
    toAgent: null,
    conversationId: null,
    taskId: null,
    threadKey: `pair:${agentId}_?`,
    file: "logs/coordination-events.ndjson",
    line: ts,
    reason: "no_session",
    reasonKey: "names_nothing",
  };
}

/** An analysis of the given Report parts, with the events and lookups given or empty. */
export function analysis(parts: Partial<Report> = {}, extra: Partial<Analysis> = {}): Analysis {
  return {
    report: {
      schemaVersion: 1,
      generatedAt: "2026-03-09T00:00:00.000Z",
      timeZone: "UTC",
      input: { files: [], events: 0, duplicates: 0, errors: [] },
      workSessions: [],
      unattributed: [],
      tasks: [],
      blockedFlows: [],
      agents: [],
      queueContention: [],
      weeks: [],
      ...parts,
    },
    events: [],
    sessionEvents: new Map(),
    taskEvents: new Map(),
    taskFiles: new Map(),
    taskHistory: new Map(),
    untitledSessions: new Set(),
    legacyThreads: [],
    mentionNames: new Map(),
    ...extra,
  };
}
