import { open } from "node:fs/promises";

const CHUNK = 1024 * 1024;

/**
 * Whether two files hold the same bytes, read side by side a megabyte at a time, so that two
 * Reports of hundreds of MB are compared without holding either whole.
 */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const [fa, fb] = await Promise.all([open(a), open(b)]);
  try {
    const [sa, sb] = await Promise.all([fa.stat(), fb.stat()]);
    if (sa.size !== sb.size) return false;
    const ba = Buffer.alloc(CHUNK);
    const bb = Buffer.alloc(CHUNK);
    for (let at = 0; at < sa.size; at += CHUNK) {
      const [ra, rb] = await Promise.all([fa.read(ba, 0, CHUNK, at), fb.read(bb, 0, CHUNK, at)]);
      if (ra.bytesRead !== rb.bytesRead || !ba.subarray(0, ra.bytesRead).equals(bb.subarray(0, rb.bytesRead)))
        return false;
    }
    return true;
  } finally {
    await Promise.all([fa.close(), fb.close()]);
  }
}
