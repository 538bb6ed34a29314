import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
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

describe("whileLocked", () => {
  it("runs the work holding a lock with this process's number, and removes the lock after", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    let held = "";
    expect(await whileLocked(lock, async () => void (held = readFileSync(lock, "utf8")))).toBe(true);
    expect(held).toBe(String(process.pid));
    expect(existsSync(lock)).toBe(false);
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
    expect(steps).toEqual(["a in", "a out", "b in", "b out"]);
  });

  it("waits for a lock held by a running process, and takes it once removed", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, String(process.pid));
    const removed = Date.now() + 100;
    setTimeout(() => rmSync(lock), 100);
    let ranAt = 0;
    expect(await whileLocked(lock, async () => void (ranAt = Date.now()))).toBe(true);
    expect(ranAt).toBeGreaterThanOrEqual(removed);
  });

  it("gives false without running the work when the lock is held all the while", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, String(process.pid));
    let ran = false;
    expect(await whileLocked(lock, async () => void (ran = true), 50)).toBe(false);
    expect(ran).toBe(false);
    // Another's lock is left as it was.
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
  });

  it("takes a lock whose process has ended", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, String(endedPid()));
    let ran = false;
    expect(await whileLocked(lock, async () => void (ran = true), 50)).toBe(true);
    expect(ran).toBe(true);
  });

  it("takes a lock older than STALE_LOCK_MS, whatever process it names", async () => {
    const lock = path.join(tmpTree(), "x.lock");
    writeFileSync(lock, String(process.pid));
    const old = (Date.now() - STALE_LOCK_MS - 1000) / 1000;
    utimesSync(lock, old, old);
    expect(await whileLocked(lock, async () => {}, 50)).toBe(true);
  });
});
