import { createReadStream } from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";

/** What one run of a baseline measured. */
export interface Measurement {
  /** Wall time in ms, inside the process. */
  ms: number;
  /** What it counted: lines parsed by the raw loop, groups (work sessions, and "none") by DuckDB. */
  count: number;
}

/**
 * The baseline every figure is a ratio of: read the file in 1 MiB chunks, split on newlines and
 * JSON.parse each line, nothing else: the fastest any reader of the file could be.
 */
export async function rawLoop(file: string): Promise<Measurement> {
  const started = performance.now();
  let count = 0;
  let pending: Buffer | null = null;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    const buf: Buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      if (nl > start) {
        JSON.parse(buf.toString("utf8", start, nl));
        count++;
      }
      start = nl + 1;
    }
    pending = start < buf.length ? buf.subarray(start) : null;
  }
  if (pending !== null && pending.length > 0) {
    JSON.parse(pending.toString("utf8"));
    count++;
  }
  return { ms: performance.now() - started, count };
}

/**
 * What a general engine does with the same file: DuckDB reads it with read_ndjson and groups the
 * lines by work session (count, first and last time), on `threads` threads. It is a yardstick,
 * not a rival: it makes none of the Report, but it reads and parses every line as we must.
 */
export async function duckdbSessions(file: string, threads: number): Promise<Measurement> {
  const started = performance.now();
  const instance = await DuckDBInstance.create(":memory:", { threads: String(threads) });
  const connection = await instance.connect();
  const quoted = `'${file.replaceAll("'", "''")}'`;
  const reader = await connection.runAndReadAll(
    `SELECT data->>'workSessionId' AS session, count(*), min(ts), max(ts) FROM read_ndjson(${quoted}, ignore_errors=true) GROUP BY 1`,
  );
  const count = reader.getRows().length;
  connection.closeSync();
  instance.closeSync();
  return { ms: performance.now() - started, count };
}
