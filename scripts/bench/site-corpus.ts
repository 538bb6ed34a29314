import { stat } from "node:fs/promises";
import path from "node:path";
import { ensureConfig, sampleLines, STATE_LOG, writeCopies, type GeneratedState } from "./corpus.ts";

/**
 * Makes an OpenClaw state directory of at least `sessions` work sessions for `workscope build`:
 * the sample's `openclaw.json` and its whole log copied (ensureSiteCorpus with `wholeLog`), so that
 * ten times the sessions is ten times every kind of line. Reused when present.
 */
export async function ensureSiteState(dir: string, sessions: number): Promise<GeneratedState> {
  await ensureConfig(dir);
  const log = path.join(dir, STATE_LOG);
  const { bytes, copies, lines } = await ensureSiteCorpus(log, sessions, true);
  return { dir, log, bytes, lines, copies };
}

/**
 * Writes an OpenClaw log holding at least `sessions` work sessions: the bundled sample's session
 * events (its lines that name a work session: conversations, delegations, blocked flows, task
 * events), copied again and again with ids suffixed and times shifted (as ensureCorpus does), so
 * the site has the sample's mix at scale. With `wholeLog`, every line of the sample's log is
 * copied, the legacy lines that no session takes too (more than half of them).
 */
export async function ensureSiteCorpus(
  file: string,
  sessions: number,
  wholeLog = false,
): Promise<{ bytes: number; copies: number; lines: number }> {
  const lines = sampleLines().filter(
    (l) =>
      wholeLog || (JSON.parse(l) as { data?: { workSessionId?: string } }).data?.workSessionId !== undefined,
  );
  const perCopy = new Set(
    lines
      .map((l) => (JSON.parse(l) as { data?: { workSessionId?: string } }).data?.workSessionId)
      .filter((w) => w !== undefined),
  ).size;
  const copies = Math.ceil(sessions / perCopy);
  const existing = await stat(file).catch(() => null);
  if (existing !== null) return { bytes: existing.size, copies, lines: copies * lines.length };
  await writeCopies(file, lines, copies);
  return { bytes: (await stat(file)).size, copies, lines: copies * lines.length };
}
