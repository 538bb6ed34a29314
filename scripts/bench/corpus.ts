import { createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { buildSample } from "../gen-sample.ts";
import { gunzipSync } from "node:zlib";

const WEEK = 7 * 86_400_000;

/**
 * Writes an OpenClaw coordination log of at least `targetBytes`: the bundled sample's events,
 * copied again and again, each copy shifted seven weeks later and with its ids suffixed, so every
 * line is a distinct event with the shapes and message sizes of the sample. Reused when present.
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

/** A sample line as its `copy`-th copy: seven weeks later per copy, with its ids suffixed. */
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
