import { spawn } from "node:child_process";
import path from "node:path";

/** The repository's root: the default working directory of the command. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin", "workscope.js");

/** What a run of the command ended with: its exit code and everything it wrote on stderr. */
export interface Ended {
  code: number | null;
  stderr: string;
}

/**
 * Runs the real `workscope` command in a process of its own, in UTC, in `cwd` (by default the
 * repository's root), without waiting on it: runs started together go on at once, as a user's
 * runs beside each other do.
 */
export function workscopeProcess(args: readonly string[], cwd = ROOT): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, TZ: "UTC" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}
