import { hash32 } from "./hash.ts";

/** Ids that workscope made up for events whose producer wrote none start with this. */
export const FINGERPRINT_PREFIX = "fp-";

/**
 * The id of an event whose producer wrote none (OpenClaw's coordination events): its time, the
 * length of its line in bytes, and a hash of its type and agent. Copies of one line get the same id.
 * `eventId()` calls it; nothing else needs to.
 *
 * Hashing whole lines would cost about as much as parsing them, and this runs once per event, so
 * the id holds only what tells lines apart cheaply. Distinct events that still share it (same
 * millisecond, type, agent and line length) are told apart by content in `dedupeEvents`, which
 * numbers them; nothing is dropped for sharing an id.
 */
export function fingerprintId(ts: number, type: string, agentId: string | null, lineLength: number): string {
  // Seconds since 2020 and the milliseconds fit V8's small integers, which print several times
  // faster than a 13-digit epoch; the id still names one millisecond.
  const sinceEpoch = ts - ID_EPOCH_MS;
  const seconds = Math.floor(sinceEpoch / 1000);
  return `${FINGERPRINT_PREFIX}${seconds}.${sinceEpoch - seconds * 1000}-${lineLength}-${typeAgentHash(type, agentId ?? "")}`;
}

/** 2020-01-01T00:00:00Z: fingerprint ids count time from here. */
const ID_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * A log holds a few dozen type and agent pairs, so their hashes are remembered: this is the hot
 * path of ingest. The cache holds only those short strings, never event content.
 */
const pairHashes = new Map<string, Map<string, string>>();

function typeAgentHash(type: string, agent: string): string {
  let byAgent = pairHashes.get(type);
  if (byAgent === undefined) pairHashes.set(type, (byAgent = new Map()));
  let hash = byAgent.get(agent);
  if (hash === undefined) byAgent.set(agent, (hash = hash32(`${type}\u0000${agent}`)));
  return hash;
}
