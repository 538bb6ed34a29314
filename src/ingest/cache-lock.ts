import { randomBytes } from "node:crypto";
import { link, open, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";

/**
 * How long a run waits for another run to finish keeping its analysis. Keeping is a few renames
 * and the write of the snapshot (some 6 MB on the bench's state), so a wait this long means the
 * lock was left by a run that stopped.
 */
const WAIT_MS = 3_000;

/**
 * A removal of a stale lock takes milliseconds: one that has gone on this long stopped, or was
 * paused (see removeStale).
 */
const STALE_TAKEOVER_MS = 5_000;

/** How often a waiting run looks at the lock again. */
const POLL_MS = 5;

/**
 * A lock older than this is taken for one a stopped run left, whatever process it names: numbers
 * are used again, and a cache folder may be shared with another machine, whose processes this
 * one cannot see.
 */
export const STALE_LOCK_MS = 30_000;

/**
 * Runs `work` while this run holds the lock `file`, which only the one run that creates it holds,
 * and removes it after. A run whose lock is held waits for it; a lock whose process is gone (on
 * this machine), or that is older than STALE_LOCK_MS, is removed first. Gives false, without
 * running `work`, when the lock was still held after `waitMs`.
 *
 * What it guards is a few steps that must not interleave with another run's: keeping a Report and
 * the snapshot that names it. Two runs that did so at once left the snapshot of one beside the
 * Report of the other, and the next run analysed every event again. The lock is made whole (a
 * file with the machine's name, the process's number and a token, linked to the lock's name,
 * which fails when the name is taken), a run removes only the lock with its own token, and a stale
 * lock is removed only by the one run that holds a second lock for that (see removeStale): two runs
 * that find one stale lock never remove the lock one of them made since. What is left is a run
 * held up (suspended, or waiting on a network file system) longer than STALE_LOCK_MS inside the
 * lock, or longer than STALE_TAKEOVER_MS between its last check and its removal of a stale one;
 * a network folder whose clock is far behind this machine's, whose locks look old; and two
 * machines of one name sharing the folder, whose processes each take the other's for gone. Two
 * runs may then keep their analyses at once, which costs the next run a whole analysis, as before
 * the lock, never a wrong Report (readSnapshot checks that the Report is the file the snapshot
 * names).
 */
export async function whileLocked(
  file: string,
  work: () => Promise<void>,
  waitMs = WAIT_MS,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let mine: string | null;
  for (;;) {
    mine = await create(file);
    if (mine !== null) break;
    const held = await holder(file);
    if (held !== null && isStale(held) && (await removeStale(file, held.token))) continue;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    await work();
  } finally {
    // Only this run's own lock: one taken from it as stale is another run's now.
    await removeIfHolds(file, mine);
  }
  return true;
}

/** What a lock says of the run that made it. */
interface Holder {
  /**
   * Random text of its own, which tells it from a lock made after it under the same name: an
   * inode is given again as soon as it is freed, and a time is a tick of some milliseconds.
   */
  token: string;
  /** When it was made, in milliseconds since 1970. */
  madeMs: number;
  /** The machine and the process that made it. */
  host: string;
  pid: number;
}

/**
 * Makes the lock, with this machine's name, this process's number and a token in it; gives the
 * token, or null when another lock is there. The lock is written under a name of its own first
 * and linked to the lock's name, so that it is never seen empty or half written.
 */
async function create(file: string): Promise<string | null> {
  const token = randomBytes(8).toString("hex");
  const temp = `${file}.${process.pid}.${token}.tmp`;
  await writeFile(temp, lockText(token), { flag: "wx" });
  try {
    await link(temp, file);
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    // A file system without hard links: the lock is made in place, and may be seen empty for a
    // moment, which a waiting run takes for a lock held.
    return await createInPlace(file);
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Makes a lock (the lock itself, or a takeover) under its name at once; gives its token, or null
 * when another is there.
 */
async function createInPlace(file: string): Promise<string | null> {
  const token = randomBytes(8).toString("hex");
  try {
    await writeFile(file, lockText(token), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw error;
  }
  return token;
}

/** What a lock holds: this machine's name, this process's number and the lock's token. */
function lockText(token: string): string {
  return `${hostname()}\n${process.pid}\n${token}\n`;
}

/** The lock there, read through one handle, or null when there is none or it cannot be read. */
async function holder(file: string): Promise<Holder | null> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    // Another user's lock that this one may not read is judged by its age alone.
    if ((error as NodeJS.ErrnoException).code !== "EACCES") return null;
    const made = await stat(file).catch(() => null);
    return made === null ? null : { token: "", madeMs: made.mtimeMs, host: "", pid: 0 };
  }
  try {
    const stats = await handle.stat();
    const [host = "", pid = "", token = ""] = (await handle.readFile("utf8")).split("\n");
    return { token, madeMs: stats.mtimeMs, host, pid: /^\d+$/.test(pid) ? Number(pid) : 0 };
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Whether the lock was left by a run that stopped: its process is gone, or it is `olderThan` old. */
function isStale(held: Holder, olderThan = STALE_LOCK_MS): boolean {
  if (Date.now() - held.madeMs > olderThan) return true;
  // Another machine's processes cannot be seen from here; its lock is stale only by its age.
  if (held.host !== hostname() || held.pid === 0 || held.pid === process.pid) return false;
  return !running(held.pid);
}

/**
 * Removes the stale lock of that token, while holding a second lock for removing it
 * (`<lock>.takeover`, with a token of its own): the lock is removed only when it still holds
 * that token and the takeover still holds this run's, so that no other run removes it or makes
 * one meanwhile (a lock is made only where there is none). Without the second lock, a run that
 * judged the stale lock could remove the one another run made after removing it, and two runs
 * went in together. A takeover whose process is gone, or older than STALE_TAKEOVER_MS, was left
 * by a run that stopped or was held up while removing, and is removed. Gives whether it removed
 * either: a run that did looks again at once, one that did not waits as for a lock held.
 */
async function removeStale(file: string, token: string): Promise<boolean> {
  const takeover = `${file}.takeover`;
  const ours = await createInPlace(takeover);
  if (ours === null) {
    const made = await holder(takeover);
    if (made === null || !isStale(made, STALE_TAKEOVER_MS)) return false;
    await removeIfHolds(takeover, made.token);
    return true;
  }
  try {
    // Checked again at each step: a run paused past STALE_TAKEOVER_MS has lost its takeover.
    if ((await holder(file))?.token !== token || (await holder(takeover))?.token !== ours) return false;
    await rm(file, { force: true });
    return true;
  } finally {
    await removeIfHolds(takeover, ours);
  }
}

/**
 * Removes the lock file when it still holds the token (another run may have made it anew). One
 * that cannot be removed is left to go stale.
 */
async function removeIfHolds(file: string, token: string): Promise<void> {
  if ((await holder(file))?.token === token) await rm(file, { force: true }).catch(() => undefined);
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
