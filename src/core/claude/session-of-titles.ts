import type { BaseEvent } from "../event.ts";
import { addTo } from "../group.ts";
import { isTranscriptEvent, smallest } from "./claude-event.ts";

/**
 * Gives a session to the transcript entries that name none. A `summary` entry titles the
 * conversation whose last entry it points at (`leafUuid`), and that entry names its session; the
 * other entries without a session (`custom-title`, `file-history-snapshot`, …) lie in one
 * session's transcript file, so they take the session most of that file's events name (on a tie,
 * the smallest id, so the answer never depends on the order of files). Hook payloads without a
 * session are left alone: a capture file mixes the payloads of many sessions.
 *
 * Values in, values out: only the events given a session are copied.
 */
export function withSessionsOfTitles<E extends BaseEvent>(events: readonly E[]): E[] {
  const orphans: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as E;
    if (event.workSessionId === null && isTranscriptEvent(event)) orphans.push(i);
  }
  if (orphans.length === 0) return events as E[];

  const wanted = new Set<string>();
  const orphanFiles = new Set<string>();
  for (const i of orphans) {
    const event = events[i] as E;
    if (event.facts.leafUuid !== undefined) wanted.add(event.facts.leafUuid);
    orphanFiles.add(event.file);
  }
  const sessionsOfUuid = new Map<string, Set<string>>();
  const countsOfFile = new Map<string, Map<string, number>>();
  for (const event of events) {
    const session = event.workSessionId;
    if (session === null) continue;
    const uuid = event.facts.uuid;
    if (uuid !== undefined && wanted.has(uuid)) addTo(sessionsOfUuid, uuid, session);
    if (orphanFiles.has(event.file)) {
      let counts = countsOfFile.get(event.file);
      if (counts === undefined) countsOfFile.set(event.file, (counts = new Map()));
      counts.set(session, (counts.get(session) ?? 0) + 1);
    }
  }

  const out = [...events];
  for (const i of orphans) {
    const event = events[i] as E;
    const leaf = event.facts.leafUuid;
    const byLeaf = leaf === undefined ? undefined : smallest(sessionsOfUuid.get(leaf) ?? []);
    const session = byLeaf ?? mostNamed(countsOfFile.get(event.file));
    if (session !== undefined) out[i] = { ...event, workSessionId: session };
  }
  return out;
}

/** The session named most often, the smallest id among those named equally often. */
function mostNamed(counts: ReadonlyMap<string, number> | undefined): string | undefined {
  if (counts === undefined) return undefined;
  let best: string | undefined;
  let bestCount = 0;
  for (const [session, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && session < best)) {
      best = session;
      bestCount = count;
    }
  }
  return best;
}
