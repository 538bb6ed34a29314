import { describe, expect, it } from "vitest";
import { silentProgress, streamProgress } from "../../src/ingest/progress.ts";

/** A stream that records what is written to it, as a terminal or as a log file. */
function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) > 0 };
  return { stream: stream as unknown as NodeJS.WriteStream, written };
}

/** A clock the test moves by hand. */
function fakeClock(start = 0) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe("streamProgress", () => {
  it("prints only the closing line for a short run, with MB and events per second", () => {
    const { stream, written } = fakeStream(false);
    const { clock, advance } = fakeClock();
    const progress = streamProgress(2, stream, clock);
    progress.bytes(1_500_000);
    progress.events(3000);
    progress.fileDone();
    progress.fileDone();
    advance(1500);
    progress.finish("read 2 files: 3000 events");
    expect(written).toEqual(["workscope: read 2 files: 3000 events in 1.5 s (1.5 MB, 2,000 events/s)\n"]);
  });

  it("writes a line every 5 s into a log, each on its own line", () => {
    const { stream, written } = fakeStream(false);
    const { clock, advance } = fakeClock();
    const progress = streamProgress(3, stream, clock);
    progress.events(10_000);
    advance(4999);
    progress.fileDone();
    expect(written).toEqual([]);
    advance(1);
    progress.fileDone();
    expect(written).toEqual(["workscope: 2/3 files, 0.0 MB, 10,000 events (2,000 events/s)\n"]);
    advance(1000);
    progress.bytes(2_000_000);
    expect(written).toHaveLength(1);
  });

  it("redraws one line on a terminal every 200 ms and clears it before the closing line", () => {
    const { stream, written } = fakeStream(true);
    const { clock, advance } = fakeClock();
    const progress = streamProgress(1, stream, clock);
    advance(200);
    progress.bytes(100_000);
    expect(written).toEqual(["\rworkscope: 0/1 files, 0.1 MB, 0 events (0 events/s)\x1b[K"]);
    progress.finish("done");
    expect(written.slice(1)).toEqual(["\r\x1b[K", "workscope: done in 0.2 s (0.1 MB, 0 events/s)\n"]);
  });
});

describe("silentProgress", () => {
  it("accepts every call and says nothing", () => {
    expect(() => {
      silentProgress.fileDone();
      silentProgress.bytes(1);
      silentProgress.events(1);
      silentProgress.finish("done");
    }).not.toThrow();
  });
});
