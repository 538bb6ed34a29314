import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { AgentTally } from "../../src/core/agents/build-agents.ts";
import { SendWait } from "../../src/core/sessions/blocked-flows.ts";
import {
  SnapshotFlow,
  SnapshotRun,
  SnapshotSession,
  SnapshotTask,
  type AnalysisSnapshot,
} from "../../src/core/incremental/snapshot.ts";
import {
  SNAPSHOT_TABLES,
  snapshotFromColumns,
  snapshotToColumns,
} from "../../src/ingest/snapshot-columns.ts";

/** The fields of an object schema. */
function fieldsOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).sort();
}

describe("SNAPSHOT_TABLES", () => {
  it.each([
    ["sessions", SnapshotSession],
    ["tasks", SnapshotTask],
    ["flows", SnapshotFlow],
    ["unattributed", SnapshotRun],
    ["waits", SendWait],
  ] as const)("has a column for every field of the %s schema", (table, schema) => {
    expect(Object.keys(SNAPSHOT_TABLES[table]).sort()).toEqual(fieldsOf(schema));
  });

  it("has a column for every field of an agent's tally, and its id", () => {
    expect(Object.keys(SNAPSHOT_TABLES.agents).sort()).toEqual(["id", ...fieldsOf(AgentTally)].sort());
    const state = AgentTally.shape.states.element;
    expect(Object.keys(SNAPSHOT_TABLES.agents.states.rows).sort()).toEqual(fieldsOf(state));
  });
});

/** A snapshot with every list filled, optional fields both given and left out. */
const SNAPSHOT: AnalysisSnapshot = {
  format: "f",
  timeZone: "Asia/Seoul",
  nowMs: 10,
  logEndMs: 9,
  inputsHash: "h",
  files: [{ path: "logs/a.ndjson", lines: 3, ranges: [{ start: 0, end: 30, crc: 1 }] }],
  events: 3,
  duplicates: 0,
  errors: [],
  analysisFindings: { "logs/a.ndjson": 1 },
  idHashes: [1, 4_000_000_000],
  repeatedIds: [],
  twinned: ["fp"],
  untimed: false,
  scopeAnswers: true,
  byConversation: {
    keys: ["c1", "c2"],
    sessions: [["ws_a", "ws_b"], []],
  },
  byTask: { keys: ["t1"], sessions: [["ws_a"]] },
  sessions: [
    {
      id: "ws_a",
      last: 5,
      previous: "ws_0",
      agents: ["eden", "세움"],
      startMs: 1,
      main: true,
      undated: false,
      category: "infra_ops",
      fallback: false,
      at: [10, 20],
    },
    {
      id: "ws_b",
      last: 6,
      agents: [],
      startMs: 2,
      main: false,
      undated: true,
      category: "biz_strategy",
      fallback: true,
      at: [31, 5],
    },
  ],
  tasks: [
    { id: "t1", createdMs: 1, agentId: "eden", at: [40, 3] },
    { id: "t2", lastActivityMs: 2, agentId: "kai", at: [44, 3] },
  ],
  flows: [
    { ts: 3, threadKey: "k", flowId: "f1", workSessionId: "ws_a", at: [50, 2] },
    { ts: 4, threadKey: "k2", flowId: "f2", threadLast: 8, at: [53, 2] },
  ],
  unattributed: [{ first: 1, last: 2, count: 2, at: [60, 9] }],
  agents: [
    [
      "eden",
      {
        events: 3,
        firstSeenMs: 1,
        lastSeenMs: 5,
        states: [{ ts: 1, state: "working", eventType: "task.started" }],
        ranAsSubagent: false,
        open: ["run1"],
      },
    ],
    ["kai", { events: 0, states: [], ranAsSubagent: true, open: [] }],
  ],
  waits: [
    { toAgent: "kai", start: 1, end: 2, answered: true, conversationId: "c1", from: "eden" },
    { toAgent: "eden", start: 3, end: 4, answered: false, conversationId: "c2", from: "?" },
  ],
  reportBytes: 70,
  reportFile: { device: "1", inode: "2", size: "71", modified: "3", changed: "4", crc: 5 },
};

describe("snapshotToColumns and snapshotFromColumns", () => {
  it("give the snapshot back, every list member's fields in their order", () => {
    const { head, arrays, strings } = snapshotToColumns(SNAPSHOT);
    const back = snapshotFromColumns(JSON.parse(JSON.stringify(head)) as typeof head, arrays, strings);
    // As JSON, which shows absent fields and the order of fields.
    const json = (value: unknown): string => JSON.stringify(value);
    for (const key of Object.keys(SNAPSHOT) as Array<keyof AnalysisSnapshot>)
      expect(json(back[key]), key).toBe(json(SNAPSHOT[key]));
    expect(json(back.byConversation)).toContain("ws_b");
    expect(Object.keys(back).sort()).toEqual(Object.keys(SNAPSHOT).sort());
  });

  it("keep the fields of the head out of the columns, and count each list's rows", () => {
    const { head } = snapshotToColumns(SNAPSHOT);
    expect(head.rows).toEqual({
      byConversation: 2,
      byTask: 1,
      sessions: 2,
      tasks: 2,
      flows: 2,
      unattributed: 1,
      agents: 2,
      waits: 2,
    });
    expect(Object.keys(head)).not.toContain("sessions");
    expect(head.timeZone).toBe("Asia/Seoul");
  });

  it("give the columns of the members' places to fill in", () => {
    const columns = snapshotToColumns(SNAPSHOT);
    expect([...columns.places.sessions]).toEqual([10, 20, 31, 5]);
    columns.places.sessions.set([1, 2, 3, 4]);
    columns.places.unattributed.set([7, 8]);
    const back = snapshotFromColumns(columns.head, columns.arrays, columns.strings);
    expect(back.sessions.map((s) => s.at)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(back.unattributed.map((r) => r.at)).toEqual([[7, 8]]);
    expect(back.tasks.map((t) => t.at)).toEqual(SNAPSHOT.tasks.map((t) => t.at));
  });

  it("start the table of strings with a seed in its order, unless a third of it is no longer named", () => {
    const plain = snapshotToColumns(SNAPSHOT);
    expect(plain.seeded).toBe(0);
    const seed = [...plain.strings].reverse();
    const json = (value: unknown): string => JSON.stringify(value);
    for (const unused of [[], ["gone-1"]]) {
      const seeded = snapshotToColumns(SNAPSHOT, [...seed, ...unused]);
      expect(seeded.seeded).toBe(seed.length + unused.length);
      expect(seeded.strings.slice(0, seeded.seeded)).toEqual([...seed, ...unused]);
      const back = snapshotFromColumns(seeded.head, seeded.arrays, seeded.strings);
      for (const key of Object.keys(SNAPSHOT) as Array<keyof AnalysisSnapshot>)
        expect(json(back[key]), key).toBe(json(SNAPSHOT[key]));
    }
    // A string the snapshot names that the seed lacks comes after it.
    const added = snapshotToColumns({ ...SNAPSHOT, twinned: ["fp-new"] }, seed);
    expect(added.strings.slice(seed.length)).toEqual(["fp-new"]);
    // Mostly strings no longer named, or a string twice: the table is made anew.
    const stale = Array.from({ length: seed.length }, (_, i) => `gone-${i}`);
    expect(snapshotToColumns(SNAPSHOT, [...seed, ...stale]).seeded).toBe(0);
    expect(snapshotToColumns(SNAPSHOT, [...seed, seed[0]!]).seeded).toBe(0);
    expect(snapshotToColumns(SNAPSHOT, [...seed, seed[0]!]).strings).toEqual(plain.strings);
  });

  it("throw when the columns do not fit the head's counts", () => {
    const { head, arrays, strings } = snapshotToColumns(SNAPSHOT);
    expect(() =>
      snapshotFromColumns({ ...head, rows: { ...head.rows, waits: 3 } }, arrays, strings),
    ).toThrow();
    expect(() => snapshotFromColumns(head, [...arrays, new Uint8Array(1)], strings)).toThrow(/do not fit/);
  });

  it("throw when the ties' keys are out of order, which a search would miss", () => {
    const { head, arrays, strings } = snapshotToColumns({
      ...SNAPSHOT,
      byTask: { keys: ["t2", "t1"], sessions: [[], ["ws_a"]] },
    });
    expect(() => snapshotFromColumns(head, arrays, strings)).toThrow(/not in order/);
  });
});
