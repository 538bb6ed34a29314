import type { CanonicalEvent } from "../event.ts";
import type { Finding } from "../finding.ts";
import { pushTo } from "../group.ts";
import type { LoadedInput } from "../input.ts";
import { statusFromEvent } from "./event-status.ts";
import { needHumanQuestions, pairQueries, type QueryStep } from "./human-queries.ts";
import { taskFlags } from "./task-flags.ts";
import { countSteps } from "./task-file.ts";
import {
  inContractOrder,
  noSignals,
  summarizeTasks,
  taskFilesById,
  type TaskFileRead,
  type TaskSummary,
} from "./task-summary.ts";

/** Tasks as the Report lists them, and the lookups they were built with, for the pages. */
export interface TasksBuilt {
  /** Task summaries, oldest first. */
  tasks: TaskSummary[];
  /** Answers that could not be tied to one question. */
  findings: Finding[];
  /** Each task's events, in timeline order, by task id. */
  taskEvents: Map<string, CanonicalEvent[]>;
  /** Each task's file, by task id (see taskFilesById). */
  taskFiles: Map<string, TaskFileRead>;
}

/**
 * Tasks as the Report lists them: task files and history merged (summarizeTasks), then what
 * their events add — a status and work session for tasks only events know, the continuation
 * runner's nudges, human questions and their answers, and flags. Answers that cannot be tied to
 * one question come back as findings. Work sessions are not needed: tasks are built before them,
 * and sessions of task signals only are titled by these tasks' descriptions.
 */
export function buildTasks(
  input: Pick<LoadedInput, "taskFiles" | "history">,
  events: readonly CanonicalEvent[],
  nowMs: number,
): TasksBuilt {
  const taskFiles = taskFilesById(input.taskFiles);
  const fromFiles = new Map(summarizeTasks(taskFiles, input.history).map((t) => [t.taskId, t]));
  const progress = progressByTask(input);
  // One pass groups the events by task and finds the human-query steps. A loop rather than
  // flatMap: nearly every event has no step, and flatMap's callback and its spreading of each
  // result cost more than the steps themselves. An indexed loop, as it runs once over every
  // event: a for…of loop that runs once makes an iterator result per element before it is
  // optimized.
  const taskEvents = new Map<string, CanonicalEvent[]>();
  const steps: QueryStep[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as CanonicalEvent;
    if (event.taskId !== null) pushTo(taskEvents, event.taskId, event);
    const found = queryStepsOf(event);
    if (found.length > 0) steps.push(...found);
  }
  const paired = pairQueries(steps);

  // Tasks their events signal about gain what the events say; tasks only events know are made.
  const signals = new Map<string, CanonicalEvent[]>();
  for (const [taskId, list] of taskEvents) if (list.some(isTaskSignal)) signals.set(taskId, list);
  const merged = [
    ...[...fromFiles.values()].map((task) => {
      const list = signals.get(task.taskId);
      return list === undefined ? task : withEvents(task, list);
    }),
    ...[...signals]
      .filter(([taskId]) => !fromFiles.has(taskId))
      .map(([taskId, list]) => withEvents(fromEventsOnly(taskId, list), list)),
  ];
  const tasks = merged
    .map((task) =>
      inContractOrder({
        ...task,
        humanQueries: paired.byTask.get(task.taskId) ?? task.humanQueries,
        flags: taskFlags({
          status: task.status,
          steps: task.steps,
          progress: progress.get(task.taskId) ?? [],
          eventTypes: typesOf(taskEvents.get(task.taskId)),
          createdMs: task.createdMs,
          lastActivityMs: task.lastActivityMs,
          nowMs,
        }),
      }),
    )
    .sort(
      (a, b) =>
        (a.createdMs ?? 0) - (b.createdMs ?? 0) || (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0),
    );
  const findings: Finding[] = paired.ambiguous.map(({ step, open }) => ({
    file: step.file,
    line: step.line,
    reason: `an answer names no task while ${open.length} questions are open (${open.join(", ")}); it was not matched to any`,
  }));
  return { tasks, findings, taskEvents, taskFiles };
}

/** Each task's progress lines: its file's, then its history entries'. */
function progressByTask(input: Pick<LoadedInput, "taskFiles" | "history">): Map<string, readonly string[]> {
  const progress = new Map<string, readonly string[]>();
  for (const { record } of input.taskFiles) progress.set(record.id, record.progress);
  for (const { record } of input.history)
    progress.set(record.taskId, [...(progress.get(record.taskId) ?? []), ...record.progress]);
  return progress;
}

/**
 * A task that only events know: its agent and priority from the event that started it (else its
 * first event), its creation from its first event, its status from the last event that says one.
 */
function fromEventsOnly(taskId: string, list: readonly CanonicalEvent[]): TaskSummary {
  const first = list[0] as CanonicalEvent;
  const started = list.find(
    (e) => e.type === "task.started" || e.type === "task_created" || e.type === "task_started",
  );
  return {
    taskId,
    agentId: (started ?? first).agentId ?? "unknown",
    status: lastStatusOf(list),
    priority: started === undefined ? "" : String(started.facts["priority"] ?? ""),
    description: "",
    steps: countSteps(null),
    createdMs: first.ts,
    sources: [],
    ...noSignals(),
  };
}

/**
 * The status the last event that says one leaves a task in; unknown when none says one. Read from
 * the end, so that the events before it are not asked.
 */
function lastStatusOf(list: readonly CanonicalEvent[]): TaskSummary["status"] {
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i] as CanonicalEvent;
    const status = statusFromEvent(e.type, e.facts);
    if (status !== null) return status;
  }
  return "unknown";
}

/**
 * A task with what its task events add: the events as a source, the work session it lacked, its
 * last activity and the continuation runner's nudges. What its file or history says is kept.
 */
function withEvents(task: TaskSummary, list: readonly CanonicalEvent[]): TaskSummary {
  const workSessionId =
    task.workSessionId ?? list.find((e) => e.workSessionId !== null)?.workSessionId ?? undefined;
  return {
    ...task,
    ...(workSessionId === undefined ? {} : { workSessionId }),
    lastActivityMs: Math.max(task.lastActivityMs ?? 0, (list.at(-1) as CanonicalEvent).ts),
    sources: [...task.sources, "events"],
    continuation: continuationOf(list),
  };
}

/** The types of some events (none when there are none), without a list of them first. */
function typesOf(list: readonly CanonicalEvent[] | undefined): Set<string> {
  const types = new Set<string>();
  if (list !== undefined) for (const e of list) types.add(e.type);
  return types;
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
 * The human-query lifecycle as events show it: v1.1 events (`task_id`, `payload.question`,
 * `payload.answer`), OpenClaw events (`data.taskId`, `data.question`, `data.answer`), and
 * `[NEED_HUMAN: …]` markers in a main agent's or orchestrator's message.
 */
function queryStepsOf(event: CanonicalEvent): readonly QueryStep[] {
  const type = event.type;
  // Every event passes here, and few are human queries: one scan for the part both kinds' types
  // hold rules the others out.
  const humanQuery = type.includes("human_query");
  const asks = humanQuery && (type.includes("human_query_requested") || type === "human_query.requested");
  const answers = humanQuery && isAnswerType(type);
  const message = event.eventRole === "conversation.main" && type.startsWith("a2a.");
  if (!asks && !answers && !message) return NO_STEPS;
  // Every conversation.main message gets here, and few ask anything: each fact is read only when
  // its kind needs it, and what a step shares is made only once the event is known to make one.
  const { facts } = event;
  if (asks && facts.question !== undefined) return [stepOf(event, "asked", facts.question)];
  if (answers && facts.answer !== undefined) return [stepOf(event, "answered", facts.answer)];
  const text = message ? facts.message : undefined;
  if (text !== undefined && text.includes("[NEED_HUMAN:"))
    return needHumanQuestions(text).map((q) => stepOf(event, "asked", q));
  return NO_STEPS;
}

/** Whether events of a type answer a human query (v1.1's and OpenClaw's names). */
function isAnswerType(type: string): boolean {
  return type.includes("human_query_answered") || type === "human_query.answered";
}

/**
 * Whether an event is an answer to a human query that names no task: such an answer goes to the
 * one open question of its run, whatever its task, so it ties the tasks of a run together.
 */
export function answersNoTask(event: Pick<CanonicalEvent, "type" | "taskId" | "facts">): boolean {
  return event.taskId === null && isAnswerType(event.type) && event.facts.answer !== undefined;
}

/** One human-query step of an event: its task, its scope (a v1.1 run, else its work session) and place. */
function stepOf(event: CanonicalEvent, kind: QueryStep["kind"], text: string): QueryStep {
  const run = event.facts.run_id;
  const scope = event.source === "v1.1" ? (run ?? event.workSessionId) : event.workSessionId;
  return { taskId: event.taskId, scope, ts: event.ts, file: event.file, line: event.line, kind, text };
}

/** The steps of the many events that have none: one shared, empty list. */
const NO_STEPS: readonly QueryStep[] = Object.freeze([]);
