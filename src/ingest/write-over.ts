import type { Stats } from "node:fs";
import { lstat, open, rename, rm, type FileHandle } from "node:fs/promises";

/**
 * Opens `temp` to write a new version of a file into, over the bytes of `old` when it can: `old`
 * (an earlier version no one reads any more, such as the spare Report) is moved to `temp` and
 * written over, else `temp` is a new file. The writer writes from the start and cuts the file to its length at the end
 * (`FileHandle.truncate`).
 *
 * Writing over a file's cached pages costs little; a new file needs as much fresh memory for its
 * pages, which on a virtual machine is the larger cost: 120 MB written over a file took 14 ms,
 * into a new one 170 to 260 ms. `old` is used only when it is a regular file with no other name
 * (a hard link someone made is left to that name, untouched) and can be opened for writing, and
 * is not the file `reading` (whose bytes the writer is copying from: another run may have made the
 * Report this one reads its spare meanwhile). It is moved first, so that two runs never write over
 * one file.
 */
export async function openOver(old: string, temp: string, reading?: FileHandle): Promise<FileHandle> {
  if (await takeFile(old, temp, reading === undefined ? null : await reading.stat()))
    try {
      return await open(temp, "r+");
    } catch {
      // A file made read-only, or another user's: a new file in its place.
      await rm(temp, { force: true });
    }
  return open(temp, "w");
}

/**
 * Moves `old` to `temp` when it is a regular file with no other name and not the file `not`, and
 * says whether it did. Anything else is left where it is; so is a file that turns out another once
 * moved, put back.
 */
async function takeFile(old: string, temp: string, not: Stats | null): Promise<boolean> {
  const before = await lstat(old).catch(() => null);
  if (before === null || !before.isFile() || before.nlink !== 1) return false;
  if (not !== null && before.dev === not.dev && before.ino === not.ino) return false;
  try {
    await rename(old, temp);
  } catch {
    return false;
  }
  const after = await lstat(temp).catch(() => null);
  if (after !== null && after.isFile() && after.nlink === 1 && after.ino === before.ino) return true;
  await rename(temp, old).catch(() => undefined);
  return false;
}
