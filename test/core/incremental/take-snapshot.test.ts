import { describe, expect, it } from "vitest";
import { analyzeStages } from "../../../src/core/analyze.ts";
import { hash64 } from "../../../src/core/hash.ts";
import type { LoadedInput } from "../../../src/core/input.ts";
import { pieceText } from "../../../src/core/incremental/report-pieces.ts";
import {
  hasHash,
  idHash,
  idHashesOf,
  inputsHashOf,
  startsOrStopsAgent,
  looseThreadEnds,
  snapshotRun,
  takeSnapshot,
} from "../../../src/core/incremental/take-snapshot.ts";
import type { ThreadWork } from "../../../src/core/sessions/threads.ts";
import { parseHistory } from "../../../src/core/tasks/history.ts";
import { parseTaskFile } from "../../../src/core/tasks/parse-task-file.ts";
import { canonicalEvent, readEvent, inputOfLines, type TestLine } from "../../helpers/events.ts";

/** A fixed `now` and zone, so that the analysis is the same on every run. */
const NOW = Date.parse("2026-03-09T00:00:00Z");
const ZONE = "UTC";
const T0 = Date.parse("2026-03-01T00:00:00Z");
const FILE = "logs/events.ndjson";
const MINUTE = 60_000;

/** An input of these lines of one log (see inputOfLines). */
function inputOf(lines: readonly TestLine[], over: Partial<LoadedInput> = {}): LoadedInput {
  return inputOfLines(lines, FILE, over);
}

/** A send of a work session's conversation, nobody answering it: an orphaned flow once the log runs on. */
const send = (ts: number, ws: string, conversation: string, id?: string): Record<string, unknown> => ({
  ...(id === undefined ? {} : { id }),
  type: "a2a.send",
  agentId: "eden",
  ts,
  data: {
    fromAgent: "eden",
    toAgent: "seum",
    workSessionId: ws,
    conversationId: conversation,
    message: "배포 점검",
  },
});

describe("idHash", () => {
  it("is the first 52 bits of hash64, as an exact non-negative integer, the same every time", () => {
    const h = idHash("evt-1");
    expect(h).toBe(Number.parseInt(hash64("evt-1").slice(0, 13), 16));
    expect(Number.isSafeInteger(h) && h >= 0 && h < 2 ** 52).toBe(true);
    expect(idHash("evt-1")).toBe(h);
    // Different ids give different hashes here, so a later copy is told from a new event.
    expect(idHash("evt-2")).not.toBe(h);
  });

  it("tells apart two ids whose first 32 bits of hash64 are the same", () => {
    // Found by search: the first pair of ids evt-N to meet in 32 bits, some sixty thousand ids in.
    expect(hash64("evt-3292").slice(0, 8)).toBe(hash64("evt-58456").slice(0, 8));
    expect(idHash("evt-3292")).not.toBe(idHash("evt-58456"));
  });
});

describe("hasHash", () => {
  const sorted = [3, 10, 99, 1_000, 0xffff_fffe];

  it("finds every member, the first and the last included", () => {
    for (const h of sorted) expect(hasHash(sorted, h), String(h)).toBe(true);
  });

  it("does not find a hash between members, below the first or above the last", () => {
    for (const h of [0, 2, 4, 11, 98, 100, 999, 1_001, 0xffff_fffd, 0xffff_ffff])
      expect(hasHash(sorted, h), String(h)).toBe(false);
  });

  it("finds nothing in an empty list", () => {
    expect(hasHash([], 0)).toBe(false);
    expect(hasHash([], 42)).toBe(false);
  });

  it("finds the one element of a list of one, and nothing beside it", () => {
    expect(hasHash([42], 42)).toBe(true);
    expect(hasHash([42], 41)).toBe(false);
    expect(hasHash([42], 43)).toBe(false);
  });

  it("finds every member of lists of two and of an even length, where the middle rounds down", () => {
    expect(hasHash([1, 2], 1)).toBe(true);
    expect(hasHash([1, 2], 2)).toBe(true);
    const even = Array.from({ length: 64 }, (_, i) => i * 2);
    for (const h of even) expect(hasHash(even, h), String(h)).toBe(true);
    for (const h of even) expect(hasHash(even, h + 1), String(h + 1)).toBe(false);
  });
});

describe("idHashesOf", () => {
  it("adds the hashes of the events' ids to the known ones, sorted as numbers and without repeats", () => {
    const events = [
      canonicalEvent({ id: "a" }),
      canonicalEvent({ id: "b" }),
      canonicalEvent({ id: "a", line: 2 }),
      canonicalEvent({ id: null, line: 3 }),
    ];
    const known = [idHash("b"), 5, 1_000_000];
    const all = idHashesOf(events, known);
    // Numeric order, not the text order a bare sort() gives (where 1000000 comes before 5).
    expect(all).toEqual([...new Set([idHash("a"), idHash("b"), 5, 1_000_000])].sort((x, y) => x - y));
    expect(new Set(all).size).toBe(all.length);
    // An event without a producer's id has no hash: null is not hashed as a text.
    expect(all.length).toBe(4);
  });

  it("gives the known hashes alone when no event has an id, and does not change the known list", () => {
    const known = [9, 7, 7];
    expect(idHashesOf([canonicalEvent({ id: null })], known)).toEqual([7, 9]);
    expect(known).toEqual([9, 7, 7]);
    expect(idHashesOf([], [])).toEqual([]);
  });
});

describe("snapshotRun", () => {
  it("keeps a run's first and last time and its count, with its place left for the writer", () => {
    expect(snapshotRun({ members: [{ ts: 5 }, { ts: 7 }, { ts: 9 }] })).toEqual({
      first: 5,
      last: 9,
      count: 3,
      at: [0, 0],
    });
    expect(snapshotRun({ members: [{ ts: 4 }] })).toEqual({ first: 4, last: 4, count: 1, at: [0, 0] });
  });
});

describe("startsOrStopsAgent", () => {
  it("is true of an agent's start and stop only", () => {
    expect(startsOrStopsAgent({ type: "agent_started" })).toBe(true);
    expect(startsOrStopsAgent({ type: "agent_stopped" })).toBe(true);
    for (const type of ["a2a.send", "a2a.response", "task.started", "task.completed", "agent.started"])
      expect(startsOrStopsAgent({ type }), type).toBe(false);
  });
});

describe("looseThreadEnds", () => {
  it("gives the last event's time of each thread of unattributed events, and none of a session's", () => {
    const input = inputOf([
      send(T0, "ws_a", "c1"),
      {
        type: "a2a.send",
        agentId: "eden",
        ts: T0 + MINUTE,
        data: { fromAgent: "eden", toAgent: "kai", message: "a" },
      },
      {
        type: "a2a.send",
        agentId: "eden",
        ts: T0 + 2 * MINUTE,
        data: { fromAgent: "kai", toAgent: "eden", message: "b" },
      },
    ]);
    const stages = analyzeStages(input, NOW, ZONE);
    const ends = looseThreadEnds(stages.sessions.threads);
    const keys = [...new Set(stages.analysis.report.unattributed.map((u) => u.threadKey))];
    expect(keys.length).toBe(1);
    expect([...ends]).toEqual([[keys[0], T0 + 2 * MINUTE]]);
  });

  it("takes the latest end of two works of the same thread key, and skips a work without events", () => {
    const work = (key: string, ws: string | null, times: number[]): ThreadWork =>
      ({
        thread: { threadKey: key },
        workSessionId: ws,
        events: times.map((ts) => canonicalEvent({ ts })),
        end: { outcome: "open", reason: null, evidence: [] },
      }) as unknown as ThreadWork;
    const ends = looseThreadEnds([
      work("k", null, [1, 50]),
      work("k", null, [2, 30]),
      work("k", "ws_a", [999]),
      work("empty", null, []),
      work("j", null, [-5]),
    ]);
    expect([...ends]).toEqual([
      ["k", 50],
      ["j", -5],
    ]);
  });
});

describe("inputsHashOf", () => {
  const taskFile = (() => {
    const { task } = parseTaskFile(
      "# Task: t1\n\n## Metadata\n- **Status:** in_progress\n- **Created:** 2026-01-01T00:00:00Z\n\n## Description\nwork\n",
      "t1",
    );
    if (task === null) throw new Error("no task");
    return { agentId: "eden", file: "tasks/t1.md", record: task };
  })();
  const historyEntry = parseHistory(
    "## [2026-01-01T00:00:00Z] work\n\n**Task ID:** t1\n**Status:** completed\n",
  ).entries.map((record) => ({ agentId: "eden", file: "h.md", record }));
  const base = inputOf([send(T0, "ws_a", "c1")], {
    files: [
      { path: FILE, kind: "events", bytes: 100, lines: 1, events: 1, errors: 0 },
      { path: "tasks/t1.md", kind: "task", bytes: 80, lines: 8, events: 1, errors: 0 },
    ],
    taskFiles: [taskFile],
    history: historyEntry,
  });
  const other = (over: Partial<LoadedInput>): LoadedInput => ({ ...base, ...over });
  const withTaskFile = (over: Record<string, unknown>): LoadedInput =>
    other({
      files: [
        base.files[0] as LoadedInput["files"][0],
        { ...(base.files[1] as LoadedInput["files"][0]), ...over },
      ],
    });
  const withEventFile = (over: Record<string, unknown>): LoadedInput =>
    other({
      files: [
        { ...(base.files[0] as LoadedInput["files"][0]), ...over },
        base.files[1] as LoadedInput["files"][0],
      ],
    });

  it("is the same for the same input", () => {
    expect(inputsHashOf(base)).toBe(inputsHashOf(structuredClone(base)));
  });

  it("changes with any field of a file that is not an event file", () => {
    const hash = inputsHashOf(base);
    for (const [field, value] of [
      ["path", "tasks/t2.md"],
      ["kind", "task-history"],
      ["bytes", 81],
      ["lines", 9],
      ["events", 2],
      ["errors", 1],
    ] as const)
      expect(inputsHashOf(withTaskFile({ [field]: value })), field).not.toBe(hash);
  });

  it("changes with every record that is not an event, and with the findings of reading", () => {
    const hash = inputsHashOf(base);
    const changed: Record<string, LoadedInput> = {
      findings: other({ findings: [{ file: FILE, line: 2, reason: "bad line" }] }),
      findingsOmitted: other({ findingsOmitted: [{ file: FILE, reason: "bad line", count: 3 }] }),
      taskFiles: other({ taskFiles: [] }),
      history: other({ history: [] }),
      currentTasks: other({
        currentTasks: [{ agentId: "eden", file: "CURRENT_TASK.md", record: { state: "none" } }],
      }),
      mainAgents: other({ mainAgents: ["main", "eden"] }),
      mentionNames: other({ mentionNames: { "123": "eden" } }),
      overrides: other({
        overrides: { ws_a: { collabCategory: "infra_ops", updatedAt: "2026-01-01T00:00:00Z" } },
      }),
      subagentMeta: other({ subagentMeta: [{ agentId: "sub", file: "sub.meta.json" }] }),
    };
    for (const [field, input] of Object.entries(changed)) expect(inputsHashOf(input), field).not.toBe(hash);
  });

  it("does not change as an event file gains events, lines and bytes, but does with its path", () => {
    const hash = inputsHashOf(base);
    // A log that only grew keeps the hash: that is what lets the next run reuse the snapshot.
    expect(inputsHashOf(withEventFile({ events: 7 }))).toBe(hash);
    expect(inputsHashOf(withEventFile({ events: 7, lines: 9, bytes: 900, errors: 2 }))).toBe(hash);
    expect(
      inputsHashOf(other({ events: [...base.events, readEvent(send(T0 + 1, "ws_b", "c2"), FILE, 2)] })),
    ).toBe(hash);
    expect(inputsHashOf(withEventFile({ path: "logs/other.ndjson" }))).not.toBe(hash);
  });
});

describe("takeSnapshot", () => {
  /** Three sessions whose order by last activity is not their order in the log, two tasks, and two flows. */
  const LINES = [
    send(T0, "ws_a", "c1", "e1"),
    send(T0 + MINUTE, "ws_b", "c2", "e2"),
    {
      type: "task.started",
      agentId: "eden",
      ts: T0 + 2 * MINUTE,
      data: { taskId: "t2", workSessionId: "ws_c" },
    },
    {
      type: "task.started",
      agentId: "eden",
      ts: T0 + 3 * MINUTE,
      data: { taskId: "t1", workSessionId: "ws_c" },
    },
    {
      id: "e5",
      type: "a2a.response",
      agentId: "seum",
      ts: T0 + 4 * MINUTE,
      data: { fromAgent: "seum", toAgent: "eden", workSessionId: "ws_a", conversationId: "c3" },
    },
    {
      type: "a2a.send",
      agentId: "eden",
      ts: T0 + 60 * MINUTE,
      data: { fromAgent: "eden", toAgent: "kai", message: "loose" },
    },
  ];
  const context = {
    format: "test format",
    nowMs: NOW,
    inputsHash: "h",
    files: [{ path: FILE, lines: 6, ranges: null }],
  };

  it("lists sessions, tasks and flows in the Report's order", () => {
    const stages = analyzeStages(inputOf(LINES), NOW, ZONE);
    const { report } = stages.analysis;
    const { snapshot } = takeSnapshot(stages, context);
    // The fixture is meant to give lists of more than one member, whose order means something.
    expect(report.workSessions.length).toBe(3);
    expect(report.tasks.length).toBe(2);
    expect(report.blockedFlows.length).toBe(2);
    expect(snapshot.sessions.map((s) => s.id)).toEqual(report.workSessions.map((s) => s.workSessionId));
    expect(snapshot.sessions.map((s) => s.id)).toEqual(["ws_a", "ws_c", "ws_b"]);
    expect(snapshot.tasks.map((t) => t.id)).toEqual(report.tasks.map((t) => t.taskId));
    expect(snapshot.flows.map((f) => f.flowId)).toEqual(report.blockedFlows.map((f) => f.flowId));
    expect(snapshot.flows.map((f) => f.ts)).toEqual(report.blockedFlows.map((f) => f.ts));
  });

  it("says when an event other than Claude Code's had no time of its own", () => {
    // Such an event is dated from the nearest events of its file and session, which a later run
    // of some of the events would not all have: the snapshot says so, and is not reused. (A format
    // may leave a time out, as the Claude Code hooks do; its ts is NaN until the analysis dates it.)
    const input = inputOf([...LINES, send(T0 + 5 * MINUTE, "ws_a", "c1")]);
    const last = input.events.at(-1) as LoadedInput["events"][number];
    const timeless = { ...input, events: [...input.events.slice(0, -1), { ...last, ts: Number.NaN }] };
    const dated = takeSnapshot(analyzeStages(timeless, NOW, ZONE), context).snapshot;
    expect(dated.untimed).toBe(true);
    expect(takeSnapshot(analyzeStages(inputOf(LINES), NOW, ZONE), context).snapshot.untimed).toBe(false);
  });

  it("keeps what the next run needs of the whole log", () => {
    const stages = analyzeStages(inputOf(LINES), NOW, ZONE);
    const { snapshot, layout } = takeSnapshot(stages, context);
    expect(snapshot.format).toBe("test format");
    expect(snapshot.timeZone).toBe(ZONE);
    expect(snapshot.nowMs).toBe(NOW);
    expect(snapshot.logEndMs).toBe(T0 + 60 * MINUTE);
    expect(snapshot.events).toBe(6);
    expect(snapshot.idHashes).toEqual([idHash("e1"), idHash("e2"), idHash("e5")].sort((a, b) => a - b));
    expect(snapshot.repeatedIds).toEqual([]);
    expect(snapshot.untimed).toBe(false);
    expect(snapshot.unattributed.map((r) => r.count)).toEqual([1]);
    expect(snapshot.sessions.find((s) => s.id === "ws_a")?.last).toBe(T0 + 4 * MINUTE);
    // The places are the writer's to fill: until then every span and the length are zero.
    expect(snapshot.sessions.every((s) => s.at[0] === 0 && s.at[1] === 0)).toBe(true);
    expect(snapshot.reportBytes).toBe(0);
    // No piece is kept bytes yet: a first run has no earlier Report to copy from.
    expect(layout.pieces.some((p) => "kept" in p)).toBe(false);
    const joined = layout.pieces.map((p) => ("kept" in p ? "" : pieceText(p))).join("");
    expect(joined).toBe(JSON.stringify(stages.analysis.report));
  });

  it("keeps the hashes of the producers' ids read more than once", () => {
    // The second copy of e1, in other words, is dropped: a rerun that picked it without the first
    // would keep it instead, so the snapshot names the id.
    const again = send(T0 + 61 * MINUTE, "ws_b", "c9", "e1");
    const stages = analyzeStages(inputOf([...LINES, again]), NOW, ZONE);
    expect(takeSnapshot(stages, context).snapshot.repeatedIds).toEqual([idHash("e1")]);
  });
});
