import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { LOCALES, type Locale } from "../src/core/site/labels.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../src/core/zone.ts";
import type { LoadOptions } from "../src/ingest/load.ts";
import { defaultCacheDir } from "../src/ingest/parse-cache.ts";

/** A mistake on the command line: one line on stderr, exit code 1, never a stack trace. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parses a command's arguments strictly; unknown options and missing values are UsageErrors. */
export function parseCommand<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
}

/** `--now` as epoch ms: an ISO-8601 time, or the time of the run when absent. */
export function parseNow(value: string | undefined, clock: () => number = Date.now): number {
  if (value === undefined) return clock();
  const ms = Date.parse(value);
  if (!Number.isFinite(ms))
    throw new UsageError(
      `--now should be an ISO-8601 time, e.g. 2026-03-01T09:00:00Z (got ${JSON.stringify(value)})`,
    );
  return ms;
}

/** `--tz` as an IANA time-zone name the runtime knows (`UTC` when absent), else a UsageError. */
export function parseTimeZone(value: string | undefined): string {
  if (value === undefined) return DEFAULT_TIME_ZONE;
  if (!isTimeZone(value))
    throw new UsageError(
      `--tz should be an IANA time zone, e.g. UTC or Asia/Seoul (got ${JSON.stringify(value)})`,
    );
  return value;
}

/** `--locale` as one of the languages the labels are written in (`ko` when absent), else a UsageError. */
export function parseLocale(value: string | undefined): Locale {
  if (value === undefined) return "ko";
  const locale = LOCALES.find((l) => l === value);
  if (locale === undefined)
    throw new UsageError(`--locale should be ${LOCALES.join(" or ")} (got ${JSON.stringify(value)})`);
  return locale;
}

/** The options of reading the inputs that analyze, build and report share: workers and the parse cache. */
export const LOAD_FLAGS = {
  workers: { type: "string" },
  cache: { type: "string" },
  "no-cache": { type: "boolean" },
  "range-bytes": { type: "string" },
} as const;

/** The help lines of LOAD_FLAGS, for each command's Options. */
export const LOAD_HELP = `  --workers N      parse event files on N worker threads; 0 or 1: on the main thread
                   (default: 2 on three or more cores when the event files left to parse
                   pass 32 MB, else 0)
  --range-bytes N  the bytes of a plain event file each worker part takes (default: 24 MiB)
  --cache DIR      keep each event file's parse in DIR, so a rerun parses only new lines
                   (default: $XDG_CACHE_HOME/workscope, else ~/.cache/workscope)
  --no-cache       neither read nor write the parse cache
`;

/** The most workers `--workers` takes. */
const MAX_WORKERS = 64;

/** LOAD_FLAGS as LoadOptions: a bad number is a UsageError; cache warnings go to stderr unless quiet. */
export function parseLoadOptions(
  values: { workers?: string; cache?: string; "no-cache"?: boolean; "range-bytes"?: string },
  cwd: string,
  quiet: boolean,
): LoadOptions {
  const count = (flag: string, value: string | undefined, min: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min)
      throw new UsageError(
        `--${flag} should be a whole number of at least ${min} (got ${JSON.stringify(value)})`,
      );
    return n;
  };
  if (values["no-cache"] === true && values.cache !== undefined)
    throw new UsageError("--cache and --no-cache cannot be given together");
  const workers = count("workers", values.workers, 0);
  // Each worker holds a Node isolate and its modules (tens of MB): more than this only costs memory.
  if (workers !== undefined && workers > MAX_WORKERS)
    throw new UsageError(`--workers should be at most ${MAX_WORKERS} (got ${workers})`);
  const rangeBytes = count("range-bytes", values["range-bytes"], 1);
  return {
    ...(workers === undefined ? {} : { workers }),
    ...(rangeBytes === undefined ? {} : { rangeBytes }),
    cacheDir: values["no-cache"] === true ? null : path.resolve(cwd, values.cache ?? defaultCacheDir()),
    warn: (message) => {
      if (!quiet) process.stderr.write(`${message}\n`);
    },
  };
}
