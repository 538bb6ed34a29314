import { once } from "node:events";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * How many characters one write carries, about: pieces of text are joined into strings of this
 * size before they are written, as a write of a few bytes costs nearly as much as one of a
 * megabyte, while a string of the whole output could pass what one string can hold.
 */
export const BATCH_CHARS = 1 << 20;

/**
 * Writes a file through a temporary name and renames it into place, so that a reader never sees
 * half of it (a dev server, or a user's script polling the file).
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, target);
}

/** Streams lines to a file through a temporary name, in batches, then renames it into place. */
export async function writeLinesAtomic(target: string, lines: Iterable<string>): Promise<void> {
  await writeTextAtomic(target, terminated(lines));
}

/**
 * Writes text given in pieces to a file through a temporary name, in batches of about
 * `BATCH_CHARS`, then renames it into place. When the pieces or a write fail, the temporary file
 * is removed and a file already at `target` stays as it was.
 */
export async function writeTextAtomic(
  target: string,
  pieces: Iterable<string>,
  batchChars = BATCH_CHARS,
): Promise<void> {
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  try {
    // writeFile closes its file before it settles, so the temporary file can be removed at once.
    await writeFile(temp, batches(pieces, batchChars));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await rename(temp, target);
}

/**
 * Writes text given in pieces to a stream that stays open, such as stdout, in batches of about
 * `batchChars`, waiting only when the stream says its buffer is full.
 */
export async function writeTextTo(
  out: NodeJS.WritableStream,
  pieces: Iterable<string>,
  batchChars = BATCH_CHARS,
): Promise<void> {
  for (const batch of batches(pieces, batchChars)) if (!out.write(batch)) await once(out, "drain");
}

/** The pieces joined into strings of at least `size` characters each, the last one aside. */
export function* batches(pieces: Iterable<string>, size: number = BATCH_CHARS): Generator<string> {
  let batch = "";
  for (const piece of pieces) {
    batch += piece;
    if (batch.length >= size) {
      yield batch;
      batch = "";
    }
  }
  if (batch !== "") yield batch;
}

/** Each line with its newline. */
function* terminated(lines: Iterable<string>): Generator<string> {
  for (const line of lines) yield `${line}\n`;
}
