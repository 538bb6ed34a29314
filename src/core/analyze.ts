import { dedupeEvents } from "./dedupe.ts";
import type { CanonicalEvent } from "./event.ts";
import type { Analysis } from "./analysis.ts";
import { compareFindings } from "./finding.ts";
import type { LoadedInput } from "./input.ts";
import { SCHEMA_VERSION, type Report } from "./report.ts";
import { buildTasks } from "./tasks/build-tasks.ts";
import { buildAgents } from "./agents/build-agents.ts";
import { attributeEvents } from "./sessions/attribute.ts";
import { blockedFlowsOf, queueContention } from "./sessions/blocked-flows.ts";
import { buildWorkSessions, listUnattributed } from "./sessions/build-sessions.ts";
import type { MentionNames } from "./sessions/transcript.ts";
import { pushTo } from "./group.ts";
import { toIso } from "./time.ts";
import { weeklyCategories } from "./weeks.ts";

/** Turns what the IO shell read into the Report. Pure: the same input and `nowMs` give the same value. */
export function analyze(input: LoadedInput, nowMs: number): Analysis {
  const deduped = dedupeEvents(input.events);
  const { tasks, findings: taskFindings } = buildTasks(input, deduped.events, nowMs);
  const analysisFindings = [...deduped.findings, ...taskFindings];
  const errors = [...input.findings, ...analysisFindings].sort(compareFindings);
  const files = input.files.map((file) => ({
    ...file,
    errors: file.errors + analysisFindings.filter((f) => f.file === file.path).length,
  }));
  const taskDescriptions = new Map(tasks.map((t) => [t.taskId, t.description]));
  const taskSessions = new Map<string, string>();
  const previousFromTasks = new Map<string, string>();
  for (const { record } of input.taskFiles) {
    if (record.workSessionId === undefined) continue;
    taskSessions.set(record.id, record.workSessionId);
    if (record.previousWorkSessionId !== undefined)
      previousFromTasks.set(record.workSessionId, record.previousWorkSessionId);
  }
  const mentionNames: MentionNames = new Map(Object.entries(input.mentionNames));
  const attribution = attributeEvents(deduped.events, taskSessions);
  const built = buildWorkSessions(attribution, {
    nowMs,
    logEndMs: deduped.events.at(-1)?.ts ?? nowMs,
    overrides: input.overrides,
    previousFromTasks,
    taskDescriptions,
    mentionNames,
  });
  const workSessions = built.sessions;
  const report: Report = {
    schemaVersion: SCHEMA_VERSION,
    generatedAt: toIso(nowMs),
    input: { files, events: deduped.events.length, duplicates: deduped.duplicates, errors },
    workSessions,
    unattributed: listUnattributed(attribution),
    tasks,
    blockedFlows: blockedFlowsOf(built.threads),
    agents: buildAgents(input, deduped.events, workSessions, tasks),
    queueContention: queueContention(deduped.events),
    weeks: weeklyCategories(workSessions),
  };
  const taskEvents = new Map<string, CanonicalEvent[]>();
  for (const e of deduped.events) if (e.taskId !== null) pushTo(taskEvents, e.taskId, e);
  return {
    report,
    events: deduped.events,
    sessionEvents: attribution.bySession,
    taskEvents,
    taskFiles: new Map(input.taskFiles.map((f) => [f.record.id, f])),
    taskHistory: new Map(input.history.map((h) => [h.record.taskId, h.record])),
    mentionNames,
  };
}
