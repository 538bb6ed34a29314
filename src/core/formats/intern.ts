/**
 * One copy of each short text the formats read from every line: event types, agent ids, and the
 * ids of work sessions, conversations and tasks. A log repeats a handful of types and agents over
 * hundreds of thousands of lines, and each id over the dozens of lines of its conversation, but
 * JSON.parse makes a new string for every occurrence; kept for every event, those copies were a
 * fifth of the events' memory. Handing back the copy seen first lets the parsed one die young,
 * and later lookups by these strings find their hash already computed.
 *
 * The copies live in a bounded table (`shared`): past INTERNED_KEPT strings it starts over, which
 * only means a later copy of a string is not shared with an earlier one. Texts longer than
 * INTERN_MAX_LENGTH (messages, odd ids) are returned as they are.
 *
 * Looking a fresh string up in a Map hashes every character of it first, and a log calls this
 * some seven times a line. So a small table of slots (`recent`) is asked first: a text's slot is
 * picked from its length and three of its characters, and the slot's copy, when equal, is handed
 * back after one comparison. Nearly every text a log repeats is found there (19 in 20 on the
 * logs we measured); the others go on to the Map and take the slot over.
 */
export function intern(text: string): string {
  const n = text.length;
  if (n > INTERN_MAX_LENGTH) return text;
  if (n < 2) return shared(text);
  const slot =
    (((n * 31 + text.charCodeAt(n - 1)) * 31 + text.charCodeAt(n >> 1)) * 31 +
      text.charCodeAt((n * 3) >> 2)) &
    SLOT_MASK;
  const seen = recent[slot]!;
  if (seen === text) return seen;
  const copy = shared(text);
  recent[slot] = copy;
  return copy;
}

/** The same for a text that may be absent. */
export function internOrNull(text: string | null): string | null {
  return text === null ? null : intern(text);
}

/** The bounded table's copy of a text, which becomes the text itself when it has none. */
function shared(text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size >= INTERNED_KEPT) interned.clear();
  interned.set(text, text);
  return text;
}

const INTERN_MAX_LENGTH = 128;
const INTERNED_KEPT = 200_000;
const interned = new Map<string, string>();
/** How many slots `recent` has: a power of two, so a slot is picked with a mask. */
const SLOTS = 1 << 14;
const SLOT_MASK = SLOTS - 1;
/** The last copy handed out per slot; "" (never a slot's text, as texts this short skip it) when none. */
const recent: string[] = new Array<string>(SLOTS).fill("");
