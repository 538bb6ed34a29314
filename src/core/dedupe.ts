import { compareEvents, type CanonicalEvent, type EventOrigin } from "./event.ts";
import type { Finding } from "./finding.ts";

/** The distinct events in timeline order, with what dedupe dropped. */
export interface Deduped {
  /** Distinct events, ordered by time, then id. */
  events: CanonicalEvent[];
  /** How many copies were dropped. */
  duplicates: number;
  /** Copies that share a producer's id but not its content: the first copy is kept. */
  findings: Finding[];
}

/**
 * Drops repeated events: by the producer's id where it has one, otherwise by the fingerprint of
 * the line (which is the id then). Of several copies the one read from the first file and line is
 * kept, so the result does not depend on the order in which files were given.
 */
export function dedupeEvents(events: readonly CanonicalEvent[]): Deduped {
  const byId = new Map<string, CanonicalEvent>();
  const findings: Finding[] = [];
  let duplicates = 0;
  for (const event of events) {
    const seen = byId.get(event.id);
    if (seen === undefined) {
      byId.set(event.id, event);
      continue;
    }
    duplicates++;
    const [kept, dropped] = compareOrigins(seen.origin, event.origin) <= 0 ? [seen, event] : [event, seen];
    byId.set(event.id, kept);
    if (!event.id.startsWith("fp-") && !sameContent(kept, dropped)) {
      findings.push({
        file: dropped.origin.file,
        line: dropped.origin.line,
        reason: `event id "${event.id}" is used again with different content; kept the copy at ${kept.origin.file}:${kept.origin.line}`,
      });
    }
  }
  const distinct = [...byId.values()].sort(compareEvents);
  return { events: distinct, duplicates, findings };
}

function compareOrigins(a: EventOrigin, b: EventOrigin): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

function sameContent(a: CanonicalEvent, b: CanonicalEvent): boolean {
  return a.ts === b.ts && a.type === b.type && JSON.stringify(a.data) === JSON.stringify(b.data);
}
