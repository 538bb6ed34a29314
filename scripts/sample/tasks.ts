import type { TaskFile, TaskStep } from "../../src/core/tasks/task-file.ts";
import type { Flow } from "./scenarios.ts";

const MINUTE = 60_000;

/** How a sample task ends, each exercising a different part of the task views and flags. */
export const TASK_ENDINGS = [
  "completed",
  "completed",
  "completed",
  "cancelled",
  "force_completed",
  "in_progress",
  "blocked",
  "backlog",
  "pending_approval",
  "zombie",
] as const;
export type TaskEnding = (typeof TASK_ENDINGS)[number];

/** A task as the sample's agents left it: the file's content, plus how it was archived. */
export interface SampleTask {
  agentId: string;
  file: TaskFile;
  /** Set when the task was archived to history. */
  archived?: { at: number; summary: string; status: "completed" | "cancelled" };
}

const STEP_PLANS = [
  ["기존 구조 파악", "구현", "테스트 작성", "빌드 확인"],
  ["Collect context", "Implement the fix", "Validate on staging"],
  ["요구사항 정리", "초안 작성", "리뷰 반영", "배포"],
];

/**
 * Runs one task through its lifecycle on the log — task.started, updates, continuation signals,
 * and the ending — and returns what its task file says at the end. Legacy tasks (before
 * mid-February) carry no workSessionId in their events.
 */
export function runTask(
  flow: Flow,
  agentId: string,
  description: string,
  start: number,
  end: number,
  ending: TaskEnding,
  previousWs?: string,
): SampleTask {
  const { log, rng } = flow;
  const taskId = flow.taskId ?? `task_${rng.hex(20)}`;
  const ws = flow.ws ?? undefined;
  const priority = rng.pick(["low", "medium", "medium", "high", "urgent"] as const);
  const plan = rng.pick(STEP_PLANS);
  // A forced completion is about steps left open; an unapproved task has not started any.
  const useSteps = ending === "force_completed" || (ending !== "pending_approval" && rng.chance(0.7));
  const progress = ["Task started"];
  const steps: TaskStep[] = plan.map((content, i) => ({ id: `s${i + 1}`, content, status: "pending" }));
  log.emit("task.started", agentId, start, {
    taskId,
    priority,
    requiresApproval: ending === "pending_approval",
    workSessionId: ws,
    previousWorkSessionId: previousWs,
  });
  if (useSteps) progress.push(`Steps set: ${steps.length} steps defined`);

  const doneCount =
    ending === "completed" ? steps.length : ending === "force_completed" ? 1 : rng.int(0, steps.length - 1);
  let t = start;
  const span = Math.max(end - start, 10 * MINUTE);
  for (let i = 0; i < doneCount && useSteps; i++) {
    t = start + Math.round(((i + 1) / (doneCount + 1)) * span);
    const step = steps[i];
    if (step === undefined) continue;
    step.status = "done";
    progress.push(`[${step.id}] ${step.content} — completed`);
    log.emit("task.updated", agentId, t, { taskId, progressCount: progress.length, workSessionId: ws });
  }
  const current = steps[doneCount];
  if (useSteps && current !== undefined && ending !== "force_completed") current.status = "in_progress";
  if (useSteps && rng.chance(0.15) && steps.length > 3) {
    const last = steps[steps.length - 1];
    if (last !== undefined && last.status === "pending") last.status = "skipped";
  }
  if (rng.chance(0.4)) {
    // The continuation runner's signals carry no workSessionId: they are attached by taskId.
    log.emit("continuation.sent", "main", t + 3 * MINUTE, { taskId });
    if (rng.chance(0.3))
      log.emit("continuation.backoff", "main", t + 5 * MINUTE, {
        taskId,
        reason: rng.pick(["rate_limit", "billing", "timeout", "context_overflow", "unknown"]),
        consecutiveFailures: rng.int(1, 4),
        backoffMs: 60_000 * rng.int(1, 8),
      });
  }

  const file: TaskFile = {
    id: taskId,
    status: "in_progress",
    priority,
    created: new Date(start).toISOString(),
    source: rng.pick(["user", "self", "request:eden"]),
    extraMetadata: [],
    description,
    steps: useSteps ? steps : null,
    progress,
    lastActivity: new Date(end).toISOString(),
    extraSections: [],
  };
  if (ws !== undefined) file.workSessionId = ws;
  if (previousWs !== undefined) file.previousWorkSessionId = previousWs;
  if (rng.chance(0.3)) file.context = "Discord #dev 채널 요청.\nRelated: PR #128";

  const task: SampleTask = { agentId, file };
  switch (ending) {
    case "completed":
    case "force_completed": {
      if (ending === "force_completed") {
        const left = steps.filter((s) => s.status !== "done").map((s) => s.id);
        progress.push(`Stop Guard: task_complete blocked — ${left.length} steps remaining`);
        progress.push(`Force completed with ${left.length} steps remaining: ${left.join(", ")}`);
      }
      progress.push("Task completed");
      file.status = "completed";
      file.outcome = { kind: "completed", summary: "완료했습니다." };
      log.emit("task.completed", agentId, end, { taskId, workSessionId: ws });
      task.archived = {
        at: end,
        summary:
          ending === "completed"
            ? "완료했습니다. Summary posted to #dev."
            : "Forced completion after the stop guard.",
        status: "completed",
      };
      break;
    }
    case "cancelled":
      progress.push("Task cancelled");
      file.status = "cancelled";
      file.outcome = { kind: "cancelled", reason: "요구사항 변경", by: "user" };
      log.emit("task.cancelled", agentId, end, { taskId, reason: "요구사항 변경", workSessionId: ws });
      task.archived = { at: end, summary: "Cancelled: 요구사항 변경", status: "cancelled" };
      break;
    case "blocked": {
      const reason = "스테이징 DB 접근 권한 필요";
      progress.push(`[BLOCKED] ${reason}`);
      file.status = "blocked";
      file.blocking = {
        blockedReason: reason,
        unblockedBy: ["seum"],
        unblockRequestCount: 1,
        escalationState: "requesting",
      };
      log.emit("task.blocked", agentId, end - 5 * MINUTE, {
        taskId,
        reason,
        unblockedBy: ["seum"],
        workSessionId: ws,
      });
      log.emit("unblock.requested", "main", end, { taskId, targetAgentId: "seum", requestCount: 1 });
      break;
    }
    case "backlog":
      file.status = "backlog";
      file.backlog = { createdBy: agentId, assignee: "ieum", dependsOn: [], estimatedEffort: "medium" };
      log.emit("task.backlog_added", agentId, end, {
        taskId,
        assignee: "ieum",
        isCrossAgent: true,
        workSessionId: ws,
      });
      break;
    case "pending_approval":
      file.status = "pending_approval";
      progress.splice(0, progress.length, "Task created - awaiting approval");
      break;
    case "zombie":
      progress.push("Auto-recovered to backlog after zombie detection (reassign #1/3)");
      file.status = "backlog";
      log.emit("zombie.abandoned", "main", end, {
        taskId,
        ageHours: 26,
        reassignCount: 1,
        action: "moved_to_backlog",
      });
      log.emit("backlog.auto_picked", "main", end + 2 * MINUTE, { taskId });
      break;
    case "in_progress":
      break;
  }
  return task;
}

/** A history entry exactly as the task tools append it (docs/formats.md#task-history). */
export function formatHistoryEntry(task: SampleTask): string {
  const archived = task.archived;
  if (archived === undefined) throw new Error(`${task.file.id} was not archived`);
  const completed = new Date(archived.at).toISOString();
  const minutes = Math.round((archived.at - Date.parse(task.file.created)) / 60000);
  const duration = minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes}m`;
  const lines = ["", "---", "", `## [${completed}] ${task.file.description}`, ""];
  if (task.file.context !== undefined) lines.push(`**Context:** ${task.file.context}`);
  lines.push(
    `**Task ID:** ${task.file.id}`,
    `**Priority:** ${task.file.priority}`,
    `**Started:** ${task.file.created}`,
    `**Completed:** ${completed}`,
    `**Duration:** ${duration}`,
    "",
    "### Progress",
  );
  for (const item of task.file.progress) lines.push(`- ${item}`);
  lines.push("", "### Summary", archived.summary);
  return lines.join("\n");
}
