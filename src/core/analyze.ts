import { buildAgents } from "./agents/build-agents.ts";
import type { Analysis } from "./analysis.ts";
import { classifyEvents } from "./classify/classify-event.ts";
import { dedupeEvents } from "./dedupe.ts";
import type { CanonicalEvent } from "./event.ts";
import { compareFindings, type Finding } from "./finding.ts";
import { pushTo } from "./group.ts";
import type { InputFile, LoadedInput } from "./input.ts";
import { SCHEMA_VERSION, type Report } from "./report.ts";
import { attributeEvents } from "./sessions/attribute.ts";
import { blockedFlowsOf, queueContention } from "./sessions/blocked-flows.ts";
import { buildWorkSessions, listUnattributed } from "./sessions/build-sessions.ts";
import { buildTasks } from "./tasks/build-tasks.ts";
import { taskLinksOf } from "./tasks/task-links.ts";
import { toIso } from "./time.ts";
import { weeklyCategories } from "./weeks.ts";

/**
 * Turns what the IO shell read into the Analysis, one stage after another. Pure: the same input
 * and `nowMs` give the same value.
 */
export function analyze(input: LoadedInput, nowMs: number): Analysis {
  const deduped = dedupeEvents(input.events);
  const events = classifyEvents(deduped.events, { mainAgents: new Set(input.mainAgents) });
  const taskLinks = taskLinksOf(input);
  const attribution = attributeEvents(events, taskLinks.sessionOfTask);
  const mentionNames = new Map(Object.entries(input.mentionNames));
  const sessions = buildWorkSessions(attribution, {
    nowMs,
    logEndMs: events.at(-1)?.ts ?? nowMs,
    overrides: input.overrides,
    previousFromTasks: taskLinks.previousSession,
    taskDescriptions: taskLinks.descriptions,
    mentionNames,
  });
  const tasks = buildTasks(input, events, nowMs);
  const agents = buildAgents(input, events, sessions.sessions, tasks.tasks);
  const blockedFlows = blockedFlowsOf(sessions.threads);
  const contention = queueContention(events);
  const weeks = weeklyCategories(sessions.sessions);

  const findings = [...deduped.findings, ...tasks.findings];
  const report: Report = {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: toIso(nowMs),
    input: {
      files: withFindings(input.files, findings),
      events: events.length,
      duplicates: deduped.duplicates,
      errors: [...input.findings, ...findings].sort(compareFindings),
    },
    workSessions: sessions.sessions,
    unattributed: listUnattributed(attribution),
    tasks: tasks.tasks,
    blockedFlows,
    agents,
    queueContention: contention,
    weeks,
  };
  return {
    report,
    events,
    sessionEvents: attribution.bySession,
    taskEvents: eventsByTask(events),
    taskFiles: new Map(input.taskFiles.map((f) => [f.record.id, f])),
    taskHistory: new Map(input.history.map((h) => [h.record.taskId, h.record])),
    mentionNames,
  };
}

/** The files as read, each with the findings the analysis made about it added to its count. */
function withFindings(files: readonly InputFile[], findings: readonly Finding[]): InputFile[] {
  const added = new Map<string, number>();
  for (const f of findings) added.set(f.file, (added.get(f.file) ?? 0) + 1);
  return files.map((file) => ({ ...file, errors: file.errors + (added.get(file.path) ?? 0) }));
}

/** Each task's events, in timeline order, by task id. */
function eventsByTask(events: readonly CanonicalEvent[]): Map<string, CanonicalEvent[]> {
  const byTask = new Map<string, CanonicalEvent[]>();
  for (const e of events) if (e.taskId !== null) pushTo(byTask, e.taskId, e);
  return byTask;
}
