import { parseArgs, type ParseArgsConfig } from "node:util";
import { LOCALES, type Locale } from "../src/core/site/labels.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "../src/core/zone.ts";

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
