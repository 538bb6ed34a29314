import {
  appendFileSync,
  copyFileSync,
  existsSync,
  linkSync as link,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { analyzeStages } from "../../src/core/analyze.ts";
import type { LoadedInput } from "../../src/core/input.ts";
import {
  pieceText,
  reportPieces,
  type Piece,
  type ReportPieces,
} from "../../src/core/incremental/report-pieces.ts";
import type { AnalysisSnapshot } from "../../src/core/incremental/snapshot.ts";
import { takeSnapshot, type SnapshotDraft } from "../../src/core/incremental/take-snapshot.ts";
import {
  keptReportFile,
  KeptReportChangedError,
  spareReportFile,
  readSnapshot,
  snapshotFile,
  snapshotFormat,
  writePieces,
  writeReport,
  type KeptAnalysis,
  type KeptReport,
} from "../../src/ingest/analysis-snapshot.ts";
import { BATCH_BYTES } from "../../src/ingest/write-output.ts";
import { inputOfLines, type TestLine } from "../helpers/events.ts";
import { tmpTree } from "../helpers/tmp.ts";

/** A fixed `now` and zone, so that the Report is the same on every run. */
const NOW = Date.parse("2026-03-09T00:00:00Z");
const ZONE = "UTC";
const T0 = Date.parse("2026-03-01T00:00:00Z");
const FILE = "logs/events.ndjson";
const MINUTE = 60_000;

/**
 * Lines that fill every long list of the Report: two sessions (with a send nobody answered, a
 * blocked flow), a task, and a loose pair of agents whose lines are unattributed. Korean text
 * makes members' lengths in bytes differ from their lengths in characters, as spans are in bytes.
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
  { type: "task.started", agentId: "eden", ts: T0 + MINUTE, data: { taskId: "t1", workSessionId: "ws_b" } },
  {
    type: "a2a.send",
    agentId: "eden",
    ts: T0 + 2 * MINUTE,
    data: { fromAgent: "eden", toAgent: "kai", message: "한 줄" },
  },
  {
    type: "a2a.response",
    agentId: "kai",
    ts: T0 + 60 * MINUTE,
    data: { fromAgent: "kai", toAgent: "eden", message: "늦음" },
  },
];

/** An input of these lines of one log (see inputOfLines). */
function inputOf(lines: readonly TestLine[]): LoadedInput {
  return inputOfLines(lines, FILE);
}

/** The snapshot and pieces of a whole analysis of the lines, under `format`. */
function draftOf(format = snapshotFormat()): SnapshotDraft & { json: string } {
  const stages = analyzeStages(inputOf(LINES), NOW, ZONE);
  const draft = takeSnapshot(stages, {
    format,
    nowMs: NOW,
    inputsHash: "inputs",
    files: [{ path: FILE, lines: LINES.length, ranges: [{ start: 0, end: 100, crc: 7 }] }],
  });
  return { ...draft, json: JSON.stringify(stages.analysis.report) };
}

/** The snapshot kept in `file` and its Report, which is closed when the test ends; null when none is. */
async function readKept(file: string): Promise<KeptAnalysis | null> {
  const kept = await readSnapshot(file);
  if (kept !== null) onTestFinished(() => kept.report.handle.close());
  return kept;
}

/** The snapshot kept in `file`, or a failure when none is. */
async function kept(file: string): Promise<KeptAnalysis> {
  const read = await readKept(file);
  if (read === null) throw new Error(`no snapshot read back from ${file}`);
  return read;
}

/** A file opened as a kept Report of `bytes` bytes (and a newline), closed when the test ends. */
async function openKept(file: string, bytes: number): Promise<KeptReport> {
  const handle = await open(file, "r");
  onTestFinished(() => handle.close());
  const modified = String((await handle.stat({ bigint: true })).mtimeNs);
  return { handle, path: file, bytes, modified };
}

/** The kept Report's bytes, without the final newline its file ends with. */
function bytesOf(report: KeptReport): Buffer {
  return readFileSync(report.path).subarray(0, report.bytes);
}

/**
 * The layout of the draft's Report with `sessions` for its sessions and every other member kept,
 * from where the kept snapshot says it is.
 */
function keptLayout(draft: { json: string }, snapshot: AnalysisSnapshot, sessions: Piece[]): ReportPieces {
  const report = JSON.parse(draft.json) as Parameters<typeof reportPieces>[0]["head"] &
    Parameters<typeof reportPieces>[0]["tail"];
  return reportPieces({
    head: report,
    sessions,
    unattributed: snapshot.unattributed.map((r) => ({ kept: r.at })),
    tasks: snapshot.tasks.map((t) => ({ kept: t.at })),
    flows: snapshot.flows.map((f) => ({ kept: f.at })),
    tail: report,
  });
}

/** Writes the draft's Report and snapshot to a fresh folder (a cache folder `cacheDir` when given). */
async function written(
  draft: SnapshotDraft,
  cacheDir?: string,
): Promise<{ target: string; file: string; warnings: string[] }> {
  const dir = tmpTree();
  const target = path.join(dir, "out", "report.json");
  const file = path.join(cacheDir ?? path.join(dir, "cache"), "x.analysis");
  const warnings: string[] = [];
  await writeReport(target, draft.layout, null, {
    file,
    snapshot: draft.snapshot,
    warn: (m) => void warnings.push(m),
  });
  return { target, file, warnings };
}

describe("writeReport and readSnapshot", () => {
  it("write the Report as its compact JSON and a newline, and read back the snapshot and those bytes", async () => {
    const draft = draftOf();
    const { target, file, warnings } = await written(draft);
    expect(warnings).toEqual([]);
    expect(readFileSync(target, "utf8")).toBe(`${draft.json}\n`);
    const kept = await readKept(file);
    expect(kept).not.toBeNull();
    // The kept bytes are the Report without its newline, which the next run's pieces join up to.
    expect(kept?.report.path).toBe(keptReportFile(file));
    expect(bytesOf(kept?.report as KeptReport).equals(Buffer.from(draft.json, "utf8"))).toBe(true);
    expect(kept?.snapshot.reportBytes).toBe(Buffer.byteLength(draft.json, "utf8"));
    // The cache keeps the Report as another name of the file written, not as a second copy.
    expect(statSync(keptReportFile(file)).ino).toBe(statSync(target).ino);
    // Everything but the places comes back as it was given.
    const placeless = (s: AnalysisSnapshot): unknown => ({
      ...s,
      reportBytes: 0,
      reportFile: null,
      sessions: s.sessions.map((x) => ({ ...x, at: [0, 0] })),
      tasks: s.tasks.map((x) => ({ ...x, at: [0, 0] })),
      flows: s.flows.map((x) => ({ ...x, at: [0, 0] })),
      unattributed: s.unattributed.map((x) => ({ ...x, at: [0, 0] })),
    });
    expect(placeless(kept?.snapshot as AnalysisSnapshot)).toEqual(placeless(draft.snapshot));
    // No temporary file is left beside either.
    expect(readdirSync(path.dirname(target))).toEqual(["report.json"]);
    expect(readdirSync(path.dirname(file)).sort()).toEqual(["x.analysis", "x.report"]);
  });

  it("write the strings read as the text read, with the new strings after them", async () => {
    const draft = draftOf();
    const { target, file } = await written(draft);
    const kept = (await readKept(file))!;
    const { values, json } = kept.strings;
    expect(JSON.parse(Buffer.from(json).toString("utf8"))).toEqual(values);
    const grown = { ...kept.snapshot, twinned: [...kept.snapshot.twinned, "fp-new"] };
    await writeReport(target, draft.layout, null, {
      file,
      snapshot: grown,
      warn: () => {},
      seed: kept.strings,
    });
    const again = (await readKept(file))!;
    expect(again.snapshot.twinned).toEqual(grown.twinned);
    expect(again.strings.values).toEqual([...values, "fp-new"]);
    const text = Buffer.from(again.strings.json).toString("utf8");
    expect(text.startsWith(Buffer.from(json.subarray(0, json.length - 1)).toString("utf8"))).toBe(true);
  });

  it("point each member's span at that member's JSON in the kept bytes", async () => {
    const draft = draftOf();
    const { file } = await written(draft);
    const { snapshot, report: keptReport } = await kept(file);
    const bytes = bytesOf(keptReport);
    const report = JSON.parse(draft.json) as {
      workSessions: unknown[];
      tasks: unknown[];
      blockedFlows: unknown[];
      unattributed: unknown[];
    };
    const at = (span: [number, number]): string => bytes.toString("utf8", span[0], span[0] + span[1]);
    // The fixture is meant to fill every list, so that each kind of span is checked.
    expect(snapshot.sessions.length).toBe(2);
    expect(snapshot.tasks.length).toBe(1);
    expect(snapshot.flows.length).toBeGreaterThan(0);
    expect(snapshot.unattributed.length).toBe(1);
    expect(snapshot.sessions.map((s) => at(s.at))).toEqual(report.workSessions.map((s) => JSON.stringify(s)));
    expect(snapshot.tasks.map((t) => at(t.at))).toEqual(report.tasks.map((t) => JSON.stringify(t)));
    expect(snapshot.flows.map((f) => at(f.at))).toEqual(report.blockedFlows.map((f) => JSON.stringify(f)));
    expect(snapshot.unattributed.map((r) => at(r.at))).toEqual([
      JSON.stringify(report.unattributed).slice(1, -1),
    ]);
  });

  it("copy kept pieces from the kept Report into the next one, and place them anew", async () => {
    const draft = draftOf();
    const first = await written(draft);
    const { snapshot: keptSnapshot, report: keptReport } = await kept(first.file);
    // The sessions swapped and kept as bytes, a new member of text before them: each one's place moves.
    const sessions: Piece[] = [
      { kept: (keptSnapshot.sessions[1] as { at: [number, number] }).at },
      { kept: (keptSnapshot.sessions[0] as { at: [number, number] }).at },
    ];
    const layout = keptLayout(draft, keptSnapshot, sessions);
    const snapshot = {
      ...keptSnapshot,
      sessions: [keptSnapshot.sessions[1], keptSnapshot.sessions[0]],
    } as AnalysisSnapshot;
    const dir = tmpTree();
    const target = path.join(dir, "report.json");
    const file = path.join(dir, "next.analysis");
    await writeReport(target, layout, keptReport, { file, snapshot, warn: () => undefined });
    const parsed = JSON.parse(readFileSync(target, "utf8")) as {
      workSessions: Array<{ workSessionId: string }>;
    };
    expect(parsed.workSessions.map((s) => s.workSessionId)).toEqual(
      [...(JSON.parse(draft.json) as typeof parsed).workSessions].reverse().map((s) => s.workSessionId),
    );
    const next = await kept(file);
    const bytes = bytesOf(next.report);
    for (const s of next.snapshot.sessions) {
      const text = bytes.toString("utf8", s.at[0], s.at[0] + s.at[1]);
      expect((JSON.parse(text) as { workSessionId: string }).workSessionId).toBe(s.id);
    }
  });

  it("copy members kept in their order as one span, and place each one", async () => {
    const draft = draftOf();
    const first = await written(draft);
    const { snapshot: keptSnapshot, report: keptReport } = await kept(first.file);
    const layout = keptLayout(
      draft,
      keptSnapshot,
      keptSnapshot.sessions.map((m) => ({ kept: m.at })),
    );
    expect(keptSnapshot.sessions.length).toBeGreaterThan(1);
    const dir = tmpTree();
    const target = path.join(dir, "report.json");
    const file = path.join(dir, "next.analysis");
    await writeReport(target, layout, keptReport, { file, snapshot: keptSnapshot, warn: () => undefined });
    expect(readFileSync(target, "utf8")).toBe(readFileSync(first.target, "utf8"));
    const next = await kept(file);
    expect(next.snapshot.sessions.map((m) => m.at)).toEqual(keptSnapshot.sessions.map((m) => m.at));
    expect(next.snapshot.tasks.map((m) => m.at)).toEqual(keptSnapshot.tasks.map((m) => m.at));
  });

  it.each([
    ["a comma", "a,b\n", "a,b\n"],
    ["another byte", "a;b\n", null],
  ])(
    "join two members kept one byte apart when %s is between them, and refuse them otherwise",
    async (_, kept, out) => {
      const dir = tmpTree({ "kept.report": kept });
      const report = await openKept(path.join(dir, "kept.report"), 3);
      const layout = {
        ...draftOf().layout,
        pieces: [{ kept: [0, 1] as [number, number] }, { text: "," }, { kept: [2, 1] as [number, number] }],
      };
      const target = path.join(dir, "r.json");
      if (out === null) {
        await expect(writeReport(target, layout, report, null)).rejects.toBeInstanceOf(
          KeptReportChangedError,
        );
        expect(existsSync(target)).toBe(false);
      } else {
        await writeReport(target, layout, report, null);
        expect(readFileSync(target, "utf8")).toBe(out);
      }
    },
  );

  it("write pieces larger than a write buffer whole, as text and as kept bytes", async () => {
    const draft = draftOf();
    // A member of more than BATCH_BYTES is written on its own, not through the buffer: both ways checked.
    const big = JSON.stringify({ workSessionId: "big", text: "가".repeat(Math.ceil(BATCH_BYTES / 2)) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(BATCH_BYTES);
    const layout = {
      ...draft.layout,
      pieces: draft.layout.pieces.map((p, i) => (i === draft.layout.sessions[0] ? { text: big } : p)),
    };
    const expected = layout.pieces.map((p) => ("kept" in p ? "" : pieceText(p))).join("");
    const first = await written({ snapshot: draft.snapshot, layout });
    expect(readFileSync(first.target, "utf8")).toBe(`${expected}\n`);
    const { snapshot, report } = await kept(first.file);
    const at = (snapshot.sessions[0] as { at: [number, number] }).at;
    expect(bytesOf(report).toString("utf8", at[0], at[0] + at[1])).toBe(big);
    const again = {
      ...layout,
      pieces: layout.pieces.map((p, i) => (i === layout.sessions[0] ? { kept: at } : p)),
    };
    const dir = tmpTree();
    await writeReport(path.join(dir, "r.json"), again, report, null);
    expect(readFileSync(path.join(dir, "r.json"), "utf8")).toBe(`${expected}\n`);
  });

  it("refuse a kept piece that reaches past the kept Report, and leave no file behind", async () => {
    const draft = draftOf();
    const dir = tmpTree();
    const target = path.join(dir, "r.json");
    const layout = { ...draft.layout, pieces: [{ kept: [0, 10] as [number, number] }] };
    const shortFile = path.join(dir, "short.report");
    writeFileSync(shortFile, "short\n");
    await expect(writeReport(target, layout, await openKept(shortFile, 5), null)).rejects.toThrow(
      /past the kept Report/,
    );
    await expect(writeReport(target, layout, null, null)).rejects.toThrow(/past the kept Report/);
    expect(existsSync(target)).toBe(false);
  });

  it("stop with KeptReportChangedError, and leave no file behind, when the kept Report ends early", async () => {
    // The snapshot said 10 bytes, but the file was cut after it was opened.
    const dir = tmpTree({ "cut.report": "short\n" });
    const target = path.join(dir, "r.json");
    const layout = { ...draftOf().layout, pieces: [{ kept: [0, 10] as [number, number] }] };
    const report = await openKept(path.join(dir, "cut.report"), 10);
    await expect(writeReport(target, layout, report, null)).rejects.toBeInstanceOf(KeptReportChangedError);
    expect(readdirSync(dir)).toEqual(["cut.report"]);
  });

  it("stop with KeptReportChangedError when the kept Report was written over while it was read", async () => {
    // Another run may make the kept Report its spare and write over it: same length, new bytes.
    const draft = draftOf();
    const first = await written(draft);
    const { snapshot, report } = await kept(first.file);
    const layout = keptLayout(
      draft,
      snapshot,
      snapshot.sessions.map((m) => ({ kept: m.at })),
    );
    writeFileSync(report.path, readFileSync(report.path, "utf8").replace("ws_a", "ws_x"));
    // The write's own time may fall in the clock tick of the first one; a later run's would not.
    utimesSync(report.path, new Date(), new Date(Date.now() + 60_000));
    expect(statSync(report.path).size).toBe(report.bytes + 1);
    const target = path.join(tmpTree(), "r.json");
    await expect(writeReport(target, layout, report, null)).rejects.toBeInstanceOf(KeptReportChangedError);
    expect(existsSync(target)).toBe(false);
  });

  it("keep a copy of the Report when the cache folder is on another file system", async (context) => {
    // /dev/shm is a memory file system where there is one: a link to the test folder cannot be made.
    const shm = "/dev/shm";
    if (!existsSync(shm) || statSync(shm).dev === statSync(tmpTree()).dev) context.skip();
    const cacheDir = mkdtempSync(path.join(shm, "workscope-test-"));
    onTestFinished(() => rmSync(cacheDir, { recursive: true, force: true }));
    const draft = draftOf();
    const { target, file, warnings } = await written(draft, cacheDir);
    expect(warnings).toEqual([]);
    const { report } = await kept(file);
    expect(statSync(report.path).dev).not.toBe(statSync(target).dev);
    expect(bytesOf(report).toString("utf8")).toBe(draft.json);
    // No spare is kept there: a file on another file system could never be written over.
    await writeReport(target, draft.layout, null, {
      file,
      snapshot: draft.snapshot,
      warn: (m) => expect.fail(m),
    });
    expect(existsSync(spareReportFile(file))).toBe(false);
    expect(readdirSync(cacheDir).sort()).toEqual(["x.analysis", "x.report"]);
  });

  it("write the Report, and say so once, when the snapshot cannot be kept", async () => {
    // The cache folder's place is a file: the snapshot cannot be written there, the Report can.
    const draft = draftOf();
    const dir = tmpTree();
    const target = path.join(dir, "r.json");
    writeFileSync(path.join(dir, "cache"), "a file, not a folder");
    const warnings: string[] = [];
    const file = path.join(dir, "cache", "k.analysis");
    await writeReport(target, draft.layout, null, {
      file,
      snapshot: draft.snapshot,
      warn: (m) => warnings.push(m),
    });
    expect(readFileSync(target, "utf8")).toBe(`${draft.json}\n`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^workscope: could not keep the analysis in /);
    expect(readdirSync(dir).sort()).toEqual(["cache", "r.json"]);
  });

  it("write only the Report when asked to keep nothing", async () => {
    const draft = draftOf();
    const dir = tmpTree();
    const target = path.join(dir, "r.json");
    await writeReport(target, draft.layout, null, null);
    expect(readFileSync(target, "utf8")).toBe(`${draft.json}\n`);
    expect(readdirSync(dir)).toEqual(["r.json"]);
  });
});

/** The kept spans as pieces with `between(i)` before the i-th after the first, and the bytes they join to. */
function spansOf(
  bytes: Buffer,
  spans: ReadonlyArray<[number, number]>,
  between: (i: number) => string = () => "|",
): { layout: ReportPieces; expected: Buffer } {
  const pieces: Piece[] = spans.flatMap((span, i) =>
    i === 0 ? [{ kept: span }] : [{ text: between(i) }, { kept: span }],
  );
  const expected = Buffer.concat(
    spans.flatMap(([start, length], i) => [
      ...(i === 0 ? [] : [Buffer.from(between(i))]),
      bytes.subarray(start, start + length),
    ]),
  );
  return { layout: { pieces, sessions: [], tasks: [], flows: [], unattributed: [] }, expected };
}

/**
 * A kept Report of `bytes` on a disk whose reads fill their memory only when they land, after
 * `delay(position)` ms.
 */
function slowKept(bytes: Buffer, delay: (position: number) => number): KeptReport {
  const handle = {
    read: (buffer: Uint8Array, offset: number, length: number, position: number) =>
      new Promise<{ bytesRead: number }>((resolve) =>
        setTimeout(
          () =>
            resolve({
              bytesRead: bytes.copy(buffer, offset, position, Math.min(bytes.length, position + length)),
            }),
          delay(position),
        ),
      ),
  } as unknown as FileHandle;
  return { handle, path: "kept.json", bytes: bytes.length, modified: "" };
}

describe("writePieces", () => {
  it("reads the kept Report into a window again only once the write that reads it has landed", async () => {
    // A span of a whole window of the kept Report (a write buffer long) or more is handed to the
    // write as it is, without a copy, so that window is read by a write still under way.
    const window = 4 * BATCH_BYTES;
    const size = 2 * window + 2 * BATCH_BYTES;
    const bytes = Buffer.alloc(size + 1);
    for (let i = 0; i < size; i++) bytes[i] = (i + (i >>> 16)) % 251;
    bytes[size] = 0x0a;
    const file = path.join(tmpTree({ "kept.json": bytes }), "kept.json");
    const handle = await open(file, "r");
    onTestFinished(() => handle.close());
    const kept: KeptReport = {
      handle,
      path: file,
      bytes: size,
      modified: String(statSync(file, { bigint: true }).mtimeNs),
    };
    // The first window whole (in flight), a few bytes of the second (copied), then a few bytes past
    // both, which the first window's memory is read again for: only after its write has landed.
    const { layout, expected } = spansOf(bytes, [
      [0, window],
      [window, 100],
      [2 * window + BATCH_BYTES, 100],
    ]);
    const landed: Buffer[] = [];
    // A slow disk: each write takes its bytes only when it lands.
    const slowWrite = (chunk: Uint8Array): Promise<void> =>
      new Promise((resolve) =>
        setTimeout(() => {
          landed.push(Buffer.from(chunk));
          resolve();
        }, 20),
      );
    const starts = await writePieces(layout, kept, slowWrite);
    expect(starts.at(-1)).toBe(expected.length);
    expect(Buffer.concat(landed).equals(expected)).toBe(true);
  });

  it("reads into the memory of a window read ahead and skipped only once that read has landed", async () => {
    const size = 6 * BATCH_BYTES;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 13 + (i >>> 10)) % 251;
    // The read of the second window lands late (after the reads made once it was skipped, before
    // the next bytes are copied); every other read lands at once, every write after 20 ms.
    const kept = slowKept(bytes, (position) => (position === BATCH_BYTES ? 15 : 0));
    // A few bytes of the first window; then, from inside the third, past the second (read ahead
    // and skipped); then bytes of the fifth, read into memory the second's read may still fill.
    const { layout, expected } = spansOf(bytes, [
      [0, 10],
      [2 * BATCH_BYTES + 10, BATCH_BYTES + 100],
      [4 * BATCH_BYTES + 5, 1000],
    ]);
    const image = Buffer.alloc(expected.length);
    const write = (chunk: Uint8Array, position: number): Promise<void> =>
      new Promise((resolve) =>
        setTimeout(() => {
          Buffer.from(chunk).copy(image, position);
          resolve();
        }, 20),
      );
    const starts = await writePieces(layout, kept, write);
    expect(starts.at(-1)).toBe(expected.length);
    expect(image.equals(expected)).toBe(true);
  });

  it("puts every byte in its place when reads and writes land out of order and kept spans skip windows read ahead", async () => {
    const size = 9 * BATCH_BYTES + 12_345;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >>> 12)) % 251;
    // A disk on which each read fills its memory, and each write takes its bytes, only when it
    // lands. Reads past 8 buffers land late, after those the reader then makes afresh further
    // back in memory it may reuse; every other write lands before the one handed on before it.
    const kept = slowKept(bytes, (position) => (position >= 8 * BATCH_BYTES ? 30 : 0));
    let writes = 0;
    // Whole windows and pieces of them; a gap of more than the windows read ahead (they are
    // dropped); a span back before them (read afresh), and one through the windows read ahead of
    // that, into memory the dropped reads may still fill; and the rest to the end.
    const { layout, expected } = spansOf(
      bytes,
      [
        [0, 3 * BATCH_BYTES + 7],
        [3 * BATCH_BYTES + 100, 50],
        [6 * BATCH_BYTES + 3, 2 * BATCH_BYTES],
        [BATCH_BYTES / 2, 1000],
        [BATCH_BYTES / 2 + BATCH_BYTES + 10, 2 * BATCH_BYTES],
        [8 * BATCH_BYTES + 5, size - 8 * BATCH_BYTES - 5],
      ],
      (i) => `|${i}|`,
    );
    const image = Buffer.alloc(expected.length);
    const orders: number[] = [];
    const write = (chunk: Uint8Array, position: number): Promise<void> =>
      new Promise((resolve) =>
        setTimeout(
          () => {
            Buffer.from(chunk).copy(image, position);
            orders.push(position);
            resolve();
          },
          writes++ % 2 === 0 ? 20 : 5,
        ),
      );
    const starts = await writePieces(layout, kept, write);
    expect(starts.at(-1)).toBe(expected.length);
    expect(image.equals(expected)).toBe(true);
    // The writes did land out of order, so the test saw what it means to.
    expect(orders.some((at, i) => i > 0 && at < (orders[i - 1] as number))).toBe(true);
  });
});

describe("the spare Report", () => {
  /** Writes the draft's Report, `padding` spaces longer, to one target and cache folder. */
  function writer(draft: SnapshotDraft): {
    target: string;
    file: string;
    write: (padding: number) => Promise<void>;
  } {
    const dir = tmpTree();
    const target = path.join(dir, "out", "report.json");
    const file = path.join(dir, "cache", "x.analysis");
    const write = (padding: number): Promise<void> =>
      writeReport(
        target,
        { ...draft.layout, pieces: [...draft.layout.pieces, { text: " ".repeat(padding) }] },
        null,
        { file, snapshot: draft.snapshot, warn: (m) => expect.fail(m) },
      );
    return { target, file, write };
  }

  it("is the Report before the kept one, which the next Report is written over and cut to its length", async () => {
    const draft = draftOf();
    const { target, file, write } = writer(draft);
    await write(5000);
    const first = statSync(keptReportFile(file)).ino;
    expect(existsSync(spareReportFile(file))).toBe(false);
    await write(0);
    const second = statSync(keptReportFile(file)).ino;
    expect(statSync(spareReportFile(file)).ino).toBe(first);
    await write(0);
    // The third Report is the first file, written over: its bytes are the new Report's alone.
    expect(statSync(target).ino).toBe(first);
    expect(statSync(keptReportFile(file)).ino).toBe(first);
    expect(readFileSync(target, "utf8")).toBe(`${draft.json}\n`);
    expect(statSync(spareReportFile(file)).ino).toBe(second);
    expect((await kept(file)).report.bytes).toBe(Buffer.byteLength(draft.json));
    expect(readdirSync(path.dirname(file)).sort()).toEqual(["x.analysis", "x.report", "x.spare"]);
  });

  it("is left as it is when it has another name", async () => {
    const draft = draftOf();
    const { target, file, write } = writer(draft);
    await write(5000);
    await write(0);
    const elsewhere = path.join(path.dirname(target), "linked.json");
    link(spareReportFile(file), elsewhere);
    const before = readFileSync(elsewhere);
    await write(0);
    expect(readFileSync(elsewhere).equals(before)).toBe(true);
    expect(before.length).toBe(Buffer.byteLength(draft.json) + 5000 + 1);
    expect(statSync(target).ino).not.toBe(statSync(elsewhere).ino);
    expect(readFileSync(target, "utf8")).toBe(`${draft.json}\n`);
  });
});

describe("runs keeping their analyses at once", () => {
  it("leave the snapshot in place paired with the very Report it was taken with", async () => {
    const draft = draftOf();
    const dir = tmpTree();
    const target = path.join(dir, "out", "report.json");
    const file = path.join(dir, "cache", "x.analysis");
    // Two Reports of one length and other bytes, each with a snapshot that says whose it is (its
    // `nowMs`): a snapshot paired with the other run's Report would pass every check of its size.
    const runs = [
      { mark: "a", nowMs: NOW },
      { mark: "b", nowMs: NOW + 1 },
    ];
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        runs.map((run) =>
          writeReport(
            target,
            { ...draft.layout, pieces: [...draft.layout.pieces, { text: run.mark }] },
            null,
            { file, snapshot: { ...draft.snapshot, nowMs: run.nowMs }, warn: (m) => expect.fail(m) },
          ),
        ),
      );
      const read = await kept(file);
      const mark = runs.find((run) => run.nowMs === read.snapshot.nowMs)?.mark;
      expect(bytesOf(read.report).toString("utf8"), `round ${round}`).toBe(`${draft.json}${mark}`);
      expect(readdirSync(path.dirname(file)).sort(), `round ${round}`).toEqual([
        "x.analysis",
        "x.report",
        "x.spare",
      ]);
    }
  });
});

describe("readSnapshot", () => {
  it("gives null when any one byte of the snapshot file is changed", async () => {
    const { file } = await written(draftOf());
    const good = readFileSync(file);
    expect(await readSnapshot(file)).not.toBeNull();
    // Every byte of the 16 before the header (the magic, the header's length, the CRC), the last
    // byte, and bytes at a stride through the header and the Report: every byte would take half
    // a minute of file writes, and the CRC treats every byte of a region alike.
    const stride = Math.max(1, Math.floor((good.length - 16) / 400));
    const places = new Set<number>([good.length - 1]);
    for (let i = 0; i < 16; i++) places.add(i);
    for (let i = 16; i < good.length; i += stride) places.add(i);
    expect(places.size).toBeGreaterThan(300);
    const damaged = `${file}.damaged`;
    for (const i of places) {
      for (const mask of [0x01, 0xff]) {
        const bytes = Buffer.from(good);
        bytes[i] = (bytes[i] as number) ^ mask;
        writeFileSync(damaged, bytes);
        const read = await readSnapshot(damaged);
        if (read !== null) expect.fail(`byte ${i} of ${good.length} changed by ${mask} was not noticed`);
      }
    }
  });

  it("gives null for a file cut short or with a byte more", async () => {
    const { file } = await written(draftOf());
    const good = readFileSync(file);
    for (const length of [0, 8, 15, 16, good.length - 1]) {
      writeFileSync(file, good.subarray(0, length));
      expect(await readSnapshot(file), `cut to ${length}`).toBeNull();
    }
    writeFileSync(file, Buffer.concat([good, Buffer.from(" ")]));
    expect(await readSnapshot(file)).toBeNull();
  });

  it("gives null for a snapshot of another format", async () => {
    const { file } = await written(draftOf("another format"));
    // The file is whole: only its format, which names the code that wrote it, differs.
    expect(existsSync(file)).toBe(true);
    expect(await readSnapshot(file)).toBeNull();
  });

  it("reads the Report from the cache when the file written is gone or was replaced", async () => {
    const draft = draftOf();
    const { target, file } = await written(draft);
    rmSync(target);
    const { report } = await kept(file);
    expect(bytesOf(report).toString("utf8")).toBe(draft.json);
    writeFileSync(target, "another Report");
    expect(bytesOf((await kept(file)).report).toString("utf8")).toBe(draft.json);
  });

  it("gives null when the Report was changed in place, even with its size and times kept", async () => {
    const { target, file } = await written(draftOf());
    const before = statSync(target);
    const bytes = readFileSync(target);
    bytes[1] = 0x20;
    writeFileSync(target, bytes);
    utimesSync(target, before.atime, before.mtime);
    expect(statSync(target).size).toBe(before.size);
    // Times are set to the microsecond at best: back to the same millisecond.
    expect(Math.abs(statSync(target).mtimeMs - before.mtimeMs)).toBeLessThan(1);
    expect(await readKept(file)).toBeNull();
  });

  it("gives null when the Report grew, is gone, or is another file of the same bytes", async () => {
    const grew = await written(draftOf());
    appendFileSync(grew.target, " ");
    expect(await readKept(grew.file)).toBeNull();
    const gone = await written(draftOf());
    rmSync(keptReportFile(gone.file));
    expect(await readKept(gone.file)).toBeNull();
    const copied = await written(draftOf());
    const report = keptReportFile(copied.file);
    copyFileSync(report, `${report}.copy`);
    renameSync(`${report}.copy`, report);
    expect(await readKept(copied.file)).toBeNull();
  });

  it("decodes the snapshot only once `ready` settles", async () => {
    const { file } = await written(draftOf());
    let open = (): void => {};
    const ready = new Promise<void>((resolve) => (open = resolve));
    let read = false;
    const reading = readSnapshot(file, ready).then((k) => {
      read = true;
      if (k !== null) onTestFinished(() => k.report.handle.close());
      return k;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(false);
    open();
    expect(await reading).not.toBeNull();
  });

  it("gives null for a missing file and for a folder", async () => {
    const dir = tmpTree();
    expect(await readSnapshot(path.join(dir, "none.analysis"))).toBeNull();
    expect(await readSnapshot(dir)).toBeNull();
  });
});

describe("snapshotFile", () => {
  it("is a file in the cache folder, the same for the same inputs and working directory", () => {
    const file = snapshotFile("/cache", "/work", ["state"]);
    expect(path.dirname(file)).toBe("/cache");
    expect(file.endsWith(".analysis")).toBe(true);
    expect(snapshotFile("/cache", "/work", ["state"])).toBe(file);
  });

  it("differs for other inputs or another working directory", () => {
    const file = snapshotFile("/cache", "/work", ["state"]);
    const others = [
      snapshotFile("/cache", "/work", ["other"]),
      snapshotFile("/cache", "/work", ["state", "more"]),
      snapshotFile("/cache", "/work", []),
      snapshotFile("/cache", "/elsewhere", ["state"]),
      // The inputs and the folder are not run together: ["a,b"] is not ["a", "b"].
      snapshotFile("/cache", "/work", ["state,more"]),
    ];
    expect(new Set([file, ...others]).size).toBe(others.length + 1);
    expect(snapshotFile("/other-cache", "/work", ["state"])).not.toBe(file);
  });
});
