// The entry of a parse worker (see parse-pool.ts): it parses the parts it is sent, one at a
// time, and posts back each part's events as columns, whose buffers it hands over rather than
// copies.
import { parentPort } from "node:worker_threads";
import { columnBuffers, EventColumnsBuilder, type EventColumns } from "./event-columns.ts";
import { FindingsTally, type TallyState } from "./findings-tally.ts";
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
  { ok: true; columns: EventColumns; tally: TallyState; end: PartEnd } | { ok: false; message: string };

async function handle({ job, findingsListed }: WorkerJob): Promise<void> {
  try {
    const tally = new FindingsTally(findingsListed);
    const range = job.end === undefined ? undefined : job.end - job.start;
    const builder = new EventColumnsBuilder(job.file, job.lineBase, true, range);
    const end = await parsePart(job, tally, (event, needsTime, offset) =>
      builder.push(event, needsTime, offset),
    );
    const columns = builder.done();
    const reply: WorkerReply = { ok: true, columns, tally: tally.state(), end };
    parentPort?.postMessage(reply, columnBuffers(columns));
  } catch (error) {
    const reply: WorkerReply = { ok: false, message: (error as Error).message };
    parentPort?.postMessage(reply);
  }
}

// Parts are handled one after another: the pool sends a worker its next part only after a reply.
parentPort?.on("message", (message: WorkerJob) => void handle(message));
