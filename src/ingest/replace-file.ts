import { lstat, rename, rm } from "node:fs/promises";

/**
 * Puts the file `temp` at `target`, in place of the file there. An old regular file is first moved
 * aside under a name beside `temp` and removed after: ext4 (with its default `auto_da_alloc`) writes
 * a file's data out before a rename over another file can finish, which kept a run waiting some 40
 * ms for a Report of 117 MB, where a rename to a free name takes a fraction of one. The price is a
 * moment in which nothing is at `target`; a reader never finds half a file there. Anything else at
 * `target` (a folder, say) is left to the one rename, which fails as it would. With `keepOld`, the
 * old file is kept under that name (in place of any file there) instead of being removed. Two runs
 * may replace one file at once (two commands writing one Report): an old file that another run
 * moved away first is no failure, and the file renamed last is the one in place.
 */
export async function replaceFile(temp: string, target: string, keepOld?: string): Promise<void> {
  const old = await lstat(target).catch(() => null);
  if (old === null || !old.isFile()) {
    await rename(temp, target);
    return;
  }
  // Ending in .tmp, as the parse cache sweeps such files that a killed run left in its folder.
  const aside = keepOld ?? `${temp}.old.tmp`;
  // To a free name: a rename over a file would wait for the old file's data to be written out.
  if (keepOld !== undefined) await rm(keepOld, { force: true });
  try {
    await rename(target, aside);
  } catch (error) {
    // Another run put its own file there meanwhile and moved this one aside first: nothing is left
    // to move, and this file takes the place as it would have.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await rename(temp, target);
    return;
  }
  try {
    await rename(temp, target);
  } catch (error) {
    // The old file goes back, so that a failed write leaves what was there.
    await rename(aside, target).catch(() => undefined);
    throw error;
  }
  if (keepOld === undefined) await rm(aside, { force: true });
}
