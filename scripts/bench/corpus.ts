import { createWriteStream } from "node:fs";
import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSample } from "../gen-sample.ts";
import { gunzipSync } from "node:zlib";

const WEEK = 7 * 86_400_000;

/** The bundled sample's `openclaw.json`: its main agents make the copied conversations main ones. */
const SAMPLE_CONFIG = fileURLToPath(new URL("../../content/sample/openclaw.json", import.meta.url));

/** Where a generated state directory keeps its log, as OpenClaw lays one out. */
export const STATE_LOG = path.join("logs", "coordination-events.ndjson");

/** A generated OpenClaw state directory: its folder, its one log and that log's size. */
export interface GeneratedState {
  /** The state directory, to hand to `workscope analyze` or `build`. */
  dir: string;
  /** Its `logs/coordination-events.ndjson`. */
  log: string;
  /** The log's size in bytes. */
  bytes: number;
  /** The log's lines (each one event). */
  lines: number;
  /** How many copies of the sample's lines the log holds: the next copy number is new. */
  copies: number;
}

/**
 * Makes an OpenClaw state directory of at least `targetBytes` of log: the sample's
 * `openclaw.json` and a `logs/coordination-events.ndjson` written by ensureCorpus. Both are reused
 * when present, so the first run of the benchmark pays for writing them and the later ones do not.
 */
export async function ensureState(dir: string, targetBytes: number): Promise<GeneratedState> {
  await ensureConfig(dir);
  const log = path.join(dir, STATE_LOG);
  const corpus = await ensureCorpus(log, targetBytes);
  return { dir, log, ...corpus, copies: corpus.lines / sampleLines().length };
}

/** Copies the sample's `openclaw.json` into a state directory that has none. */
export async function ensureConfig(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, "openclaw.json");
  if ((await stat(config).catch(() => null)) === null) await copyFile(SAMPLE_CONFIG, config);
}

/**
 * About `targetBytes` of new lines to append to a generated log: the sample's lines as copy number
 * `copy` (see copyLine), from the first, until the bytes are reached, each ending in a newline. A
 * copy number the log does not hold yet makes every line a new distinct event, later than the rest.
 */
export function appendix(lines: readonly string[], copy: number, targetBytes: number): string {
  const out: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < targetBytes; i++) {
    const line = lines[i % lines.length];
    if (line === undefined) break;
    // Past the sample's end the lines go on as the copy after, so no line repeats.
    const next = `${copyLine(line, copy + Math.floor(i / lines.length))}\n`;
    out.push(next);
    bytes += Buffer.byteLength(next);
  }
  return out.join("");
}

/**
 * Writes an OpenClaw coordination log of at least `targetBytes`: the bundled sample's events,
 * copied again and again, each copy a week later than the one before and with its ids suffixed,
 * so every line is a distinct event with the shapes and message sizes of the sample. Reused when
 * present; the count of lines assumes the file was written here.
 */
export async function ensureCorpus(
  file: string,
  targetBytes: number,
): Promise<{ bytes: number; lines: number }> {
  const existing = await stat(file).catch(() => null);
  const lines = sampleLines();
  const perCopy = lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  const copies = Math.ceil(targetBytes / perCopy);
  if (existing !== null && existing.size >= targetBytes)
    return { bytes: existing.size, lines: copies * lines.length };
  await writeCopies(file, lines, copies);
  return { bytes: (await stat(file)).size, lines: copies * lines.length };
}

/** The event lines of the bundled sample's OpenClaw logs, in file order. */
export function sampleLines(): string[] {
  const { files } = buildSample();
  const out: string[] = [];
  for (const [name, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!name.startsWith("logs/")) continue;
    const text = Buffer.isBuffer(content) ? gunzipSync(content).toString("utf8") : content;
    out.push(...text.split("\n").filter((l) => l.startsWith("{") && l.endsWith("}")));
  }
  return out;
}

/** A sample line as its `copy`-th copy: a week later per copy, with its ids suffixed. */
export function copyLine(line: string, copy: number): string {
  if (copy === 0) return line;
  const event = JSON.parse(line) as { ts: number; data: Record<string, unknown> };
  event.ts += copy * WEEK;
  for (const key of ["conversationId", "workSessionId", "taskId", "parentConversationId", "runId"]) {
    const value = event.data[key];
    if (typeof value === "string") event.data[key] = `${value}-${copy}`;
  }
  return JSON.stringify(event);
}

/** Writes `copies` copies of the lines to a file (see copyLine), streaming. */
export async function writeCopies(file: string, lines: readonly string[], copies: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (let copy = 0; copy < copies; copy++) {
    const chunk = lines.map((line) => copyLine(line, copy)).join("\n") + "\n";
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}
