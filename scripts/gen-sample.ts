// Writes content/sample/: an OpenClaw-like state directory, the same bytes on every run. It is the
// bundled input of `workscope analyze` when no ~/.openclaw exists, and every view's demo data.
//   node scripts/gen-sample.ts [outDir]
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { CollabCategory } from "../src/core/category.ts";
import { formatTaskFile } from "../src/core/tasks/format-task-file.ts";
import { createLog, type LogLine } from "./sample/log.ts";
import { claudeProject } from "./sample/claude-project.ts";
import { createRng, type Rng } from "./sample/rng.ts";
import { BLOCKED_KINDS, blockedFlow, fanOut, pingPong, queuedSends, type Flow } from "./sample/scenarios.ts";
import { hookStream, rawHookCapture, v11Stream } from "./sample/streams.ts";
import { formatHistoryEntry, runTask, TASK_ENDINGS, type SampleTask } from "./sample/tasks.ts";
import { GOALS } from "./sample/texts.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Monday 19 January 2026: seven weeks of logs up to Sunday 8 March. */
const FIRST_DAY = Date.UTC(2026, 0, 19);
const DAYS = 49;
/**
 * Before this, OpenClaw wrote no conversation or work session ids
 * (docs/formats.md#legacy-events-without-ids).
 */
const IDS_FROM = Date.UTC(2026, 1, 15);
/** From March on, the emitter writes task events but few a2a events. */
const QUIET_A2A_FROM = Date.UTC(2026, 2, 1);
const MAINS = ["eden", "seum", "ieum", "miri", "nuri"] as const;
const WORKERS = ["explorer", "worker-quick", "worker-deep", "consultant"] as const;
const CATEGORIES = CollabCategory.options;

export interface Sample {
  /** Relative path → file content. */
  files: Map<string, string | Buffer>;
}

/** Builds the whole sample in memory; `writeSample` puts it on disk. */
export function buildSample(seed = 20260119): Sample {
  const rng = createRng(seed);
  const log = createLog();
  const tasks: SampleTask[] = [];
  const sessions: string[] = [];
  let blockedTurn = 0;

  for (let day = 0; day < DAYS; day++) {
    const count = rng.int(3, 5);
    for (let s = 0; s < count; s++) {
      const start = FIRST_DAY + day * DAY + rng.int(0, 20) * HOUR + rng.int(0, 59) * 60_000;
      const legacy = start < IDS_FROM;
      const ws = legacy ? null : `ws_${rng.uuid()}`;
      const category = pickCategory(rng, day);
      const from = rng.pick(MAINS);
      const to = rng.pick(MAINS.filter((m) => m !== from));
      const withTask = rng.chance(0.7);
      const flow: Flow = { log, rng, ws, legacy, taskId: withTask ? `task_${rng.hex(20)}` : undefined };
      const previous =
        ws !== null && sessions.length > 5 && rng.chance(0.06)
          ? sessions[sessions.length - rng.int(3, 5)]
          : undefined;
      if (ws !== null) sessions.push(ws);

      let t = start + 30_000;
      const taskOnly = start >= QUIET_A2A_FROM && rng.chance(0.3);
      if (!taskOnly) {
        t = pingPong(flow, { from, to }, category, t);
        if (rng.chance(0.35)) t = fanOut(flow, from, pickWorkers(rng), t + 60_000);
        if (rng.chance(0.4)) t = pingPong(flow, { from: to, to: from }, category, t + 120_000);
        if (rng.chance(0.3)) {
          const kind = BLOCKED_KINDS[blockedTurn++ % BLOCKED_KINDS.length] ?? "timeout";
          const target = kind === "spawn_error" ? rng.pick(WORKERS) : to;
          t = blockedFlow(flow, { from, to: target }, kind, category, t + 60_000);
        }
        if (rng.chance(0.05)) autoRoute(flow, from, to, t + 30_000);
        if (rng.chance(0.06))
          t = queuedSends(
            flow,
            [from, rng.pick(MAINS.filter((m) => m !== from && m !== to))],
            to,
            category,
            t + 60_000,
          );
      }
      if (rng.chance(0.08))
        log.emit("milestone.sync_failed", from, t + 10_000, {
          taskId: flow.taskId,
          error: "Task Hub returned 502",
        });
      if (rng.chance(0.03)) log.emit("gateway.restarted", "main", t + 20_000, { reason: "config change" });
      if (withTask) {
        const ending = rng.pick(TASK_ENDINGS);
        if (rng.chance(0.2)) planSignals(flow, from, start + 60_000);
        tasks.push(runTask(flow, from, rng.pick(GOALS[category]), start, t + 5 * 60_000, ending, previous));
      }
    }
  }
  needHuman(log, FIRST_DAY + 40 * DAY + 10 * HOUR, rng);

  const files = new Map<string, string | Buffer>();
  writeLogs(files, log.lines);
  writeTasks(files, tasks);
  files.set("openclaw.json", OPENCLAW_JSON);
  files.set("work-session-category-overrides.json", overrides(sessions, rng));
  const v11Starts = [10, 24, 33, 45].map((d) => FIRST_DAY + d * DAY + 2 * HOUR);
  files.set("streams/office-v11.ndjson", `${v11Stream(rng, v11Starts).join("\n")}\n`);
  files.set("claude/hooks.ndjson", `${hookStream(rng, FIRST_DAY + 46 * DAY + 5 * HOUR).join("\n")}\n`);
  files.set(
    "claude/raw-capture.jsonl",
    `${rawHookCapture(rng, FIRST_DAY + 47 * DAY + 1 * HOUR).join("\n")}\n`,
  );
  for (const [rel, content] of claudeProject(FIRST_DAY + 42 * DAY)) files.set(`claude/${rel}`, content);
  return { files };
}

/** Category weights drift over the weeks: engineering early, operations and QA later. */
function pickCategory(rng: Rng, day: number): CollabCategory {
  const week = Math.floor(day / 7);
  const weights = CATEGORIES.map((c) => {
    if (c === "engineering_build") return 6 - week * 0.6;
    if (c === "infra_ops" || c === "qa_validation") return 1.5 + week * 0.5;
    return 1;
  });
  let r = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < CATEGORIES.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) return CATEGORIES[i] ?? "engineering_build";
  }
  return "engineering_build";
}

function pickWorkers(rng: Rng): string[] {
  const pool = [...WORKERS];
  const out: string[] = [];
  while (out.length < 3) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] ?? "explorer");
  return out;
}

function autoRoute(flow: Flow, from: string, to: string, t: number): void {
  flow.log.emit("a2a.auto_route", "main", t, {
    senderAgentId: from,
    targetAgentId: to,
    channelId: "1192837465",
    maxTurns: 3,
    message: "디스코드 채널 메시지 자동 라우팅",
    conversationId: flow.legacy ? undefined : flow.rng.uuid(),
    workSessionId: flow.ws ?? undefined,
  });
}

function planSignals(flow: Flow, agent: string, t: number): void {
  const plan = {
    taskId: flow.taskId,
    planId: `plan_${flow.rng.hex(8)}`,
    workSessionId: flow.ws ?? undefined,
  };
  flow.log.emit("plan.submitted", agent, t, plan);
  flow.log.emit(flow.rng.chance(0.8) ? "plan.approved" : "plan.rejected", "main", t + 4 * 60_000, plan);
}

/**
 * An orchestrator's `[NEED_HUMAN: …]` question inside a main-agent conversation
 * (docs/formats.md#human-questions).
 */
function needHuman(log: ReturnType<typeof createLog>, t: number, rng: Rng): void {
  const conversationId = rng.uuid();
  const ws = `ws_${rng.uuid()}`;
  const taskId = `task_${rng.hex(20)}`;
  const c = {
    fromAgent: "eden",
    toAgent: "seum",
    conversationId,
    workSessionId: ws,
    taskId,
    eventRole: "conversation.main",
    fromSessionType: "main",
    toSessionType: "main",
  };
  log.emit("task.started", "eden", t, {
    taskId,
    priority: "high",
    requiresApproval: false,
    workSessionId: ws,
  });
  log.emit("a2a.send", "eden", t + 1000, {
    ...c,
    targetSessionKey: "agent:seum:main",
    message:
      "[Goal] 프로덕션 배포 일정 확정\n\n배포 전에 확인이 필요합니다. [NEED_HUMAN: 오늘 밤 10시에 프로덕션 배포를 진행해도 될까요?]",
    runId: rng.uuid(),
  });
  log.emit("a2a.response", "seum", t + 60_000, {
    ...c,
    fromAgent: "seum",
    toAgent: "eden",
    message: "사람 확인을 기다리는 중입니다.",
    replyPreview: "사람 확인을 기다리는 중입니다.",
  });
}

/**
 * Routes log lines into OpenClaw's monthly files (docs/formats.md#file-names-and-rotation) and
 * compresses January, as people do with old months.
 */
function writeLogs(files: Map<string, string | Buffer>, lines: LogLine[]): void {
  const months = new Map<string, string[]>();
  for (const line of [...lines].sort((a, b) => a.ts - b.ts)) {
    const month = new Date(line.ts).toISOString().slice(0, 7);
    const list = months.get(month) ?? [];
    list.push(line.text);
    months.set(month, list);
  }
  const jan = months.get("2026-01") ?? [];
  const feb = months.get("2026-02") ?? [];
  const mar = months.get("2026-03") ?? [];
  files.set("logs/coordination-events-2026-01.ndjson.gz", gzipSync(`${jan.join("\n")}\n`, { level: 9 }));
  files.set("logs/coordination-events-2026-02.ndjson", `${feb.join("\n")}\n`);
  // The rotation copied February's last lines into the new file, and the gateway was stopped in
  // the middle of a write: three duplicates and a half-written last line, as real logs have.
  const active = [...feb.slice(-3), ...mar].join("\n");
  const torn = '{"type":"a2a.send","agentId":"eden","ts":1772960000000,"data":{"fromAgent":"eden","toAg';
  files.set("logs/coordination-events.ndjson", `${active}\n${torn}`);
}

function writeTasks(files: Map<string, string | Buffer>, tasks: SampleTask[]): void {
  const history = new Map<string, string[]>();
  let legacyDone = false;
  for (const task of tasks) {
    const workspace = `workspace-${task.agentId}`;
    if (task.archived === undefined) {
      const file = { ...task.file };
      if (!legacyDone && file.status === "blocked" && file.blocking !== undefined) {
        // Older tool versions wrote the blocking details as inline metadata bullets.
        legacyDone = true;
        file.blockedReason = String(file.blocking["blockedReason"]);
        file.unblockedBy = ["seum", "ieum"];
        delete file.blocking;
      }
      files.set(`${workspace}/tasks/${file.id}.md`, formatTaskFile(file));
      continue;
    }
    const month = new Date(task.archived.at).toISOString().slice(0, 7);
    const name =
      month === "2026-01" && task.agentId === "eden"
        ? `${workspace}/TASK_HISTORY.md`
        : `${workspace}/task-history/${month}.md`;
    const list = history.get(name) ?? [];
    list.push(formatHistoryEntry(task));
    history.set(name, list);
  }
  for (const [name, entries] of history) {
    const month = name.match(/(\d{4})-(\d{2})\.md$/);
    const title = month
      ? new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)).toLocaleString("en-US", {
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        })
      : "Legacy";
    const header = name.endsWith("TASK_HISTORY.md") ? "# Task History\n" : `# Task History - ${title}\n`;
    files.set(name, header + entries.join(""));
  }
  const open = tasks.filter((t) => t.archived === undefined && t.file.status === "in_progress");
  for (const agent of MAINS) {
    const mine = open.filter((t) => t.agentId === agent).at(-1);
    files.set(`workspace-${agent}/CURRENT_TASK.md`, currentTask(agent, mine));
  }
}

function currentTask(agent: string, task: SampleTask | undefined): string {
  if (task === undefined)
    return [
      "# Current Task",
      "",
      "*(No active focus task)*",
      "",
      "Use `task_list` to see all tasks.",
      "",
      "---",
      "*Managed by task tools*",
    ].join("\n");
  if (agent === "miri") {
    // The auto-generated tracker form.
    return [
      "# Current Task",
      "",
      `**Task:** ${task.file.description}`,
      `**Status:** in_progress`,
      `**Started:** ${task.file.created}`,
      "",
      "---",
      "*Auto-tracked*",
    ].join("\n");
  }
  const f = task.file;
  return [
    "# Current Task",
    "",
    `**Focus:** ${f.id}`,
    "",
    `## ${f.description}`,
    "",
    `**Status:** ${f.status}`,
    `**Priority:** ${f.priority}`,
    `**Created:** ${f.created}`,
    "",
    "### Progress",
    ...f.progress.map((p) => `- ${p}`),
    "",
    "---",
    "*Managed by task tools*",
  ].join("\n");
}

const OPENCLAW_JSON = `{
  // OpenClaw's config is JSON5: comments and trailing commas are allowed.
  agents: {
    list: [
      { id: "main" },
      { id: "eden", name: "Eden", discord: { userId: "123456789012345678" } },
      { id: "seum", name: "Seum" },
      { id: "ieum", name: "Ieum" },
      { id: "miri", name: "Miri" },
      { id: "nuri", name: "Nuri" },
    ],
  },
  session: { agentToAgent: { maxPingPongTurns: 5 } },
}
`;

function overrides(sessions: string[], rng: Rng): string {
  const picked = [sessions[10], sessions[sessions.length - 8]].filter((s): s is string => s !== undefined);
  const value = Object.fromEntries(
    picked.map((ws, i) => [
      ws,
      {
        collabCategory: i === 0 ? "docs_knowledge" : "biz_strategy",
        updatedAt: "2026-03-05T09:00:00.000Z",
        ...(i === 0 ? { updatedBy: "operator" } : {}),
      },
    ]),
  );
  void rng;
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Writes the sample to `dir`, replacing what was there. */
export async function writeSample(dir: string, sample: Sample = buildSample()): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const [rel, content] of [...sample.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const target = path.join(dir, rel);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL("../content/sample/", import.meta.url));
  await writeSample(dir);
  process.stdout.write(`wrote ${dir}\n`);
}
