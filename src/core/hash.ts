/**
 * A fast, non-cryptographic 64-bit hash of a string, written as 16 hex digits.
 *
 * Dedupe needs a fingerprint for every event that carries no id of its own, so this runs once per
 * line on the hot path. Two independent 32-bit lanes (FNV-1a style, with a murmur finalizer) keep
 * collisions negligible for the few million events a log holds, and the loop stays in plain
 * integer arithmetic that V8 compiles well. It lives in the core because it is pure: the same
 * text always gives the same fingerprint, on every machine.
 */
export function hash64(text: string): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x9747b28c | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  h1 = fmix32(h1 ^ text.length);
  h2 = fmix32(h2 ^ h1);
  h1 = fmix32(h1 ^ h2);
  return hex32(h1) + hex32(h2);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, "0");
}

/** A 32-bit FNV-1a hash of a short string, as 8 hex digits. */
export function hash32(text: string): string {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hex32(fmix32(h ^ text.length));
}
