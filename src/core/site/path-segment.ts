import { hash64 } from "../hash.ts";

/** Encoded segments longer than this are shortened; file systems allow 255 bytes a name. */
const MAX_SEGMENT = 100;
/** How much of a long id's encoding stays readable before its hash. */
const KEPT = 60;
/** Ids that are their own segment: only characters that stay as they are, and not too long. */
const PLAIN = /^[a-z0-9_-]{1,100}$/;

/**
 * Segments a path of ours already uses where an id's segment goes, so that an id by that name would
 * take (or lose) a page of ours: `sessions/by-category/`, `sessions/index.json`, the `index.html`
 * of every list folder, a session's `threads/`, the events listing of every role, `all`, and the
 * later pages of the blocked flows, `postmortems/page/`. Each row is tested.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  "by-category",
  "index.json",
  "index.html",
  "threads",
  "all",
  "page",
];

/**
 * Names Windows keeps for devices, in any case and with any extension (`aux.json` too): a folder
 * by such a name can be neither made nor checked out there.
 */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * The one way an id from a log becomes a path segment of the site (a folder under `--out` and a
 * part of a URL). Ids are untrusted: `../../x`, slashes, NUL, very long or non-ASCII ids must
 * never write outside the output folder, and two ids must never share a page.
 *
 * - Lower-case ASCII letters, digits, `-` and `_` stay as they are, so ids stay readable.
 * - `:` becomes `.`, so that a thread key `conv:abc` reads `conv.abc`; a segment of dots only
 *   (from `:` or `::`) spells its colons out instead, so it can never be `.` or `..`.
 * - Every other character, upper-case letters included (two ids that differ only in case would
 *   share a folder on a case-insensitive file system), becomes `~` and two hex digits per UTF-8 byte.
 * - An encoding longer than 100 characters keeps its first 60 and adds `~~` and a 64-bit hash of
 *   the whole id. Short encodings never contain `~~`, so a long id cannot take a short one's name.
 *
 * - A segment that would be a name of ours (RESERVED_SEGMENTS), a Windows device name, or end in a
 *   dot (which Windows drops) has its first or last character escaped as above, which no other id's
 *   segment holds there, as those characters are otherwise kept.
 *
 * Because each step is reversible (or, for long ids, tagged), different ids give different
 * segments, and no segment holds `/`, `\`, NUL or starts a `..` path.
 */
export function pathSegment(id: string): string {
  // Most ids (UUIDs, task_…, ws_…) need nothing escaped: this is run for every row of every list.
  if (PLAIN.test(id)) return unreserved(id);
  const encoded = encode(id);
  const whole = unreserved(encoded);
  if (whole.length <= MAX_SEGMENT) return whole;
  // Cut before an escape rather than through one, so the kept part stays well formed.
  let cut = KEPT;
  const escape = encoded.lastIndexOf("~", cut);
  if (escape > cut - 3) cut = escape;
  return unreserved(`${encoded.slice(0, cut)}~~${hash64(id)}`);
}

/**
 * The segment with its first character escaped when it is a name of ours or of a Windows device,
 * and its last `.` spelled out as the `:` it stands for when it ends the segment. An escape of a
 * character the encoding otherwise keeps cannot be another id's segment.
 */
function unreserved(segment: string): string {
  let out = segment;
  if (out.endsWith(".")) out = `${out.slice(0, -1)}~3A`;
  if (RESERVED_SEGMENTS.includes(out) || WINDOWS_DEVICE.test(out))
    out = `~${(out.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, "0")}${out.slice(1)}`;
  return out;
}

/** The encoding of an id that is not plain, before reserved names are avoided and long ones cut. */
function encode(id: string): string {
  let out = "";
  for (const byte of utf8(id)) {
    if ((byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x5f)
      out += String.fromCharCode(byte);
    else if (byte === 0x3a) out += ".";
    else out += `~${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  if (out === "") return "~";
  if (/^\.+$/.test(out)) out = out.replaceAll(".", "~3A");
  return out;
}

/** UTF-8 bytes of a string, without TextEncoder so that the core stays free of runtime globals. */
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return bytes;
}
