import { createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { copyLine, sampleLines } from "./corpus.ts";

/**
 * Writes an OpenClaw log holding at least `sessions` work sessions: the bundled sample's session
 * events (its lines that name a work session: conversations, delegations, blocked flows, task
 * events), copied again and again with ids suffixed and times shifted (as ensureCorpus does), so
 * the site has the sample's mix at scale. With `wholeLog`, every line of the sample's log is
 * copied, the legacy lines that no session takes too (more than half of them).
 */
export async function ensureSiteCorpus(file: string, sessions: number, wholeLog = false): Promise<{ bytes: number; copies: number; lines: number }> {
  const lines = sampleLines().filter((l) => wholeLog || (JSON.parse(l) as { data?: { workSessionId?: string } }).data?.workSessionId !== undefined);
  const perCopy = new Set(lines.map((l) => (JSON.parse(l) as { data?: { workSessionId?: string } }).data?.workSessionId).filter((w) => w !== undefined)).size;
  const copies = Math.ceil(sessions / perCopy);
  const existing = await stat(file).catch(() => null);
  if (existing !== null) return { bytes: existing.size, copies, lines: copies * lines.length };
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (let copy = 0; copy < copies; copy++) {
    const chunk = lines.map((line) => copyLine(line, copy)).join("\n") + "\n";
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { bytes: (await stat(file)).size, copies, lines: copies * lines.length };
}
