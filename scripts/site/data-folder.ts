// The data folder of a build on disk: where it goes, when a build may use it, and how a build
// starts it afresh. Its layout is src/site/data-folder.ts; the pages read it (src/site/data.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DATA_FOLDER_NAME, dataFileIn } from "../../src/site/data-folder.ts";
import { SiteSettings } from "../../src/site/settings.ts";
import { UsageError } from "../args.ts";

/**
 * The data folder of a build whose site goes to `out`: `.workscope/` beside it, so that a build
 * from the project folder with `--out dist` leaves it where `npx astro dev` looks by default.
 */
export function dataFolderBeside(out: string): string {
  return path.join(path.dirname(path.resolve(out)), DATA_FOLDER_NAME);
}

/**
 * A build empties its data folder, so, as with the output folder, a folder that holds anything but
 * the data of an earlier build (its settings file says so) is refused rather than emptied.
 */
export function checkDataFolder(dir: string, out: string): void {
  if (path.resolve(dir) === path.resolve(out))
    throw new UsageError(
      `--out ${out} is where the build keeps the site's data; choose another name, e.g. dist`,
    );
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir);
  if (entries.length > 0 && !existsSync(dataFileIn(dir, { kind: "settings" })))
    throw new UsageError(
      `${dir}, where the build keeps the site's data beside --out, holds other files; move them or choose another --out`,
    );
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

/** The settings of the build that wrote a data folder, or null when none did. */
export function settingsIn(dir: string): SiteSettings | null {
  const file = dataFileIn(dir, { kind: "settings" });
  return existsSync(file) ? SiteSettings.parse(JSON.parse(readFileSync(file, "utf8"))) : null;
}
