import type { AgentTally } from "../core/agents/build-agents.ts";
import type { AnalysisSnapshot } from "../core/incremental/snapshot.ts";
import { isOrdered, type TieTable } from "../core/incremental/tie-table.ts";
import {
  RowColumnsReader,
  RowColumnsWriter,
  type ColumnArray,
  type Fields,
  type TableSpec,
} from "./row-columns.ts";

/**
 * The columns of each long list the snapshot keeps, field by field in the order its objects have
 * them. A test holds each to the fields of its schema, so that a field added there cannot be left
 * out here.
 */
export const SNAPSHOT_TABLES = {
  /** A conversation's or task's sessions: `byConversation` and `byTask`. */
  ties: { key: "string", sessions: "strings" },
  sessions: {
    id: "string",
    last: "number",
    previous: "string?",
    agents: "strings",
    startMs: "number",
    main: "boolean",
    undated: "boolean",
    category: "string",
    fallback: "boolean",
    at: "span",
  },
  tasks: { id: "string", createdMs: "number?", lastActivityMs: "number?", agentId: "string", at: "span" },
  flows: {
    ts: "number",
    threadKey: "string",
    flowId: "string",
    workSessionId: "string?",
    threadLast: "number?",
    at: "span",
  },
  unattributed: { first: "number", last: "number", count: "number", at: "span" },
  /** An agent's id, then its tally. */
  agents: {
    id: "string",
    events: "number",
    firstSeenMs: "number?",
    lastSeenMs: "number?",
    states: { rows: { ts: "number", state: "string", eventType: "string" } },
    ranAsSubagent: "boolean",
    open: "strings",
  },
  waits: {
    toAgent: "string",
    start: "number",
    end: "number",
    answered: "boolean",
    conversationId: "string",
    from: "string",
  },
  /** The lists of ids, as the one row of a table. */
  ids: { idHashes: "numbers", repeatedIds: "numbers", twinned: "strings" },
} as const satisfies Record<string, TableSpec>;

/** The snapshot's fields that are not in columns, and how many rows each table has. */
export type SnapshotHead = Omit<AnalysisSnapshot, ListField> & { rows: Record<CountedTable, number> };

/** The snapshot's fields kept as columns. */
type ListField =
  | "byConversation"
  | "byTask"
  | "sessions"
  | "tasks"
  | "flows"
  | "unattributed"
  | "agents"
  | "waits"
  | "idHashes"
  | "repeatedIds"
  | "twinned";

/** The tables whose rows are counted in the head, in the order they are written. */
type CountedTable = Exclude<ListField, "idHashes" | "repeatedIds" | "twinned">;

/** A snapshot as its head, its columns and the strings they name. */
export interface SnapshotColumns {
  head: SnapshotHead;
  arrays: ColumnArray[];
  strings: readonly string[];
  /** How many of the strings, from the first, are the seed's, in its order (0 without a seed). */
  seeded: number;
  /** The columns of the members' places in the Report (two numbers a member), to fill in later. */
  places: Record<"sessions" | "tasks" | "flows" | "unattributed", Float64Array>;
}

/**
 * How much of a seed may go unnamed before the table is made without it: past that, strings the
 * log no longer names would outweigh the text a seed saves making again.
 */
const MOST_UNNAMED = 1 / 3;

/**
 * The snapshot as columns. With `seed` (the strings of the snapshot a rerun read), the table of
 * strings starts with them, in their order, so that their text can be written as it was read;
 * when more than a third of them are no longer named, it is made anew.
 */
export function snapshotToColumns(snapshot: AnalysisSnapshot, seed: readonly string[] = []): SnapshotColumns {
  const {
    byConversation,
    byTask,
    sessions,
    tasks,
    flows,
    unattributed,
    agents,
    waits,
    idHashes,
    repeatedIds,
    twinned,
    ...rest
  } = snapshot;
  const writer = new RowColumnsWriter(seed);
  writer.fields(tieFields(byConversation), SNAPSHOT_TABLES.ties);
  writer.fields(tieFields(byTask), SNAPSHOT_TABLES.ties);
  const place = (made: Record<string, ColumnArray[]>): Float64Array => made.at?.[0] as Float64Array;
  const places = {
    sessions: place(writer.table(sessions, SNAPSHOT_TABLES.sessions)),
    tasks: place(writer.table(tasks, SNAPSHOT_TABLES.tasks)),
    flows: place(writer.table(flows, SNAPSHOT_TABLES.flows)),
    unattributed: place(writer.table(unattributed, SNAPSHOT_TABLES.unattributed)),
  };
  writer.table(
    agents.map(([id, tally]) => ({ id, ...tally })),
    SNAPSHOT_TABLES.agents,
  );
  writer.table(waits, SNAPSHOT_TABLES.waits);
  writer.table([{ idHashes, repeatedIds, twinned }], SNAPSHOT_TABLES.ids);
  const rows = {
    byConversation: byConversation.keys.length,
    byTask: byTask.keys.length,
    sessions: sessions.length,
    tasks: tasks.length,
    flows: flows.length,
    unattributed: unattributed.length,
    agents: agents.length,
    waits: waits.length,
  };
  const { seeded, unnamed } = writer.seedUse();
  if (unnamed > seeded * MOST_UNNAMED) return snapshotToColumns(snapshot);
  return { head: { ...rest, rows }, arrays: writer.arrays, strings: writer.stringList(), seeded, places };
}

/**
 * The snapshot from its head, columns and strings, as `snapshotToColumns` gave them. Columns that
 * do not fit the head's counts throw.
 */
export function snapshotFromColumns(
  head: SnapshotHead,
  arrays: readonly ColumnArray[],
  strings: readonly string[],
): AnalysisSnapshot {
  const { rows, ...rest } = head;
  const reader = new RowColumnsReader(arrays, strings);
  const byConversation = tieTable(reader.fields(rows.byConversation, SNAPSHOT_TABLES.ties));
  const byTask = tieTable(reader.fields(rows.byTask, SNAPSHOT_TABLES.ties));
  const sessions = reader.table<AnalysisSnapshot["sessions"][number]>(
    rows.sessions,
    SNAPSHOT_TABLES.sessions,
  );
  const tasks = reader.table<AnalysisSnapshot["tasks"][number]>(rows.tasks, SNAPSHOT_TABLES.tasks);
  const flows = reader.table<AnalysisSnapshot["flows"][number]>(rows.flows, SNAPSHOT_TABLES.flows);
  const unattributed = reader.table<AnalysisSnapshot["unattributed"][number]>(
    rows.unattributed,
    SNAPSHOT_TABLES.unattributed,
  );
  const agents = reader
    .table<AgentTally & { id: string }>(rows.agents, SNAPSHOT_TABLES.agents)
    .map(({ id, ...tally }): [string, AgentTally] => [id, tally]);
  const waits = reader.table<AnalysisSnapshot["waits"][number]>(rows.waits, SNAPSHOT_TABLES.waits);
  const [ids] = reader.table<Pick<AnalysisSnapshot, "idHashes" | "repeatedIds" | "twinned">>(
    1,
    SNAPSHOT_TABLES.ids,
  );
  if (ids === undefined || !reader.done()) throw new Error("the columns do not fit the snapshot");
  return { ...rest, byConversation, byTask, sessions, tasks, flows, unattributed, agents, waits, ...ids };
}

/** Ties as the fields of a table, without an object per key. */
function tieFields(ties: TieTable): Fields {
  return { key: ties.keys, sessions: ties.sessions };
}

/** The fields of a table of ties as ties; keys out of order (which a search would miss) throw. */
function tieTable(fields: Record<string, unknown[]>): TieTable {
  const table = { keys: fields.key as string[], sessions: fields.sessions as string[][] };
  if (!isOrdered(table)) throw new Error("the ties' keys are not in order");
  return table;
}
