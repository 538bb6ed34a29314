// The entry of a parse worker (see parse-pool.ts): it parses the parts it is sent, one at a
// time, and posts back each part's events as columns, whose buffers it hands over rather than
// copies.
import { parentPort } from "node:worker_threads";
import {
  BYTES_PER_EVENT_GUESS,
  columnBuffers,
  EventColumnsBuilder,
  type EventColumns,
} from "./event-columns.ts";
import { FindingsTally, type TallyState } from "./findings-tally.ts";
import { LineStore, type CheckedBlocks } from "./line-store.ts";
import { parsePart, type PartEnd, type PartJob } from "./parse-part.ts";

/** A part to parse, as the pool sends it. */
export interface WorkerJob {
  /** The part. */
  job: PartJob;
  /** How many findings are listed per file. */
  findingsListed: number;
}

/** What a worker posts back for one part. */
export type WorkerReply =
  | {
      ok: true;
      columns: EventColumns;
      tally: TallyState;
      end: PartEnd;
      /**
       * For a job that leaves lines in the file (`leaveLines`), the part's blocks, which the
       * columns' line offsets are read again through; null when its lines cannot be read again.
       */
      blocks?: CheckedBlocks | null;
    }
  | { ok: false; message: string };

async function handle({ job, findingsListed }: WorkerJob): Promise<void> {
  try {
    const tally = new FindingsTally(findingsListed);
    const range = job.end === undefined ? undefined : job.end - job.start;
    // Lines left in the file are hashed, not copied: a copy of each line into the columns, and of
    // the columns out of the room left unused, took a worker a second of its two over half the
    // bench's log, most of it the first touch of 60 MB of fresh memory twice.
    const store = job.leaveLines === true ? new LineStore(job.absPath, job.start) : undefined;
    // Room for the events a range of its size holds, as the main thread's parse makes (parseHere).
    const builder = new EventColumnsBuilder(
      job.file,
      job.lineBase,
      store === undefined,
      range,
      range === undefined ? undefined : Math.ceil(range / BYTES_PER_EVENT_GUESS),
    );
    const end = await parsePart(
      job,
      tally,
      (event, needsTime, offset) => builder.push(event, needsTime, offset),
      undefined,
      store,
    );
    const columns = builder.done();
    const blocks = store?.checkedBlocks();
    const reply: WorkerReply = {
      ok: true,
      columns,
      tally: tally.state(),
      end,
      ...(blocks === undefined ? {} : { blocks }),
    };
    const buffers = columnBuffers(columns);
    if (blocks) buffers.push(blocks.crcs.buffer as ArrayBuffer);
    parentPort?.postMessage(reply, buffers);
  } catch (error) {
    const reply: WorkerReply = { ok: false, message: (error as Error).message };
    parentPort?.postMessage(reply);
  }
}

// Parts are handled one after another: the pool sends a worker its next part only after a reply.
parentPort?.on("message", (message: WorkerJob) => void handle(message));
