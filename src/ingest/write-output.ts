import { once } from "node:events";
import { type FileHandle, lstat, mkdir, open, readlink, realpath, rm, stat } from "node:fs/promises";
import path from "node:path";
import { replaceFile } from "./replace-file.ts";

/**
 * How many bytes one write of the file writers carries at most. Pieces of text are encoded into a
 * buffer of this size, and the buffer is written when the next piece might not fit: a write of a
 * few bytes costs nearly as much as one of a megabyte. Two such buffers take turns, one filled
 * while the other is written, so the writers hold two megabytes however long the text is.
 */
export const BATCH_BYTES = 1 << 20;

/**
 * The most bytes UTF-8 takes for one UTF-16 code unit: three for a character of the basic plane,
 * and four for a surrogate pair, which is two code units.
 */
const UTF8_PER_UNIT = 3;

/**
 * Writes a file through a temporary name and renames it into place, so that a reader never sees
 * half of it (a dev server, or a user's script polling the file). A target that is no regular file
 * is written directly instead, as `writeTextAtomic` says.
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  await writeTextAtomic(target, [text]);
}

/**
 * Streams lines to a file through a temporary name, in batches, then renames it into place. Each
 * line and its newline are encoded as two pieces, so that no string of the two is ever made.
 */
export async function writeLinesAtomic(target: string, lines: Iterable<string>): Promise<void> {
  await writeTextAtomic(target, terminated(lines));
}

/**
 * Writes text given in pieces to a file through a temporary name, in writes of at most
 * `batchBytes` bytes (see `BATCH_BYTES`), then renames it into place. When the pieces, a write or
 * the rename fail, the temporary file is removed and a file already at `target` stays as it was. A
 * target that exists and is no regular file (a device such as `/dev/null`, a named pipe, a socket,
 * or a symbolic link to one) is written directly, as renaming over it would replace the device or
 * the pipe with a file; a symbolic link to a regular file is written through, at the file it
 * points to.
 */
export async function writeTextAtomic(
  target: string,
  pieces: Iterable<string>,
  batchBytes = BATCH_BYTES,
): Promise<void> {
  const place = await placeOf(target);
  if (place.direct) {
    // Appending truncates nothing: a device or a pipe has nothing to truncate, and a file behind
    // /proc is one the shell opened, emptied already for `>` and kept for `>>`.
    await writeTextFile(place.path, pieces, "a", batchBytes);
    return;
  }
  await mkdir(path.dirname(path.resolve(place.path)), { recursive: true });
  const temp = `${place.path}.${process.pid}.tmp`;
  try {
    // writeTextFile closes its file before it settles, so the temporary file can be removed at once.
    await writeTextFile(temp, pieces, "w", batchBytes);
    await replaceFile(temp, place.path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes the pieces' text to a file opened with `flag` (`w` to replace it, `a` to append) in writes
 * of at most `batchBytes` bytes, and closes it, also when the pieces or a write fail; settles only
 * once no write is left in flight. No temporary name: for a file whose readers wait for a sign
 * that it is whole (the site's data folder), or that writeTextAtomic has placed.
 */
export async function writeTextFile(
  file: string,
  pieces: Iterable<string>,
  flag: "w" | "a" = "w",
  batchBytes = BATCH_BYTES,
): Promise<void> {
  const handle = await open(file, flag);
  try {
    await encodePieces(pieces, batchBytes, true, (bytes) => writeWhole(handle, bytes));
  } finally {
    await handle.close();
  }
}

/**
 * Writes all of `bytes` at the file's position: a write may take fewer bytes than it is given (a
 * pipe, a full disk), and the rest follows.
 */
async function writeWhole(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let done = 0; done < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
}

/**
 * Encodes text given in pieces as UTF-8 into a buffer of `size` bytes, and hands the buffer to
 * `write` whenever the next piece might not fit: a piece is written into the buffer by
 * `Buffer.write`, so no string joins pieces and no buffer is made per piece. The next buffer is
 * filled while the last one is being written; `write` settles once it no longer needs its bytes,
 * and no write starts before the one before it has settled, so the bytes arrive in order. With
 * `reuse`, two buffers take turns; without, each batch gets a buffer of its own (for a stream,
 * which may keep what it is given). A piece too long for one buffer is cut between characters,
 * never inside a surrogate pair, and a pair split between two pieces is joined again, so the
 * bytes are those of the pieces' text joined. Settles, or fails with the first failure of the
 * pieces or of a write, only once no write is in flight.
 */
async function encodePieces(
  pieces: Iterable<string>,
  size: number,
  reuse: boolean,
  write: (bytes: Buffer) => Promise<void>,
): Promise<void> {
  // Room for a few characters at the least, so that a cut always moves forward.
  const room = Math.max(size, 4 * UTF8_PER_UNIT);
  const units = Math.floor(room / UTF8_PER_UNIT);
  let buffer = Buffer.allocUnsafeSlow(room);
  // With `reuse`, the buffer filled next: the one being written, once its write has settled.
  let other = reuse ? Buffer.allocUnsafeSlow(room) : undefined;
  let used = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    await writing;
    writing = write(buffer.subarray(0, used));
    // A failure is seen at the next wait; this only keeps it from counting as unhandled before.
    writing.catch(() => undefined);
    const next = other ?? Buffer.allocUnsafeSlow(room);
    if (reuse) other = buffer;
    buffer = next;
    used = 0;
  };
  // The first half of a surrogate pair that ended a piece: it waits for the piece after it, which
  // may start with the second half, as the two are one character only when encoded together.
  let held = "";
  try {
    for (let piece of pieces) {
      if (held !== "") {
        piece = held + piece;
        held = "";
      }
      const last = piece.charCodeAt(piece.length - 1);
      if (isLeadSurrogate(last)) {
        held = piece.slice(-1);
        piece = piece.slice(0, -1);
      } else if (piece.length === 1 && last < 0x80 && used < room) {
        // A lone ASCII character (a line's newline, a comma) is its own byte: storing it costs
        // less than a call that encodes.
        buffer[used++] = last;
        continue;
      }
      if (piece.length * UTF8_PER_UNIT <= room - used) {
        used += buffer.write(piece, used);
        continue;
      }
      if (used > 0) await flush();
      let start = 0;
      // What is left may not fit one buffer: cut it, and never between the two halves of a pair.
      while (piece.length - start > units) {
        let end = start + units;
        if (isLeadSurrogate(piece.charCodeAt(end - 1))) end--;
        used = buffer.write(piece.slice(start, end), 0);
        await flush();
        start = end;
      }
      used += buffer.write(start === 0 ? piece : piece.slice(start), used);
    }
    // A lone first half at the very end is written as UTF-8 writes any lone half.
    if (held !== "") {
      if (room - used < UTF8_PER_UNIT) await flush();
      used += buffer.write(held, used);
    }
    if (used > 0) await flush();
    await writing;
  } catch (error) {
    // The write in flight uses the file; it settles before the caller closes or removes it.
    await writing.catch(() => undefined);
    throw error;
  }
}

/** Whether a UTF-16 code unit is the first half of a surrogate pair. */
function isLeadSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
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
 * Writes text given in pieces to a stream that stays open, such as stdout, in batches of at most
 * `batchBytes` bytes, each encoded into a buffer of its own (the stream may keep it until it is
 * flushed), waiting only when the stream says its buffer is full.
 */
export async function writeTextTo(
  out: NodeJS.WritableStream,
  pieces: Iterable<string>,
  batchBytes = BATCH_BYTES,
): Promise<void> {
  await encodePieces(pieces, batchBytes, false, async (bytes) => {
    if (!out.write(bytes)) await once(out, "drain");
  });
}

/** Each line, then its newline as a piece of its own. */
function* terminated(lines: Iterable<string>): Generator<string> {
  for (const line of lines) {
    yield line;
    yield "\n";
  }
}
