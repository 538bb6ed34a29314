import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { peakRss, treeRss } from "../../../scripts/bench/tree-rss.ts";

describe("treeRss", () => {
  it("counts a process's own memory, and its children's on top", async () => {
    const alone = treeRss(process.pid);
    expect(alone).toBeGreaterThan(1_000_000);
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(treeRss(child.pid ?? 0)).toBeGreaterThan(1_000_000);
      expect(treeRss(process.pid)).toBeGreaterThan(alone);
    } finally {
      child.kill();
    }
  });

  it("is 0 for a process that does not exist", () => {
    expect(treeRss(2 ** 22 + 1)).toBe(0);
  });
});

describe("peakRss", () => {
  it("gives a running process's high water mark, at least its memory now, and 0 for none", () => {
    // Against this process's own resident memory, not its tree's: children other tests started
    // may still be running, and their memory is no part of this process's high water mark.
    expect(peakRss(process.pid)).toBeGreaterThanOrEqual(process.memoryUsage().rss - 1_000_000);
    expect(peakRss(2 ** 22 + 1)).toBe(0);
  });
});
