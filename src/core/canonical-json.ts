/**
 * Finding a JSON value inside a line's text that can be written again as it stands: the text
 * `JSON.stringify(JSON.parse(text))` would give. Writing `--events` used to parse every line again
 * and stringify its payload; most producers already write their lines as JSON.stringify does, and
 * for those the payload's text can be copied. These scanners prove that cheaply, and answer -1 (or
 * null) for anything they do not prove, so that the caller takes the slow path, which is always
 * right.
 *
 * The text scanned is a line that JSON.parse has read (events are made only from such lines), so
 * the scanners check the structure and the forms JSON.stringify writes, but do not look for raw
 * control characters inside strings, which JSON.parse would have refused.
 */

/**
 * How deep a value may nest to be copied. A deeper one is left to the slow path, which is where a
 * payload too deep for JSON.stringify is told apart; it also bounds the scanners' recursion.
 */
export const MAX_CANONICAL_DEPTH = 64;

/** Above this many keys an object's keys are checked for repeats through a Set, not a list. */
const LIST_KEYS = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/**
 * The end (exclusive) of the JSON value that starts at `start` in `text`, when that value's text,
 * without the whitespace between its tokens, is exactly what JSON.stringify writes for what
 * JSON.parse reads from it; else -1. Such text has numbers as `String(number)` writes them (no
 * `1.0`, `-0`, `1e21`, `1E5`), strings with only the escapes JSON.stringify uses, and objects
 * without repeated keys, keys that are array indices (JSON.stringify writes those first) or
 * `__proto__`. The whitespace found is kept for `withoutSpace` until the next scan.
 */
export function canonicalEnd(text: string, start: number): number {
  nextBackslash = -1;
  keyTop = 0;
  spaceStarts.length = 0;
  spaceEnds.length = 0;
  return canonicalValueEnd(text, start, 0);
}

/**
 * The runs of whitespace between the tokens of the value canonicalEnd last scanned, left to
 * right: producers such as Python's json module write `", "` and `": "`, and once those are
 * dropped their lines are as JSON.stringify writes them.
 */
const spaceStarts: number[] = [];
const spaceEnds: number[] = [];

/** Steps over whitespace at `at`, noting the run, and gives the place after it. */
function space(text: string, at: number): number {
  if (!isSpace(text.charCodeAt(at))) return at;
  const from = at;
  do at++;
  while (isSpace(text.charCodeAt(at)));
  spaceStarts.push(from);
  spaceEnds.push(at);
  return at;
}

/** The text from `start` to `end` without the whitespace canonicalEnd found in it. */
function withoutSpace(text: string, start: number, end: number): string {
  if (spaceStarts.length === 0) return text.slice(start, end);
  let copy = "";
  let from = start;
  for (let i = 0; i < spaceStarts.length; i++) {
    copy += text.slice(from, spaceStarts[i]);
    from = spaceEnds[i] as number;
  }
  return copy + text.slice(from, end);
}

/**
 * What `JSON.stringify(JSON.parse(text))` gives, when the scanner proves it is `text` without its
 * whitespace between tokens (see canonicalEnd); else null.
 */
export function canonicalText(text: string): string | null {
  const start = skipSpace(text, 0);
  const end = canonicalEnd(text, start);
  if (end < 0 || skipSpace(text, end) !== text.length) return null;
  return withoutSpace(text, start, end);
}

/**
 * The JSON text of a value as `JSON.stringify` writes it (whitespace between tokens dropped, keys
 * in the order written): copied from `text` when canonicalText proves that is enough, else written
 * from `value` (parsed from `text` when not given). Text that is not JSON, or a value nested too
 * deep to write, stands for itself: it is the best key left.
 */
export function canonicalJson(text: string, value?: unknown): string {
  const copied = canonicalText(text);
  if (copied !== null) return copied;
  try {
    return JSON.stringify(value === undefined ? JSON.parse(text) : value) ?? text;
  } catch {
    return text;
  }
}

/**
 * The text of the value from `start` to `end`, as canonicalText gives it, when canonicalEnd has
 * just scanned it; null when that scan found it not canonical (`end` is -1).
 */
function scannedText(text: string, start: number, end: number): string | null {
  return end < 0 ? null : withoutSpace(text, start, end);
}

/**
 * The place of the first backslash at or after the last place asked for in the text being
 * scanned, or its length when there is none; -1 before the first question. Strings are scanned
 * left to right, so one search serves every string up to that backslash, where a search per string
 * would read the rest of the line again for each.
 */
let nextBackslash = -1;

function backslashFrom(text: string, at: number): number {
  if (nextBackslash < at) {
    const found = text.indexOf("\\", at);
    nextBackslash = found < 0 ? text.length : found;
  }
  return nextBackslash;
}

function canonicalValueEnd(text: string, start: number, depth: number): number {
  const code = text.charCodeAt(start);
  if (code === QUOTE) return canonicalStringEnd(text, start);
  if (code === OPEN_OBJECT) return canonicalObjectEnd(text, start, depth);
  if (code === OPEN_ARRAY) return canonicalArrayEnd(text, start, depth);
  if (code === MINUS || (code >= ZERO && code <= NINE)) return canonicalNumberEnd(text, start);
  if (text.startsWith("null", start)) return start + 4;
  if (text.startsWith("true", start)) return start + 4;
  if (text.startsWith("false", start)) return start + 5;
  return -1;
}

/** True when the whole of `text` is one canonical JSON value without whitespace (see canonicalEnd). */
export function isCanonicalJson(text: string): boolean {
  return text.length > 0 && canonicalEnd(text, 0) === text.length && spaceStarts.length === 0;
}

function canonicalObjectEnd(text: string, start: number, depth: number): number {
  if (depth >= MAX_CANONICAL_DEPTH) return -1;
  let at = space(text, start + 1);
  if (text.charCodeAt(at) === CLOSE_OBJECT) return at + 1;
  // The object's keys as places in the text, on the shared stack above those of the objects
  // that hold it; past LIST_KEYS keys, as texts in a Set.
  const base = keyTop;
  let keySet: Set<string> | null = null;
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return ((keyTop = base), -1);
    const keyEnd = canonicalStringEnd(text, at);
    if (keyEnd < 0) return ((keyTop = base), -1);
    const keyStart = at + 1;
    const keyLength = keyEnd - 1 - keyStart;
    // A key starting with a digit may be an array index, which JSON.stringify writes first.
    const first = text.charCodeAt(keyStart);
    if (first >= ZERO && first <= NINE) return ((keyTop = base), -1);
    if (keyLength === 9 && text.startsWith("__proto__", keyStart)) return ((keyTop = base), -1);
    // Keys are compared as written: a canonical string has one spelling per value.
    if (keySet !== null) {
      const key = text.slice(keyStart, keyEnd - 1);
      if (keySet.has(key)) return ((keyTop = base), -1);
      keySet.add(key);
    } else {
      for (let k = base; k < keyTop; k++) {
        if (keyLengths[k] === keyLength && sameText(text, keyStarts[k] as number, keyStart, keyLength))
          return ((keyTop = base), -1);
      }
      if (keyTop - base === LIST_KEYS || keyTop === keyStarts.length) {
        keySet = new Set();
        for (let k = base; k < keyTop; k++) {
          const from = keyStarts[k] as number;
          keySet.add(text.slice(from, from + (keyLengths[k] as number)));
        }
        keySet.add(text.slice(keyStart, keyEnd - 1));
        keyTop = base;
      } else {
        keyStarts[keyTop] = keyStart;
        keyLengths[keyTop++] = keyLength;
      }
    }
    const colon = space(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return ((keyTop = base), -1);
    at = canonicalValueEnd(text, space(text, colon + 1), depth + 1);
    if (at < 0) return ((keyTop = base), -1);
    at = space(text, at);
    const next = text.charCodeAt(at);
    if (next === CLOSE_OBJECT) return ((keyTop = base), at + 1);
    if (next !== COMMA) return ((keyTop = base), -1);
    at = space(text, at + 1);
  }
}

/**
 * The keys of the objects being scanned, as start and length in the text: one stack shared by the
 * nested objects, so that checking keys for repeats makes no string per key.
 */
const keyStarts = new Int32Array(LIST_KEYS * MAX_CANONICAL_DEPTH);
const keyLengths = new Int32Array(LIST_KEYS * MAX_CANONICAL_DEPTH);
let keyTop = 0;

/** True when the `length` characters of `text` from `a` and from `b` are the same. */
function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

function canonicalArrayEnd(text: string, start: number, depth: number): number {
  if (depth >= MAX_CANONICAL_DEPTH) return -1;
  let at = space(text, start + 1);
  if (text.charCodeAt(at) === CLOSE_ARRAY) return at + 1;
  for (;;) {
    at = canonicalValueEnd(text, at, depth + 1);
    if (at < 0) return -1;
    at = space(text, at);
    const next = text.charCodeAt(at);
    if (next === CLOSE_ARRAY) return at + 1;
    if (next !== COMMA) return -1;
    at = space(text, at + 1);
  }
}

/**
 * The end of the string that starts at `start`, when its escapes are those JSON.stringify writes:
 * `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00xx` in lower case for the other control
 * characters. Any other escape (`\/`, `\u00e9`, an escaped surrogate) is left to the slow path.
 */
function canonicalStringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    const backslash = backslashFrom(text, at);
    if (backslash > quote) return quote + 1;
    const escaped = escapeLength(text, backslash);
    if (escaped < 0) return -1;
    at = backslash + escaped;
  }
}

/** The length of the canonical escape at `at` (a backslash), or -1 when it is not canonical. */
function escapeLength(text: string, at: number): number {
  switch (text.charCodeAt(at + 1)) {
    case QUOTE:
    case BACKSLASH:
    case 0x62: // b
    case 0x66: // f
    case 0x6e: // n
    case 0x72: // r
    case 0x74: // t
      return 2;
    case 0x75: {
      // u: only the control characters without a short escape, as JSON.stringify writes them.
      const hex = text.slice(at + 2, at + 6);
      return /^00(?:0[0-7bef]|1[0-9a-f])$/.test(hex) ? 6 : -1;
    }
    default:
      return -1;
  }
}

/** The end of the number at `start` when it is written as `String(number)` writes it; else -1. */
function canonicalNumberEnd(text: string, start: number): number {
  let at = start;
  if (text.charCodeAt(at) === MINUS) at++;
  const digits = at;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code < ZERO || code > NINE) break;
    at++;
  }
  const next = text.charCodeAt(at);
  const plain = next !== 0x2e && next !== 0x65 && next !== 0x45 && next !== 0x2b && next !== MINUS;
  // An integer of up to 15 digits without a leading zero reads and writes back exactly.
  if (plain && at > digits && at - digits <= 15 && text.charCodeAt(digits) !== ZERO) return at;
  while (at < text.length && isNumberCode(text.charCodeAt(at))) at++;
  const token = text.slice(start, at);
  // String() writes every finite number as a valid JSON number, so a token it gives back is one.
  return String(Number(token)) === token ? at : -1;
}

function isNumberCode(code: number): boolean {
  return (
    (code >= ZERO && code <= NINE) ||
    code === 0x2e ||
    code === 0x65 ||
    code === 0x45 ||
    code === 0x2b ||
    code === MINUS
  );
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function skipSpace(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * The end of the JSON value at `start`, written in any form (whitespace, any escapes, any number
 * form), or -1 when the scanner cannot tell it (nesting past MAX_CANONICAL_DEPTH, or text that is
 * not JSON). It only finds where a value ends, to step over the members of a line around its
 * payload.
 */
export function valueEnd(text: string, start: number, depth = 0): number {
  const code = text.charCodeAt(start);
  if (code === QUOTE) return stringEnd(text, start);
  if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
    if (depth >= MAX_CANONICAL_DEPTH) return -1;
    const object = code === OPEN_OBJECT;
    const close = object ? CLOSE_OBJECT : CLOSE_ARRAY;
    let at = skipSpace(text, start + 1);
    if (text.charCodeAt(at) === close) return at + 1;
    for (;;) {
      if (object) {
        if (text.charCodeAt(at) !== QUOTE) return -1;
        at = stringEnd(text, at);
        if (at < 0) return -1;
        at = skipSpace(text, at);
        if (text.charCodeAt(at) !== COLON) return -1;
        at = skipSpace(text, at + 1);
      }
      at = valueEnd(text, at, depth + 1);
      if (at < 0) return -1;
      at = skipSpace(text, at);
      const next = text.charCodeAt(at);
      if (next === close) return at + 1;
      if (next !== COMMA) return -1;
      at = skipSpace(text, at + 1);
    }
  }
  if (code === MINUS || (code >= ZERO && code <= NINE)) {
    let at = start + 1;
    while (at < text.length && isNumberCode(text.charCodeAt(at))) at++;
    return at;
  }
  if (text.startsWith("null", start)) return start + 4;
  if (text.startsWith("true", start)) return start + 4;
  if (text.startsWith("false", start)) return start + 5;
  return -1;
}

/** The end of the string at `start`, whatever its escapes. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    // The quote ends the string unless an odd number of backslashes comes right before it.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Where one member's value lies in a line's text: from `start` to `end` (exclusive). */
export interface Span {
  /** The first character of the value. */
  start: number;
  /** Just after its last character. */
  end: number;
  /** What JSON.stringify writes for the value, when the scanner proved it (canonicalText); else null. */
  copy: string | null;
}

/**
 * The values of the named members of the object that is the whole of `text`, the last one of each
 * name as JSON.parse keeps it; a name that is absent is absent from the answer. Null when the text
 * is not such an object, or when a key has an escape, whose name the scanner would have to decode.
 */
export function topLevelMembers(text: string, names: readonly string[]): Map<string, Span> | null {
  const found = new Map<string, Span>();
  let at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_OBJECT) return null;
  at = skipSpace(text, at + 1);
  if (text.charCodeAt(at) === CLOSE_OBJECT) return skipSpace(text, at + 1) === text.length ? found : null;
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return null;
    const keyEnd = stringEnd(text, at);
    if (keyEnd < 0) return null;
    const key = text.slice(at + 1, keyEnd - 1);
    if (key.includes("\\")) return null;
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== COLON) return null;
    const start = skipSpace(text, at + 1);
    let end: number;
    if (names.includes(key)) {
      // The value is scanned once: as canonical text first, as any JSON when it is not.
      end = canonicalEnd(text, start);
      const copy = scannedText(text, start, end);
      if (copy === null) end = valueEnd(text, start);
      if (end >= 0) found.set(key, { start, end, copy });
    } else end = valueEnd(text, start);
    if (end < 0) return null;
    at = skipSpace(text, end);
    const next = text.charCodeAt(at);
    if (next === CLOSE_OBJECT) return skipSpace(text, at + 1) === text.length ? found : null;
    if (next !== COMMA) return null;
    at = skipSpace(text, at + 1);
  }
}
