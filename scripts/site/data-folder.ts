// The data folder of a build on disk: when a build may use it, how a build writes a new one beside
// it and puts it in its place. Where it lies and its layout are src/site/data-folder.ts; the pages
// read it (src/site/data.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DATA_FOLDER_NAME, dataFileIn } from "../../src/site/data-folder.ts";
import { SiteSettings } from "../../src/site/settings.ts";
import { UsageError } from "../args.ts";

/** The ending of the folder a build writes its new data to, beside the data folder it replaces. */
const NEXT_SUFFIX = ".next";

/**
 * The folder a build writes its new data to: `.workscope/<name>.next/` beside the data folder
 * `.workscope/<name>/`. The data of the previous build stays where it is until the new build has
 * succeeded, so a failed build leaves the earlier site and its data as they were.
 */
export function nextDataFolder(dir: string): string {
  return `${path.resolve(dir)}${NEXT_SUFFIX}`;
}

/**
 * Checks that a build whose site goes to `out` may use its data folder and the folder its new data
 * is written to, both of which it empties. As with the output folder, a folder that holds anything
 * but the data of an earlier build (its settings file says so) is refused rather than emptied. An
 * output folder inside a `.workscope` folder is refused, as it would lie among the data folders,
 * and so is one whose name ends like the folder of a build's new data, which another build with
 * the shorter name would empty.
 */
export function checkDataFolder(dir: string, out: string): void {
  const resolved = path.resolve(out);
  const name = path.basename(resolved);
  if (resolved.split(path.sep).includes(DATA_FOLDER_NAME) || name === "")
    throw new UsageError(
      `--out ${out} lies where the build keeps the site's data; choose another name, e.g. dist`,
    );
  if (name.endsWith(NEXT_SUFFIX))
    throw new UsageError(
      `--out ${out} ends in ${NEXT_SUFFIX}, which the build keeps for the data it is writing; choose another name`,
    );
  // A file where a data folder or the `.workscope` folder goes: the folder could not be made.
  for (const folder of [path.dirname(dir), dir, nextDataFolder(dir)]) {
    if (existsSync(folder) && !statSync(folder).isDirectory())
      throw new UsageError(
        `${folder}, where the build keeps the site's data, is a file; move it or choose another --out`,
      );
  }
  for (const folder of [dir, nextDataFolder(dir)]) {
    if (!existsSync(folder)) continue;
    const entries = readdirSync(folder);
    if (entries.length > 0 && !holdsOurSettings(folder))
      throw new UsageError(
        `${folder}, where the build keeps the site's data, holds other files; move them or choose another --out`,
      );
  }
}

/**
 * True when a folder holds the settings file a build of ours writes: a `settings.json` that passes
 * its schema, so that a folder of another tool's that happens to hold a file of that name is never
 * taken for ours and emptied.
 */
function holdsOurSettings(folder: string): boolean {
  try {
    const text = readFileSync(dataFileIn(folder, { kind: "settings" }), "utf8");
    return SiteSettings.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * Starts a data folder afresh with the build's settings: the renderers read them as they start,
 * before the page data is written.
 */
export async function startDataFolder(dir: string, settings: SiteSettings): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    dataFileIn(dir, { kind: "settings" }),
    `${JSON.stringify(SiteSettings.parse(settings), null, 2)}\n`,
  );
}

/**
 * Puts the new data folder `next`, which a build has completed, in the place of the data folder
 * `dir`, whose earlier data goes.
 */
export async function replaceDataFolder(next: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await rename(next, dir);
}

/**
 * Removes the new data of a build that failed, and the `.workscope` folder around it when no other
 * build keeps data there, so that a failed first build leaves nothing behind. The data of the
 * previous build stays.
 */
export async function discardDataFolder(next: string): Promise<void> {
  await rm(next, { recursive: true, force: true });
  // rmdir removes only an empty folder: the data of any other site stays, and so does the folder.
  await rmdir(path.dirname(next)).catch(() => undefined);
}
