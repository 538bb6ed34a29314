import { createWriteStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { copyLine, sampleLines } from "./corpus.ts";

/**
 * Writes an OpenClaw log holding at least `sessions` work sessions: the bundled sample's log, copied
 * again and again with ids suffixed and times shifted (as ensureCorpus does), so the site it makes
 * has the sample's mix of conversations, delegations, blocked flows and tasks at scale.
 */
export async function ensureSiteCorpus(file: string, sessions: number): Promise<{ bytes: number; copies: number }> {
  const lines = sampleLines();
  const perCopy = new Set(lines.map((l) => (JSON.parse(l) as { data?: { workSessionId?: string } }).data?.workSessionId).filter((w) => w !== undefined)).size;
  const copies = Math.ceil(sessions / perCopy);
  const existing = await stat(file).catch(() => null);
  if (existing !== null) return { bytes: existing.size, copies };
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (let copy = 0; copy < copies; copy++) {
    const chunk = lines.map((line) => copyLine(line, copy)).join("\n") + "\n";
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", resolve));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { bytes: (await stat(file)).size, copies };
}
