import { readdirSync, readFileSync } from "node:fs";
import { pushTo } from "../../src/core/group.ts";

/** The resident memory of a process and all its descendants, in bytes, from /proc (Linux). */
export function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      pushTo(children, ppid, Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const visit = (pid: number): void => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      return;
    }
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(root);
  return total;
}

/**
 * The peak resident memory of one process so far (its VmHWM, "high water mark"), in bytes; 0 when
 * it has gone. Read while the process runs, it keeps the peak of one that is killed before it can
 * tell its own.
 */
export function peakRss(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}
