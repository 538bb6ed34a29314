import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STALE_LOCK_MS, whileLocked } from "../../src/ingest/cache-lock.ts";
import { tmpTree } from "../helpers/tmp.ts";

/** The number of a process that has ended. */
function endedPid(): number {
  const run = spawnSync(process.execPath, ["-e", "0"]);
  if (run.pid === undefined) throw new Error("no process was started");
  return run.pid;
}

/** What a lock made by process `pid` of machine `host` holds. */
function lockText(pid: number, host = hostname()): string {
  return `${host}\n${pid}\ntoken\n`;
}

/** A lock of this process (held, as far as another run can tell) in a fresh folder. */
function heldLock(): string {
  const lock = path.join(tmpTree(), "x.lock");
  writeFileSync(lock, lockText(process.pid));
  return lock;
}

describe("whileLocked", () => {
  it("runs the work holding a lock that names this machine and process, and leaves nothing after", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    let held = "";
    expect(await whileLocked(lock, async () => void (held = readFileSync(lock, "utf8")))).toBe(true);
    expect(held).toMatch(new RegExp(`^${hostname()}\\n${process.pid}\\n[0-9a-f]{16}\\n$`));
    expect(readdirSync(path.dirname(lock))).toEqual([]);
  });

  it("removes the lock when the work throws, and throws what it threw", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    await expect(whileLocked(lock, () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(existsSync(lock)).toBe(false);
  });

  it("runs works at once one after the other", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    const steps: string[] = [];
    const work = (name: string) => async () => {
      steps.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      steps.push(`${name} out`);
    };
    expect(await Promise.all([whileLocked(lock, work("a")), whileLocked(lock, work("b"))])).toEqual([
      true,
      true,
    ]);
    // Either may take the lock first; neither goes in before the other came out.
    expect(steps).toHaveLength(4);
    expect(steps[1]).toBe(steps[0]?.replace("in", "out"));
    expect(steps[3]).toBe(steps[2]?.replace("in", "out"));
  });

  it("waits for a lock held by a running process, and takes it once removed", async () => {
    const lock = heldLock();
    const removed = Date.now() + 100;
    setTimeout(() => rmSync(lock), 100);
    let ranAt = 0;
    expect(await whileLocked(lock, async () => void (ranAt = Date.now()))).toBe(true);
    expect(ranAt).toBeGreaterThanOrEqual(removed);
  });

  it("gives false without running the work when the lock is held all the while, and leaves it", async () => {
    const lock = heldLock();
    let ran = false;
    expect(await whileLocked(lock, async () => void (ran = true), 50)).toBe(false);
    expect(ran).toBe(false);
    expect(readFileSync(lock, "utf8")).toBe(lockText(process.pid));
  });

  it("takes a lock whose process on this machine has ended", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, lockText(endedPid()));
    let ran = false;
    expect(await whileLocked(lock, async () => void (ran = true), 50)).toBe(true);
    expect(ran).toBe(true);
  });

  it("leaves a young lock of another machine, whose processes it cannot see", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, lockText(endedPid(), `not-${hostname()}`));
    expect(await whileLocked(lock, async () => {}, 50)).toBe(false);
    expect(existsSync(lock)).toBe(true);
  });

  it("takes a lock older than STALE_LOCK_MS, whatever process it names", async () => {
    const lock = heldLock();
    const old = (Date.now() - STALE_LOCK_MS - 1000) / 1000;
    utimesSync(lock, old, old);
    expect(await whileLocked(lock, async () => {}, 50)).toBe(true);
  });

  it("lets one run in at a time when several find one stale lock together", async () => {
    const ended = endedPid();
    for (let round = 0; round < 100; round++) {
      const lock = path.join(tmpTree(), "x.lock");
      writeFileSync(lock, lockText(ended));
      let inside = 0;
      let most = 0;
      const work = async (): Promise<void> => {
        most = Math.max(most, ++inside);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inside--;
      };
      const taken = await Promise.all([1, 2, 3, 4].map(() => whileLocked(lock, work)));
      expect(taken, `round ${round}`).toEqual([true, true, true, true]);
      expect(most, `round ${round}`).toBe(1);
      expect(readdirSync(path.dirname(lock)), `round ${round}`).toEqual([]);
    }
  });

  it("removes a stale lock only while no other run is removing it, unless that removal stopped", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, lockText(endedPid()));
    const takeover = `${lock}.takeover`;
    writeFileSync(takeover, "1\n");
    // Another run is removing it: the lock stays until that run is done.
    expect(await whileLocked(lock, async () => {}, 50)).toBe(false);
    expect(existsSync(lock)).toBe(true);
    // That run stopped long ago: its takeover goes, and then the stale lock.
    const old = (Date.now() - 10_000) / 1000;
    utimesSync(takeover, old, old);
    expect(await whileLocked(lock, async () => {}, 200)).toBe(true);
    expect(readdirSync(path.dirname(lock))).toEqual([]);
  });

  it("takes over at once a removal whose process has ended", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    const ended = endedPid();
    writeFileSync(lock, lockText(ended));
    writeFileSync(`${lock}.takeover`, lockText(ended));
    expect(await whileLocked(lock, async () => {}, 200)).toBe(true);
    expect(readdirSync(path.dirname(lock))).toEqual([]);
  });

  it("leaves in place a lock another run made after taking this run's as stale", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    const other = lockText(process.pid, "another run");
    expect(
      await whileLocked(lock, async () => {
        rmSync(lock);
        writeFileSync(lock, other);
      }),
    ).toBe(true);
    expect(readFileSync(lock, "utf8")).toBe(other);
    expect(statSync(lock).isFile()).toBe(true);
  });
});
