import { once } from "node:events";
import { lstat, mkdir, readlink, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * How many characters one write carries, about: pieces of text are joined into strings of this
 * size before they are written, as a write of a few bytes costs nearly as much as one of a
 * megabyte, while a string of the whole output could pass what one string can hold.
 */
export const BATCH_CHARS = 1 << 20;

/**
 * Writes a file through a temporary name and renames it into place, so that a reader never sees
 * half of it (a dev server, or a user's script polling the file). A target that is no regular file
 * is written directly instead, as `writeTextAtomic` says.
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  await writeTextAtomic(target, [text]);
}

/** Streams lines to a file through a temporary name, in batches, then renames it into place. */
export async function writeLinesAtomic(target: string, lines: Iterable<string>): Promise<void> {
  await writeTextAtomic(target, terminated(lines));
}

/**
 * Writes text given in pieces to a file through a temporary name, in batches of about
 * `BATCH_CHARS`, then renames it into place. When the pieces, a write or the rename fail, the
 * temporary file is removed and a file already at `target` stays as it was. A target that exists
 * and is no regular file (a device such as `/dev/null`, a named pipe, a socket, or a symbolic link
 * to one) is written directly, as renaming over it would replace the device or the pipe with a
 * file; a symbolic link to a regular file is written through, at the file it points to.
 */
export async function writeTextAtomic(
  target: string,
  pieces: Iterable<string>,
  batchChars = BATCH_CHARS,
): Promise<void> {
  const place = await placeOf(target);
  if (place.direct) {
    // Appending truncates nothing: a device or a pipe has nothing to truncate, and a file behind
    // /proc is one the shell opened, emptied already for `>` and kept for `>>`.
    await writeFile(place.path, batches(pieces, batchChars), { flag: "a" });
    return;
  }
  await mkdir(path.dirname(path.resolve(place.path)), { recursive: true });
  const temp = `${place.path}.${process.pid}.tmp`;
  try {
    // writeFile closes its file before it settles, so the temporary file can be removed at once.
    await writeFile(temp, batches(pieces, batchChars));
    await rename(temp, place.path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Where a file is written, and whether directly (no temporary name) or by a rename. */
interface Place {
  /** The path to write, or to rename the temporary file to. */
  path: string;
  /** Whether the path is written directly, as it is no regular file. */
  direct: boolean;
}

/**
 * How to write `target`. A missing target or a regular file is replaced by a rename. Anything else
 * that exists, except a folder (whose rename fails with its own clear error), is written directly:
 * a rename would put a regular file where the device, pipe or socket was, and the next program
 * writing to `/dev/null` would fill a file. A symbolic link is followed and decided by what it
 * points to: a device or pipe behind it (`/dev/stdout`) is written directly; a regular file
 * behind it is replaced at its own path, so the link stays a link and the file it names gets the
 * new text, as a shell's `>` would do. A link that points nowhere counts as a missing target.
 */
async function placeOf(target: string): Promise<Place> {
  const own = await lstat(target).catch(missing);
  if (own === undefined) return { path: target, direct: false };
  if (own.isFile() || own.isDirectory()) return { path: target, direct: false };
  if (!own.isSymbolicLink()) return { path: target, direct: true };
  const pointed = await stat(target).catch(missing);
  if (pointed === undefined || pointed.isDirectory()) return { path: target, direct: false };
  if (!pointed.isFile()) return { path: target, direct: true };
  // A link through /proc (`/dev/stdout` when the shell sent it to a file) names a file the shell
  // holds open, maybe for appending: replacing that file would lose what it held, so it is written.
  if (await passesThroughProc(target)) return { path: target, direct: true };
  return { path: await realpath(target), direct: false };
}

/**
 * Whether a chain of symbolic links passes through /proc, whose links to open files (`/dev/stdout`
 * is `/proc/self/fd/1`, `/dev/fd` is `/proc/self/fd`) resolve to the file's own path.
 */
async function passesThroughProc(link: string): Promise<boolean> {
  let current = path.resolve(link);
  // Forty links, as many as the kernel follows before it gives up with ELOOP.
  for (let step = 0; step < 40; step++) {
    const folder = await realpath(path.dirname(current));
    if (folder === "/proc" || folder.startsWith("/proc/")) return true;
    const own = path.join(folder, path.basename(current));
    if (!(await lstat(own)).isSymbolicLink()) return false;
    current = path.resolve(folder, await readlink(own));
  }
  return false;
}

/** Nothing, for an error that says the path does not exist; any other error is thrown again. */
function missing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
  throw error;
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
