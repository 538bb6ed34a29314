/** Counts that long work reports on stderr: files, bytes and events per second. */
export interface Progress {
  /** A file was finished. */
  fileDone(): void;
  /** Bytes were read from disk. */
  bytes(n: number): void;
  /** Events were read. */
  events(n: number): void;
  /** Prints the closing line. */
  finish(summary: string): void;
}

/** Progress that says nothing, for `--quiet` and for tests. */
export const silentProgress: Progress = { fileDone() {}, bytes() {}, events() {}, finish() {} };

/**
 * Progress on a stream: on a terminal one line redrawn at most every 200 ms; elsewhere (a CI
 * log) a line every 5 s, so a log is not flooded. Short runs print only the closing line.
 */
export function streamProgress(
  totalFiles: number,
  out: NodeJS.WriteStream,
  clock: () => number = Date.now,
): Progress {
  const started = clock();
  const interval = out.isTTY ? 200 : 5000;
  let files = 0;
  let bytes = 0;
  let events = 0;
  let last = started;
  let drawn = false;
  const line = (): string => {
    const seconds = Math.max((clock() - started) / 1000, 1e-3);
    return `workscope: ${files}/${totalFiles} files, ${(bytes / 1e6).toFixed(1)} MB, ${events.toLocaleString("en-US")} events (${Math.round(events / seconds).toLocaleString("en-US")} events/s)`;
  };
  const tick = (): void => {
    const now = clock();
    if (now - last < interval) return;
    last = now;
    drawn = true;
    out.write(out.isTTY ? `\r${line()}\x1b[K` : `${line()}\n`);
  };
  return {
    fileDone: () => {
      files++;
      tick();
    },
    bytes: (n) => {
      bytes += n;
      tick();
    },
    events: (n) => {
      events += n;
    },
    finish: (summary) => {
      if (drawn && out.isTTY) out.write("\r\x1b[K");
      const seconds = (clock() - started) / 1000;
      out.write(
        `workscope: ${summary} in ${seconds.toFixed(1)} s (${(bytes / 1e6).toFixed(1)} MB, ${Math.round(events / Math.max(seconds, 1e-3)).toLocaleString("en-US")} events/s)\n`,
      );
    },
  };
}
