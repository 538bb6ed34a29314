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
  return `${FINGERPRINT_PREFIX}${ts}-${lineLength}-${hash32(`${type}\u0000${agentId ?? ""}`)}`;
}
