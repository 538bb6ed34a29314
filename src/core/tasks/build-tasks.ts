import type { CanonicalEvent } from "../event.ts";
import type { Finding } from "../finding.ts";
import type { LoadedInput } from "../input.ts";
import { statusFromEvent } from "./event-status.ts";
import { needHumanQuestions, pairQueries, type QueryStep } from "./human-queries.ts";
import { taskFlags } from "./task-flags.ts";
import { countSteps } from "./task-file.ts";
import { inContractOrder, noSignals, summarizeTasks, type TaskSummary } from "./task-summary.ts";
import { pushTo } from "../group.ts";

/**
 * Tasks as the Report lists them: task files and history merged (summarizeTasks), then what
 * their events add — a status and work session for tasks only events know, the continuation
 * runner's nudges, human questions and their answers, and flags. Answers that cannot be tied to
 * one question come back as findings.
 */
export function buildTasks(
  input: Pick<LoadedInput, "taskFiles" | "history">,
  events: readonly CanonicalEvent[],
  nowMs: number,
): { tasks: TaskSummary[]; findings: Finding[] } {
  const byId = new Map(summarizeTasks(input).map((t) => [t.taskId, t]));
  const progress = new Map<string, readonly string[]>();
  for (const { record } of input.taskFiles) progress.set(record.id, record.progress);
  for (const { record } of input.history)
    progress.set(record.taskId, [...(progress.get(record.taskId) ?? []), ...record.progress]);

  const eventsByTask = new Map<string, CanonicalEvent[]>();
  const steps: QueryStep[] = [];
  for (const event of events) {
    if (event.taskId !== null) pushTo(eventsByTask, event.taskId, event);
    collectQuerySteps(event, steps);
  }

  for (const [taskId, list] of eventsByTask) {
    if (!list.some((e) => isTaskSignal(e))) continue;
    let task = byId.get(taskId);
    if (task === undefined) {
      const started = list.find(
        (e) => e.type === "task.started" || e.type === "task_created" || e.type === "task_started",
      );
      task = {
        taskId,
        agentId: (started ?? (list[0] as CanonicalEvent)).agentId ?? "unknown",
        status: "unknown",
        priority: started === undefined ? "" : String(started.facts["priority"] ?? ""),
        description: "",
        steps: countSteps(null),
        createdMs: (list[0] as CanonicalEvent).ts,
        sources: [],
        ...noSignals(),
      };
      byId.set(taskId, task);
    }
    task.sources = [...task.sources, "events"];
    if (!task.sources.includes("file") && !task.sources.includes("history")) {
      for (const e of list) task.status = statusFromEvent(e.type, e.facts) ?? task.status;
    }
    task.workSessionId ??= list.find((e) => e.workSessionId !== null)?.workSessionId ?? undefined;
    if (task.workSessionId === undefined) delete task.workSessionId;
    task.lastActivityMs = Math.max(task.lastActivityMs ?? 0, (list.at(-1) as CanonicalEvent).ts);
    task.continuation = continuationOf(list);
  }

  const paired = pairQueries(steps);
  const findings: Finding[] = paired.ambiguous.map(({ step, open }) => ({
    file: step.file,
    line: step.line,
    reason: `an answer names no task while ${open.length} questions are open (${open.join(", ")}); it was not matched to any`,
  }));
  for (const [taskId, queries] of paired.byTask) {
    const task = byId.get(taskId);
    if (task !== undefined) task.humanQueries = queries;
  }
  for (const task of byId.values()) {
    task.flags = taskFlags({
      status: task.status,
      steps: task.steps,
      progress: progress.get(task.taskId) ?? [],
      eventTypes: new Set((eventsByTask.get(task.taskId) ?? []).map((e) => e.type)),
      createdMs: task.createdMs,
      lastActivityMs: task.lastActivityMs,
      nowMs,
    });
  }
  const tasks = [...byId.values()]
    .sort(
      (a, b) =>
        (a.createdMs ?? 0) - (b.createdMs ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0),
    )
    .map(inContractOrder);
  return { tasks, findings };
}

/** Events that are about a task itself, not agent-to-agent traffic that names one. */
function isTaskSignal(e: CanonicalEvent): boolean {
  return (
    e.eventRole === "orchestration.task" || e.type.startsWith("task_") || e.type.startsWith("human_query")
  );
}

function continuationOf(list: readonly CanonicalEvent[]): TaskSummary["continuation"] {
  const result: TaskSummary["continuation"] = { sent: 0, backoffs: 0, backoffReasons: [] };
  let lastActivity: number | null = null;
  for (const e of list) {
    if (e.type === "continuation.sent") {
      result.sent++;
      if (lastActivity !== null) result.maxDelayMs = Math.max(result.maxDelayMs ?? 0, e.ts - lastActivity);
    } else if (e.type === "continuation.backoff") {
      result.backoffs++;
      result.backoffReasons.push(String(e.facts["reason"] ?? "unknown"));
    } else {
      lastActivity = e.ts;
    }
  }
  return result;
}

/**
 * The human-query lifecycle as events show it: v1.1 events (`task_id`,
 * `payload.question`, `payload.answer`), OpenClaw events (`data.taskId`, `data.question`,
 * `data.answer`), and `[NEED_HUMAN: …]` markers in a main agent's or orchestrator's message.
 */
function collectQuerySteps(event: CanonicalEvent, into: QueryStep[]): void {
  const asks = event.type.includes("human_query_requested") || event.type === "human_query.requested";
  const answers = event.type.includes("human_query_answered") || event.type === "human_query.answered";
  const message = event.eventRole === "conversation.main" && event.type.startsWith("a2a.");
  if (!asks && !answers && !message) return;
  const { question, answer, run_id: run, message: text } = event.facts;
  const scope = event.source === "v1.1" ? (run ?? event.workSessionId) : event.workSessionId;
  const base = { taskId: event.taskId, scope, ts: event.ts, file: event.file, line: event.line };
  if (asks && question !== undefined) into.push({ ...base, kind: "asked", text: question });
  else if (answers && answer !== undefined) into.push({ ...base, kind: "answered", text: answer });
  else if (message && text !== undefined && text.includes("[NEED_HUMAN:")) {
    for (const q of needHumanQuestions(text)) into.push({ ...base, kind: "asked", text: q });
  }
}
