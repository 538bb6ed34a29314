import { createReadStream } from "node:fs";
import { performance } from "node:perf_hooks";
import { DuckDBInstance } from "@duckdb/node-api";

/**
 * What one run of a baseline measured.
 * @typedef {object} Measurement
 * @property {number} ms Wall time in ms, inside the process.
 * @property {number} count What it counted: lines parsed by the raw loop, groups (work sessions,
 *   and "none") by DuckDB.
 */

/**
 * The baseline every figure is a ratio of: read the file in 1 MiB chunks, split on newlines and
 * JSON.parse each line, nothing else: the fastest any reader of the file could be.
 * @param {string} file
 * @returns {Promise<Measurement>}
 */
export async function rawLoop(file) {
  const started = performance.now();
  let count = 0;
  /** @type {Buffer | null} */
  let pending = null;
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (
    createReadStream(file, { highWaterMark: 1024 * 1024 })
  )) {
    const buf = pending === null ? chunk : Buffer.concat([pending, chunk]);
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
 * @param {string} file
 * @param {number} threads
 * @returns {Promise<Measurement>}
 */
export async function duckdbSessions(file, threads) {
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
