#!/usr/bin/env node
// The hook collector: Claude Code starts it at every hook event, with the event's payload (one JSON
// object) on standard input, and waits for it before going on. It appends the payload to an NDJSON
// file as one envelope line, with the time it arrived and an id, because payloads carry neither.
//
//   node /path/to/workscope/bin/workscope-hook.mjs --out ~/.claude/workscope/hooks.ndjson
//
// Claude Code waits for every hook, so this file must start about as fast as Node itself: it is
// plain JavaScript that imports only Node's own modules (no zod, nothing of the project, nothing
// loaded on demand), and it does its IO synchronously. It runs on Node 18 and newer, because a
// hook runs under whichever `node` is first on the PATH, not the Node 22 the project pins.
//
// It never writes to standard output, which Claude Code reads as the hook's answer (a decision, or
// text added to the conversation), and it always exits 0, because another code would tell Claude
// Code that the hook failed, and 2 would even block the tool call. A problem (no --out, input that
// is not one JSON object, a file it cannot append to) is one line on standard error.
//
// `workscope hook` imports the functions below, so the command and this file write the same line,
// byte for byte. The envelope is that of `envelopeHook` in the project's core, which reads it back;
// a test holds the two to the same output.
import { closeSync, mkdirSync, openSync, readSync, realpathSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The environment variable that names the file to append to when there is no --out. */
export const HOOK_OUT_ENV = "WORKSCOPE_HOOK_OUT";

export const HOOK_COLLECTOR_HELP = `Usage: node bin/workscope-hook.mjs --out FILE

Reads one Claude Code hook payload (JSON) on stdin and appends it to FILE as one NDJSON line,
with the time it arrived and an id (hooks carry neither). Point every hook event of
.claude/settings.json at it. It never writes to stdout and always exits 0; a problem is one
line on stderr.

Options:
  --out FILE   the NDJSON file to append to (created with its folder when missing);
               without it, $${HOOK_OUT_ENV}
  -h, --help   this help (on stderr)
`;

/** What stdin held when it was no payload: the command line quotes this text too. */
const NOT_A_PAYLOAD = "hook expects one JSON object on stdin (a Claude Code hook payload)";

/**
 * A fast, non-cryptographic 64-bit hash of a string, as 16 hex digits. It is the project's
 * `hash64` (src/core/hash.ts), copied because this file imports nothing of the project; the same
 * text must give the same digits in both, or the ids of enveloped lines would change.
 */
export function hash64(text) {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x9747b28c | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  h1 = fmix32(h1 ^ text.length);
  h2 = fmix32(h2 ^ h1);
  h1 = fmix32(h1 ^ h2);
  return hex32(h1) + hex32(h2);
}

function fmix32(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function hex32(n) {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/**
 * The envelope of one payload arriving at `receivedMs`, with the keys in the order the line
 * shows them. The id is made of the session, the hook, the tool call, the second of arrival and a
 * hash of the payload, so that a hook run twice within a second counts once.
 */
export function envelopeHook(payload, receivedMs) {
  const json = JSON.stringify(payload);
  const key = [
    payload["session_id"],
    payload["hook_event_name"],
    payload["tool_use_id"],
    Math.floor(receivedMs / 1000),
    hash64(json),
  ];
  return {
    workscope: "hook",
    v: 1,
    id: `hk-${hash64(key.join("\u0000"))}`,
    ts: new Date(receivedMs).toISOString(),
    payload,
  };
}

/**
 * The line to append for what stdin held, newline included, or the problem that stops it: stdin
 * must hold one JSON object, with any white space around it.
 */
export function hookLine(text, receivedMs) {
  const trimmed = text.trim();
  if (trimmed === "") return { problem: `${NOT_A_PAYLOAD}, and stdin was empty` };
  let payload;
  try {
    payload = JSON.parse(trimmed);
  } catch {
    return { problem: NOT_A_PAYLOAD };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return { problem: NOT_A_PAYLOAD };
  return { line: `${JSON.stringify(envelopeHook(payload, receivedMs))}\n` };
}

/**
 * Appends one line to `file`, making the file (readable by its owner alone, as it holds what was
 * typed and what tools returned) and its folder when missing. The line goes in one write to a
 * file opened for appending, so lines that hooks running at once append never interleave. Gives
 * null, or the problem in one line.
 */
export function appendHookLine(file, line) {
  const bytes = Buffer.from(line, "utf8");
  let fd;
  try {
    try {
      fd = openSync(file, "a", 0o600);
    } catch (error) {
      if (error?.code !== "ENOENT") throw error;
      makeFolders(path.dirname(path.resolve(file)));
      fd = openSync(file, "a", 0o600);
    }
    let written = writeSync(fd, bytes);
    // A regular file takes the whole line in that one write; only a full disk stops one short, and
    // then the next write says so.
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    return null;
  } catch (error) {
    return `cannot append to --out ${file}: ${whyNotWritten(error)}`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Makes a folder and the missing folders above it, one level at a time, and throws the first
 * error. Node's own `recursive` option is not used: where a parent keeps answering ENOENT (a path
 * under /proc, say) it retries forever at full CPU, and a hook must never hang Claude Code.
 */
function makeFolders(folder) {
  const missing = [];
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
    } catch (error) {
      if (error?.code !== "ENOENT") throw error;
      missing.push(at);
      if (path.dirname(at) === at) break;
      continue;
    }
    // A file where a folder should be: mkdirSync below says so (EEXIST, ENOTDIR).
    break;
  }
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at);
    } catch (error) {
      // Another hook made it in the meantime.
      if (error?.code !== "EEXIST" || !statSync(at).isDirectory()) throw error;
    }
  }
}

/** Why a file could not be appended to, in words for the codes a person can fix. */
function whyNotWritten(error) {
  const code = error?.code;
  if (code === "EISDIR") return "it is a folder";
  if (code === "ENOTDIR" || code === "EEXIST") return "a part of its path is a file";
  if (code === "EACCES" || code === "EPERM") return "no permission";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "ENOSPC") return "the disk is full";
  return typeof code === "string" ? code : String(error);
}

/** How long to wait, at most, for a stdin that is open but gives nothing yet. */
const STDIN_WAIT_MS = 10_000;

/**
 * The whole of standard input, as text. A read on a pipe another process set to non-blocking
 * gives EAGAIN until data comes, so that is waited out in short sleeps; a closed or missing stdin
 * reads as empty.
 */
function readStdin(fd = 0) {
  const chunks = [];
  let waited = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    let n;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if (error?.code === "EAGAIN" && waited < STDIN_WAIT_MS) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        waited += 5;
        continue;
      }
      if (error?.code === "EOF" || error?.code === "EBADF") break;
      throw error;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The options: `--out FILE` or `--out=FILE`, and `-h`/`--help`. Anything else is noted as a
 * problem but does not stop the payload from being kept, as a lost event cannot be recovered.
 */
function parseOptions(argv) {
  const options = { out: undefined, help: false, unknown: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") options.help = true;
    else if (arg === "--out" && i + 1 < argv.length) options.out = argv[++i];
    else if (arg.startsWith("--out=")) options.out = arg.slice("--out=".length);
    else options.unknown.push(arg);
  }
  return options;
}

/**
 * Collects one payload: reads stdin, appends its envelope to the file --out (or the environment
 * variable) names, and tells `warn` of each problem in one line. It never throws.
 */
export function collect(argv, env, now, read, warn) {
  try {
    const options = parseOptions(argv);
    if (options.help) return warn(HOOK_COLLECTOR_HELP);
    if (options.unknown.length > 0) warn(`ignored the arguments ${JSON.stringify(options.unknown)}`);
    // Read before anything can stop it, so that Claude Code's write to the pipe never fails.
    const text = read();
    const out = options.out ?? env[HOOK_OUT_ENV];
    if (out === undefined || out === "")
      return warn(`needs --out FILE (or $${HOOK_OUT_ENV}); nothing was kept`);
    const made = hookLine(text, now());
    if (made.line === undefined) return warn(`${made.problem}; nothing was kept`);
    const problem = appendHookLine(out, made.line);
    if (problem !== null) warn(problem);
  } catch (error) {
    warn(`failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A problem as one line on standard error (the help as it is); a line that cannot be written is
 * let go, as there is nowhere else to tell it.
 */
function warnOnStderr(text) {
  try {
    writeSync(2, text.endsWith("\n") ? text : `workscope-hook: ${text}\n`);
  } catch {
    // stderr is closed: there is no one to tell.
  }
}

/**
 * Whether Node runs this file itself, rather than `workscope hook` importing it (from the
 * TypeScript, or from the bundle, where `import.meta.url` is the bundle's). A link to it (npx's
 * `workscope-hook` in node_modules/.bin) counts as this file.
 */
function runAsCommand() {
  const self = fileURLToPath(import.meta.url);
  const started = process.argv[1];
  if (path.basename(self) !== "workscope-hook.mjs" || started === undefined) return false;
  if (path.resolve(started) === self) return true;
  try {
    return realpathSync(started) === self;
  } catch {
    return false;
  }
}

if (runAsCommand()) {
  collect(process.argv.slice(2), process.env, Date.now, readStdin, warnOnStderr);
  process.exitCode = 0;
}
