import { FINGERPRINT_PREFIX } from "../fingerprint.ts";
import { hash64 } from "../hash.ts";
import type { LineRef } from "./normalized.ts";

/**
 * The id of a line whose producer wrote none and whose content alone cannot tell repeats apart: a
 * raw Claude Code hook payload, or a transcript entry without a `uuid` (summaries, titles, file
 * snapshots, queue operations). It is `fp-` and a hash of the line's text together with its line
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
