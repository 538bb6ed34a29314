/**
 * One copy of each short text the formats read from every line: event types, agent ids, and the
 * ids of work sessions, conversations and tasks. A log repeats a handful of types and agents over
 * hundreds of thousands of lines, and each id over the dozens of lines of its conversation, but
 * JSON.parse makes a new string for every occurrence; kept for every event, those copies were a
 * fifth of the events' memory. Handing back the copy seen first lets the parsed one die young,
 * and later lookups by these strings find their hash already computed.
 *
 * The table lives as long as the module, so it is bounded: past INTERNED_KEPT strings it starts
 * over, which only means a later copy of a string is not shared with an earlier one. Texts longer
 * than INTERN_MAX_LENGTH (messages, odd ids) are returned as they are.
 */
export function intern(text: string): string {
  if (text.length > INTERN_MAX_LENGTH) return text;
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size >= INTERNED_KEPT) interned.clear();
  interned.set(text, text);
  return text;
}

/** The same for a text that may be absent. */
export function internOrNull(text: string | null): string | null {
  return text === null ? null : intern(text);
}

const INTERN_MAX_LENGTH = 128;
const INTERNED_KEPT = 200_000;
const interned = new Map<string, string>();
