import { canonicalJson } from "../canonical-json.ts";
import { FINGERPRINT_PREFIX } from "../fingerprint.ts";
import { hash64 } from "../hash.ts";
import type { LineRef } from "./normalized.ts";

/**
 * The id of a line whose producer wrote none and whose content alone cannot tell repeats apart: a
 * raw Claude Code hook payload. It is `fp-` and a hash of the line's text together with its line
 * number.
 *
 * The line number is part of it because two equal payloads at different lines are two firings (a
 * tool called twice with the same input is common), while the same line read again, from the same
 * file or from a copy of it, is one event. The file's name is left out on purpose, so a copy of a
 * file kept elsewhere dedupes against the original.
 */
export function lineId(ref: Pick<LineRef, "line" | "text">): string {
  return FINGERPRINT_PREFIX + hash64(`${ref.line}\u0000${ref.text}`);
}

/**
 * The id of a transcript entry without a `uuid` (a summary, a title, a file snapshot, a queue
 * operation): `fp-` and a hash of the entry's JSON as JSON.stringify writes it, which drops the
 * whitespace between tokens and keeps the keys in the order they were written. `text` is the
 * entry's text as read and `value` what JSON.parse made of it.
 *
 * Unlike lineId it leaves the line number out. Such an entry is a snapshot of state or a title,
 * not a firing, so an equal one is the same fact: the entry in a `chat.json` copy of the
 * transcript, pretty-printed and at other lines, is then the same event as in the `.jsonl`, and
 * dedupe's comparison of canonical JSON agrees that the copies are equal.
 */
export function contentId(text: string, value: unknown): string {
  return FINGERPRINT_PREFIX + hash64(canonicalJson(text, value));
}
