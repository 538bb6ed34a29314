import { open } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import type { PartJob } from "./parse-part.ts";
import type { WorkerJob, WorkerReply } from "./parse-worker.ts";

/**
 * The worker's entry beside this module: the TypeScript source when running from source, the
 * bundled `parse-worker.mjs` that scripts/bundle-cli.ts puts beside the bundle otherwise.
 */
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./parse-worker.ts" : "./parse-worker.mjs",
  import.meta.url,
);

/** What a worker made of one part. */
export type PartReply = Extract<WorkerReply, { ok: true }>;

/**
 * Parses parts of event files on worker threads, a part at a time per worker. Workers start when
 * the first parts come and stay until `close()`. Each part's reply comes back on its own promise,
 * so the caller takes them in file and offset order whatever order they finish in.
 */
export class ParsePool {
  private readonly size: number;
  private readonly findingsListed: number;
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Array<{
    job: PartJob;
    resolve: (reply: PartReply) => void;
    reject: (error: Error) => void;
  }> = [];

  constructor(size: number, findingsListed: number) {
    this.size = size;
    this.findingsListed = findingsListed;
  }

  /** Parses one part; rejects when the worker fails (the caller then parses on the main thread). */
  parse(job: PartJob): Promise<PartReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0) {
      let worker = this.idle.pop();
      if (worker === undefined) {
        if (this.all.length >= this.size) return;
        try {
          worker = new Worker(WORKER_URL);
        } catch (error) {
          // No worker can start (its entry is missing): every part waiting falls back to the main thread.
          for (const task of this.queue.splice(0)) task.reject(error as Error);
          return;
        }
        this.all.push(worker);
      }
      this.run(worker, this.queue.shift()!);
    }
  }

  private run(worker: Worker, task: (typeof this.queue)[number]): void {
    const done = (): void => {
      // A worker waiting for its next part must not keep the process alive; one at work must.
      worker.unref();
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (reply: WorkerReply): void => {
      done();
      this.idle.push(worker);
      if (reply.ok) task.resolve(reply);
      else task.reject(new Error(reply.message));
      this.next();
    };
    const fail = (error: Error): void => {
      done();
      this.all.splice(this.all.indexOf(worker), 1);
      task.reject(error);
      this.next();
    };
    const onError = (error: Error): void => fail(error);
    const onExit = (code: number): void => fail(new Error(`the parse worker exited with ${code}`));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.ref();
    const message: WorkerJob = { job: task.job, findingsListed: this.findingsListed };
    worker.postMessage(message);
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    const workers = this.all.splice(0);
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * Splits bytes [from, to) of a plain file into ranges of about `rangeBytes`, each ending just
 * after a newline (the last at `to`), so that no line is cut. A line longer than a range makes
 * its range longer; a range never starts inside a line.
 */
export async function splitRanges(
  absPath: string,
  from: number,
  to: number,
  rangeBytes: number,
): Promise<Array<[number, number]>> {
  const ranges: Array<[number, number]> = [];
  const handle = await open(absPath, "r");
  try {
    const window = Buffer.alloc(64 * 1024);
    let start = from;
    while (start < to) {
      let cut = start + Math.max(1, rangeBytes);
      if (cut >= to) {
        ranges.push([start, to]);
        break;
      }
      // The range ends after the first newline at or after `cut - 1`.
      let at = cut - 1;
      cut = to;
      while (at < to) {
        const { bytesRead } = await handle.read(window, 0, Math.min(window.length, to - at), at);
        if (bytesRead === 0) break;
        const nl = window.subarray(0, bytesRead).indexOf(10);
        if (nl !== -1) {
          cut = at + nl + 1;
          break;
        }
        at += bytesRead;
      }
      ranges.push([start, cut]);
      start = cut;
    }
  } finally {
    await handle.close();
  }
  return ranges;
}

/**
 * Where the last complete line of bytes [from, to) ends: just after the last newline, or `from`
 * when there is none. The bytes after it are a line still being written, which the cache leaves
 * out.
 */
export async function completeLinesEnd(absPath: string, from: number, to: number): Promise<number> {
  const handle = await open(absPath, "r");
  try {
    const window = Buffer.alloc(64 * 1024);
    let end = to;
    while (end > from) {
      const start = Math.max(from, end - window.length);
      const { bytesRead } = await handle.read(window, 0, end - start, start);
      const nl = window.subarray(0, bytesRead).lastIndexOf(10);
      if (nl !== -1) return start + nl + 1;
      end = start;
    }
    return from;
  } finally {
    await handle.close();
  }
}
