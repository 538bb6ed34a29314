import { describe, expect, it } from "vitest";
import { analyze } from "../../../src/core/analyze.ts";
import type { LoadedInput } from "../../../src/core/input.ts";
import {
  reportPieces,
  pieceText,
  runsOf,
  type Piece,
  type ReportPieces,
} from "../../../src/core/incremental/report-pieces.ts";
import type { Report } from "../../../src/core/report.ts";
import { inputOfLines, type TestLine } from "../../helpers/events.ts";

/** A fixed `now` and zone, so that the Report (its statuses, flags and weeks) is the same on every run. */
const NOW = Date.parse("2026-03-09T00:00:00Z");
const ZONE = "UTC";
const T0 = Date.parse("2026-03-01T00:00:00Z");
const FILE = "logs/events.ndjson";

/** An input of these lines of one log (see inputOfLines). */
function inputOf(lines: readonly TestLine[]): LoadedInput {
  return inputOfLines(lines, FILE);
}

/**
 * A few lines that fill every long list of the Report: two work sessions (one with a send nobody
 * answered, which becomes a blocked flow once the log runs on), a task, and a loose pair of
 * agents, whose lines are unattributed. The message holds Korean and a lone surrogate, so that a
 * piece's length in bytes differs from its length in characters.
 */
const LINES: ReadonlyArray<Record<string, unknown>> = [
  {
    type: "a2a.send",
    agentId: "eden",
    ts: T0,
    data: {
      fromAgent: "eden",
      toAgent: "seum",
      workSessionId: "ws_a",
      conversationId: "c1",
      message: "배포 점검 \ud800",
    },
  },
  { type: "task.started", agentId: "eden", ts: T0 + 1_000, data: { taskId: "t1", workSessionId: "ws_b" } },
  {
    type: "a2a.send",
    agentId: "eden",
    ts: T0 + 2_000,
    data: { fromAgent: "eden", toAgent: "kai", message: "loose" },
  },
  {
    type: "a2a.response",
    agentId: "kai",
    ts: T0 + 3_600_000,
    data: { fromAgent: "kai", toAgent: "eden", message: "late" },
  },
];

/** `count` lines of a loose pair of agents, a second apart: all of them unattributed. */
function looseLines(count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => ({
    type: "a2a.send",
    agentId: "eden",
    ts: T0 + i * 1_000,
    data: { fromAgent: "eden", toAgent: "kai", message: `run ${i} — 한 줄` },
  }));
}

/** The layout of a whole Report, each member as its own text, as takeSnapshot lays it out. */
function layoutOf(report: Report): ReportPieces {
  return reportPieces({
    head: report,
    sessions: report.workSessions.map((s) => ({ json: s })),
    unattributed: runsOf(report.unattributed).map((r) => ({ run: r.members })),
    tasks: report.tasks.map((t) => ({ json: t })),
    flows: report.blockedFlows.map((f) => ({ json: f })),
    tail: report,
  });
}

/** The pieces' bytes joined, each kept piece read from `kept`, as the writer copies it. */
function join(pieces: readonly Piece[], kept: Buffer | null = null): Buffer {
  return Buffer.concat(
    pieces.map((p) => {
      if (!("kept" in p)) return Buffer.from(pieceText(p), "utf8");
      if (kept === null) throw new Error("a kept piece without kept bytes");
      return kept.subarray(p.kept[0], p.kept[0] + p.kept[1]);
    }),
  );
}

/** Where each piece starts in bytes, and after the last one the total, as the writer places them. */
function startsOf(pieces: readonly Piece[]): number[] {
  const starts = [0];
  for (const p of pieces)
    starts.push(
      (starts.at(-1) as number) + ("kept" in p ? p.kept[1] : Buffer.byteLength(pieceText(p), "utf8")),
    );
  return starts;
}

describe("reportPieces", () => {
  it("joins to exactly JSON.stringify of a small real Report", () => {
    const { report } = analyze(inputOf(LINES), NOW, ZONE);
    // The fixture is meant to fill every list: an empty one would not test the commas between members.
    expect(report.workSessions.length).toBe(2);
    expect(report.tasks.length).toBe(1);
    expect(report.blockedFlows.length).toBeGreaterThan(0);
    expect(report.unattributed.length).toBe(2);
    const layout = layoutOf(report);
    expect(join(layout.pieces).toString("utf8")).toBe(JSON.stringify(report));
  });

  it("points each member's index at the piece of that member, in the Report's order", () => {
    const { report } = analyze(inputOf(LINES), NOW, ZONE);
    const layout = layoutOf(report);
    const textAt = (i: number): string => {
      const piece = layout.pieces[i];
      if (piece === undefined || "kept" in piece) throw new Error(`piece ${i} is not written anew`);
      return pieceText(piece);
    };
    expect(layout.sessions.map(textAt)).toEqual(report.workSessions.map((s) => JSON.stringify(s)));
    expect(layout.tasks.map(textAt)).toEqual(report.tasks.map((t) => JSON.stringify(t)));
    expect(layout.flows.map(textAt)).toEqual(report.blockedFlows.map((f) => JSON.stringify(f)));
    expect(layout.unattributed.map(textAt)).toEqual([JSON.stringify(report.unattributed).slice(1, -1)]);
  });

  it("joins kept pieces, read from the bytes of the Report they were written in, to the same JSON", () => {
    const { report } = analyze(inputOf(LINES), NOW, ZONE);
    const first = layoutOf(report);
    const bytes = join(first.pieces);
    const starts = startsOf(first.pieces);
    const span = (i: number): [number, number] => [
      starts[i] as number,
      (starts[i + 1] as number) - (starts[i] as number),
    ];
    // Every member is kept this time, as a run that reuses all of them would write it.
    const second = reportPieces({
      head: report,
      sessions: first.sessions.map((i) => ({ kept: span(i) })),
      unattributed: first.unattributed.map((i) => ({ kept: span(i) })),
      tasks: first.tasks.map((i) => ({ kept: span(i) })),
      flows: first.flows.map((i) => ({ kept: span(i) })),
      tail: report,
    });
    expect(second.pieces.some((p) => "kept" in p)).toBe(true);
    expect(join(second.pieces, bytes).equals(Buffer.from(JSON.stringify(report), "utf8"))).toBe(true);
  });

  it("writes empty lists as [] with no stray commas", () => {
    const { report } = analyze(inputOf([]), NOW, ZONE);
    expect(report.workSessions).toEqual([]);
    const layout = layoutOf(report);
    const json = join(layout.pieces).toString("utf8");
    expect(json).toBe(JSON.stringify(report));
    expect(json).toContain(`"workSessions":[],"unattributed":[],"tasks":[],"blockedFlows":[]`);
    expect([layout.sessions, layout.tasks, layout.flows, layout.unattributed]).toEqual([[], [], [], []]);
  });

  it("writes a list of 600 unattributed members in three runs that join to the Report", () => {
    const { report } = analyze(inputOf(looseLines(600)), NOW, ZONE);
    expect(report.unattributed.length).toBe(600);
    const layout = layoutOf(report);
    // More than one run, so the comma between runs is tested as well as those within one.
    expect(layout.unattributed.length).toBe(3);
    expect(join(layout.pieces).toString("utf8")).toBe(JSON.stringify(report));
  });
});

describe("pieceText", () => {
  it("writes a text as it is, a value as JSON.stringify does, and a run as its list's JSON without brackets", () => {
    expect(pieceText({ text: '],"tasks":[' })).toBe('],"tasks":[');
    const value = { a: "배포 \ud800", b: [1, null], c: undefined };
    expect(pieceText({ json: value })).toBe(JSON.stringify(value));
    expect(pieceText({ run: [{ ts: 1 }, "x", 2] })).toBe('{"ts":1},"x",2');
    // A run of one member is that member's JSON, and an empty run writes nothing.
    expect(pieceText({ run: [{ ts: 1 }] })).toBe('{"ts":1}');
    expect(pieceText({ run: [] })).toBe("");
  });
});

describe("runsOf", () => {
  it("gives no run for an empty list", () => {
    expect(runsOf([])).toEqual([]);
  });

  it("splits into runs of at most 256 members, in order", () => {
    const list = Array.from({ length: 600 }, (_, i) => ({ ts: i }));
    const runs = runsOf(list);
    expect(runs.map((r) => r.members.length)).toEqual([256, 256, 88]);
    expect(runs.flatMap((r) => r.members)).toEqual(list);
  });

  it("makes a run boundary exactly at 256 and 257 members", () => {
    // At the limit one run holds all; one more member starts a second run of its own.
    expect(runsOf(Array.from({ length: 256 }, (_, i) => i)).map((r) => r.members.length)).toEqual([256]);
    expect(runsOf(Array.from({ length: 257 }, (_, i) => i)).map((r) => r.members.length)).toEqual([256, 1]);
  });

  it("gives texts that joined with commas are the list's JSON without its brackets", () => {
    const list = Array.from({ length: 600 }, (_, i) => ({ ts: i, text: `m${i}` }));
    const joined = runsOf(list)
      .map((r) => pieceText({ run: r.members }))
      .join(",");
    expect(joined).toBe(JSON.stringify(list).slice(1, -1));
    // Each run's text is its own members' JSON, so a kept run can be copied on its own.
    for (const run of runsOf(list))
      expect(`[${pieceText({ run: run.members })}]`).toBe(JSON.stringify(run.members));
  });

  it("keeps non-ASCII and lone surrogates intact", () => {
    const odd = [
      "배포 점검",
      "emoji 😀",
      "lone \ud800 high",
      "lone \udc00 low",
      "tail \ud83d",
      "\u2028 separator",
    ];
    const list = Array.from({ length: 300 }, (_, i) => ({ text: odd[i % odd.length] as string, i }));
    const runs = runsOf(list);
    expect(runs.length).toBe(2);
    const texts = runs.map((r) => pieceText({ run: r.members }));
    const joined = texts.join(",");
    expect(joined).toBe(JSON.stringify(list).slice(1, -1));
    // Parsing back gives the same strings, lone surrogates included, and the text survives UTF-8,
    // as JSON.stringify escapes a lone surrogate rather than leaving it to become U+FFFD.
    expect(JSON.parse(`[${joined}]`)).toEqual(list);
    for (const text of texts) expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
  });
});
