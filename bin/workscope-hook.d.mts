// The types of bin/workscope-hook.mjs, which is plain JavaScript so that Node runs it as it is, on
// any version a hook may meet; `workscope hook` and the tests import it through these.

/** The environment variable that names the file to append to when there is no --out. */
export declare const HOOK_OUT_ENV: "WORKSCOPE_HOOK_OUT";

/** The collector's help, which it prints on standard error. */
export declare const HOOK_COLLECTOR_HELP: string;

/** The project's 64-bit string hash, as 16 hex digits (a copy of src/core/hash.ts's). */
export declare function hash64(text: string): string;

/** The line the collector appends, as a value: the payload with its arrival time and an id. */
export interface CollectedEnvelope {
  /** Marks the line as written by the hook collector. */
  workscope: "hook";
  /** The envelope's version. */
  v: 1;
  /** A fingerprint of the payload and its arrival second, so a hook run twice counts once. */
  id: string;
  /** When the payload arrived, ISO-8601 UTC. */
  ts: string;
  /** The payload exactly as Claude Code sent it. */
  payload: Record<string, unknown>;
}

/** The envelope of one payload arriving at `receivedMs`. */
export declare function envelopeHook(payload: Record<string, unknown>, receivedMs: number): CollectedEnvelope;

/** The line to append for what stdin held (newline included), or why there is none. */
export declare function hookLine(
  text: string,
  receivedMs: number,
): { line: string; problem?: undefined } | { line?: undefined; problem: string };

/** Appends one line in one write, making the file and its folder; null, or the problem in one line. */
export declare function appendHookLine(file: string, line: string): string | null;

/** Collects one payload as the command does, telling `warn` of each problem; never throws. */
export declare function collect(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  now: () => number,
  read: () => string,
  warn: (text: string) => void,
): void;
