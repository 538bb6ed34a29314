import { hash32 } from "./hash.ts";

/** Ids that workscope made up for events whose producer wrote none start with this. */
export const FINGERPRINT_PREFIX = "fp-";

/**
 * The id of an event whose producer wrote none (OpenClaw's coordination events): its time in
 * epoch ms, the length of its line in bytes, and a hash of its type and agent, e.g.
 * `fp-1771232460000-368-14f4c224`. Copies of one line get the same id.
 *
 * Hashing whole lines would cost about as much as parsing them, so the id holds only what tells
 * lines apart cheaply. Distinct events that still share it (same millisecond, type, agent and
 * line length) are told apart by their lines in `dedupeEvents`, which numbers them; nothing is
 * dropped for sharing an id.
 */
export function fingerprintId(ts: number, type: string, agentId: string | null, lineLength: number): string {
  const hash = typeAgentHash(type, agentId);
  // join writes one flat string; a template literal of this length is a tree of V8 cons strings
  // (about 200 bytes instead of 50), and every event without an id keeps its id to the end.
  if (!(ts >= 1e6 && ts <= Number.MAX_SAFE_INTEGER && Number.isInteger(ts)))
    return [FINGERPRINT_PREFIX, ts, "-", lineLength, "-", hash].join("");
  // A time in epoch ms is a number of 13 digits, which V8 writes out anew each time, and that
  // was half the cost of an id. Its millions change every 17 minutes, and V8 remembers the text
  // of a small number it wrote lately; the six digits after them are two lookups in a table.
  const millions = Math.floor(ts / 1e6);
  const rest = ts - millions * 1e6;
  const thousands = Math.floor(rest / 1000);
  return [
    FINGERPRINT_PREFIX,
    millions,
    THREE_DIGITS[thousands],
    THREE_DIGITS[rest - thousands * 1000],
    "-",
    lineLength,
    "-",
    hash,
  ].join("");
}

/** The numbers 0–999 in three digits. */
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));

/**
 * The hash of a type and an agent (none is ""), as fingerprint ids hold it: eight hex digits,
 * worked out once per pair: a log has a few dozen types and
 * agents but hundreds of thousands of events, and hashing the pair again for each was a tenth of
 * the analysis. The table is emptied when it grows past TYPE_AGENT_PAIRS_KEPT, so a log of
 * millions of made-up types cannot fill memory with it.
 */
export function typeAgentHash(type: string, agent: string | null): string {
  const agentId = agent ?? "";
  const known = hashOfPair.get(type)?.get(agentId);
  if (known !== undefined) return known;
  if (pairsKept >= TYPE_AGENT_PAIRS_KEPT) {
    hashOfPair.clear();
    pairsKept = 0;
  }
  const hash = hash32(`${type}\u0000${agentId}`);
  let byAgent = hashOfPair.get(type);
  if (byAgent === undefined) hashOfPair.set(type, (byAgent = new Map()));
  byAgent.set(agentId, hash);
  pairsKept++;
  return hash;
}

const TYPE_AGENT_PAIRS_KEPT = 10_000;
const hashOfPair = new Map<string, Map<string, string>>();
let pairsKept = 0;
