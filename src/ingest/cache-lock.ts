import { open, readFile, rm, stat } from "node:fs/promises";

/**
 * How long a run waits for another run to finish keeping its analysis. Keeping is a few renames
 * and the write of the snapshot (some 6 MB on the bench's state), so a wait this long means the
 * lock was left by a run that stopped.
 */
const WAIT_MS = 3_000;

/** How often a waiting run looks at the lock again. */
const POLL_MS = 5;

/**
 * A lock older than this is taken for one a stopped run left, whatever process its number now
 * names: numbers are used again, and a cache folder may be shared with another machine.
 */
export const STALE_LOCK_MS = 30_000;

/**
 * Runs `work` while this run holds the lock `file`, made only by the one run that creates it,
 * and removed after. A run whose lock is held waits for it; a lock whose process is gone, or that
 * is older than STALE_LOCK_MS, is removed first. Gives false, without running `work`, when the
 * lock was still held after `waitMs`.
 *
 * What it guards is a few steps that must not interleave with another run's: keeping a Report and
 * the snapshot that names it. Two runs that did so at once left the snapshot of one beside the
 * Report of the other, and the next run analysed every event again. Two runs that both find one
 * stale lock may both remove it and go on together: that costs the next run a whole analysis, as
 * before, never a wrong Report (readSnapshot checks the Report is the file the snapshot names).
 */
export async function whileLocked(
  file: string,
  work: () => Promise<void>,
  waitMs = WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await create(file)) break;
    if (await stale(file)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    await work();
  } finally {
    await rm(file, { force: true });
  }
  return true;
}

/** Creates the lock with this process's number in it; false when it is there already. */
async function create(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(String(process.pid));
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Whether the lock there was left by a run that stopped: its process is gone, or it is older than
 * STALE_LOCK_MS. A lock just made may not hold its number yet, and one that is gone is not stale.
 */
async function stale(file: string): Promise<boolean> {
  const [made, text] = await Promise.all([
    stat(file).catch(() => null),
    readFile(file, "utf8").catch(() => ""),
  ]);
  if (made === null) return false;
  if (Date.now() - made.mtimeMs > STALE_LOCK_MS) return true;
  const pid = Number(text);
  return /^\d+$/.test(text) && pid !== process.pid && !running(pid);
}

/** Whether a process of that number runs on this machine. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
