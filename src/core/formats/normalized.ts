import type { BaseEvent } from "../event.ts";

/** One line as the reader hands it to a format: where it is, and its exact text. */
export interface LineRef {
  /** The file, as listed in `input.files`. */
  file: string;
  /** The 1-based line number. */
  line: number;
  /** The line's text without its line ending; fingerprints are taken from it. */
  text: string;
  /** The same line as UTF-8 bytes: what an event keeps (see CanonicalEvent.raw). */
  bytes: Uint8Array;
}

/**
 * What a format makes of one parsed line. `event` is null when nothing could be placed on the
 * timeline; `problems` become findings on that line either way, so nothing is dropped silently.
 */
export interface Normalized {
  /** The event, or null when the line could not become one. */
  event: BaseEvent | null;
  /**
   * True when the producer wrote no time: `ts` is NaN, and the analysis dates the event from what
   * is tied to it (see src/core/claude/date-events.ts), never from the file or the clock.
   */
  needsTime: boolean;
  /** What was wrong with the line, one sentence each. */
  problems: readonly string[];
}

export function rejected(reason: string): Normalized {
  return { event: null, needsTime: false, problems: [reason] };
}

/** The problems of a line that has none: one shared, frozen list. */
export const NO_PROBLEMS: readonly string[] = Object.freeze([]);
