import * as z from "zod";
import { AgentTally } from "../agents/build-agents.ts";
import { CollabCategory } from "../category.ts";
import { Finding, OmittedFindings } from "../finding.ts";
import { SendWait } from "../sessions/blocked-flows.ts";
import { TieTable } from "./tie-table.ts";

/** Where a member's JSON sits in the kept Report: its first byte and its length in bytes. */
export const ByteSpan = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export type ByteSpan = z.infer<typeof ByteSpan>;

/** A range of a file's bytes and the CRC-32 the parse took of them, as the parse cache keeps it. */
export const CheckedRange = z.object({
  /** The first byte. */
  start: z.number().int().nonnegative(),
  /** Where it ends (exclusive). */
  end: z.number().int().nonnegative(),
  /** The CRC-32 of the bytes. */
  crc: z.number().int().nonnegative(),
});
export type CheckedRange = z.infer<typeof CheckedRange>;

/**
 * The file the kept Report is in, as the system knows it when the snapshot is written: a snapshot
 * is used only with that very file unchanged. Any write to a file, and any change of its times or
 * links, sets its change time, and no tool can set that back; as a link goes when the Report
 * written is deleted or replaced, a file whose change time alone moved is read whole and checked
 * against the CRC. Numbers are decimal strings, as nanoseconds and inode numbers can be past what a
 * JSON number holds exactly.
 */
export const ReportFile = z.object({
  /** The device the file is on. */
  device: z.string(),
  /** Its inode on that device. */
  inode: z.string(),
  /** Its length in bytes: the Report's and its final newline. */
  size: z.string(),
  /** When it was last written, in nanoseconds since 1970. */
  modified: z.string(),
  /** When it or its times or links last changed, in nanoseconds since 1970. */
  changed: z.string(),
  /** The CRC-32 of all its bytes. */
  crc: z.number().int().nonnegative(),
});
export type ReportFile = z.infer<typeof ReportFile>;

/** An event file as the analysis read it. */
export const SnapshotFile = z.object({
  /** Its path, as the Report lists it. */
  path: z.string(),
  /** The lines the ranges hold: a later line is a new one. */
  lines: z.number().int().nonnegative(),
  /**
   * The ranges the parse cache checked and kept (a gzip file and a JSON array whole, a file of
   * lines up to its last newline); null without a cache, and when the file's last line is an event
   * without its newline, which every run reads again and this analysis counted, so that a later
   * run cannot take it for a new line.
   */
  ranges: z.array(CheckedRange).nullable(),
});
export type SnapshotFile = z.infer<typeof SnapshotFile>;

/** What a work session is kept as: what decides whether it changes, and what the Report's lists read of it. */
export const SnapshotSession = z.object({
  /** Its id. */
  id: z.string(),
  /** Its last activity, epoch ms: its status and its threads' outcomes depend on it. */
  last: z.number(),
  /** The session its events or task files name as the previous one. */
  previous: z.string().optional(),
  /** Its agents, for the agents' session counts. */
  agents: z.array(z.string()),
  /** What the weeks read: its start, whether it holds main conversations, its category and source. */
  startMs: z.number(),
  /** Whether it holds conversations between main agents (the weeks count only those). */
  main: z.boolean(),
  /** Whether none of its events has a known time. */
  undated: z.boolean(),
  /** Its category. */
  category: CollabCategory,
  /** Whether its category is the fallback. */
  fallback: z.boolean(),
  /** Its JSON in the kept Report. */
  at: ByteSpan,
});
export type SnapshotSession = z.infer<typeof SnapshotSession>;

/** What a task is kept as. */
export const SnapshotTask = z.object({
  /** Its id. */
  id: z.string(),
  /** Its creation and last activity, epoch ms, when known: its flags depend on `now` through them. */
  createdMs: z.number().optional(),
  lastActivityMs: z.number().optional(),
  /** Its agent, for the agents' task counts. */
  agentId: z.string(),
  /** Its JSON in the kept Report. */
  at: ByteSpan,
});
export type SnapshotTask = z.infer<typeof SnapshotTask>;

/** What a blocked flow is kept as: its place in the order, its owner, and its JSON. */
export const SnapshotFlow = z.object({
  /** When the failure showed. */
  ts: z.number(),
  /** Its thread. */
  threadKey: z.string(),
  /** Its id. */
  flowId: z.string(),
  /** The session whose thread it is; absent for a thread of unattributed events. */
  workSessionId: z.string().optional(),
  /** Of a thread of unattributed events: the time of its last event. */
  threadLast: z.number().optional(),
  /** Its JSON in the kept Report. */
  at: ByteSpan,
});
export type SnapshotFlow = z.infer<typeof SnapshotFlow>;

/**
 * A run of unattributed events as the kept Report writes them, one JSON text of several: a later
 * run keeps the runs before the time its new events start at, and lists the rest again.
 */
export const SnapshotRun = z.object({
  /** Its first and last event's time. */
  first: z.number(),
  last: z.number(),
  /** How many events it holds. */
  count: z.number().int().positive(),
  /** Its JSON in the kept Report. */
  at: ByteSpan,
});
export type SnapshotRun = z.infer<typeof SnapshotRun>;

/**
 * What one analysis keeps so that the next one, of the same inputs grown by later events, can
 * reuse it (see docs/decisions.md#the-incremental-analysis): the Report it wrote (its bytes are kept
 * beside this value), where each member of its long lists sits in those bytes, and what the
 * analysis worked out from the whole log that the next one needs to know.
 */
export const AnalysisSnapshot = z.object({
  /** The format; another one is ignored. */
  format: z.string(),
  /** The Report's time zone. */
  timeZone: z.string(),
  /** The `now` it was judged against, epoch ms. */
  nowMs: z.number(),
  /** The time of the log's last event; also what its threads were judged against. */
  logEndMs: z.number(),
  /** A hash of every input but the event files' events: task files, config, overrides, findings of reading. */
  inputsHash: z.string(),
  /** The event files. */
  files: z.array(SnapshotFile),
  /** Distinct events and dropped copies. */
  events: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  /** The findings the Report lists, and those it counts. */
  errors: z.array(Finding),
  errorsOmitted: z.array(OmittedFindings).optional(),
  /** The findings of the analysis (not of reading) by file, which each file's `errors` adds. */
  analysisFindings: z.record(z.string(), z.number()),
  /** Hashes of the producers' ids (52-bit, sorted), to tell a later copy of an event. */
  idHashes: z.array(z.number()),
  /**
   * Hashes of the producers' ids read more than once (sorted): of such an id only the first copy
   * is kept, which a later run analysing some of the events might not have.
   */
  repeatedIds: z.array(z.number()),
  /** The fingerprint ids that more than one distinct line shares (numbered twins). */
  twinned: z.array(z.string()),
  /**
   * Whether any event other than Claude Code's had no time of its own: the analysis dates it from
   * the nearest events of its file and session, which a later run analysing some of the events
   * would not all have. (Claude Code events never go into such a run.)
   */
  untimed: z.boolean(),
  /**
   * Whether any event answers a human query without naming a task: such an answer is paired with
   * a question of its run, whatever the question's task, which a later run could not follow.
   */
  scopeAnswers: z.boolean(),
  /**
   * The sessions each conversation and task is tied to; a key named by events but tied to none has
   * none. A rerun shares the lists and copies one only to change it.
   */
  byConversation: TieTable,
  byTask: TieTable,
  /** Work sessions, in the Report's order. */
  sessions: z.array(SnapshotSession),
  /** Tasks, in the Report's order. */
  tasks: z.array(SnapshotTask),
  /** Blocked flows, in the Report's order. */
  flows: z.array(SnapshotFlow),
  /** The unattributed events, in runs, in the Report's order. */
  unattributed: z.array(SnapshotRun),
  /** Each agent's tally. */
  agents: z.array(z.tuple([z.string(), AgentTally])),
  /** Each send's wait, in timeline order. */
  waits: z.array(SendWait),
  /** The kept Report's length in bytes, without its final newline. */
  reportBytes: z.number().int().nonnegative(),
  /** The file the kept Report is in; null in a snapshot not yet written. */
  reportFile: ReportFile.nullable(),
});
export type AnalysisSnapshot = z.infer<typeof AnalysisSnapshot>;
