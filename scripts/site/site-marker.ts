// The marker file a build leaves in every site it writes: it tells a rebuild that the folder holds
// a site of ours, which it may replace, and tells `workscope preview` how to serve the site.
import { lstat, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { UsageError } from "../args.ts";

/** The marker's file name, at the top of the output folder. */
export const SITE_MARKER = ".workscope-site";

/**
 * A file's path inside the site, `/`-separated: relative, with no empty, `.` or `..` part and no
 * backslash, so that a marker edited by hand can never name a file outside the site; and no part
 * starting with a dot, as no site of ours holds a hidden file, so that a marker (which a gh-pages
 * branch commits, and anyone who pushes to it may edit) can never make a rebuild delete `.git/`.
 */
export const SiteFilePath = z
  .string()
  .refine(
    (p) =>
      !p.includes("\\") &&
      !p.includes("\0") &&
      p.split("/").every((part) => part !== "" && !part.startsWith(".")),
    "a relative path inside the site",
  );

/**
 * What a site's marker records: what serving the site needs, kept with the site itself, so that a
 * site previews as it was built even without its data folder (copied elsewhere, say).
 */
export const SiteMarker = z.object({
  /** The time the build judged the logs against, as ISO-8601 UTC text. */
  generatedAt: z.iso.datetime(),
  /** The path the site's links were written for (`--base`), starting and ending with a slash. */
  base: z.string().startsWith("/").endsWith("/"),
  /**
   * Every file the build wrote into the site, the marker aside, sorted: a rebuild replaces these and
   * leaves every other file in the folder alone. Missing from the markers of earlier versions.
   */
  files: z.array(SiteFilePath).optional(),
});
export type SiteMarker = z.infer<typeof SiteMarker>;

/** Writes the marker of a site that a build has just put in `out`. */
export async function writeSiteMarker(out: string, marker: SiteMarker): Promise<void> {
  const file = path.join(out, SITE_MARKER);
  // Removed first, so that a symbolic link put in its place is replaced, never written through.
  await rm(file, { force: true });
  await writeFile(file, `${JSON.stringify(SiteMarker.parse(marker), null, 2)}\n`);
}

/**
 * The marker of the site in `out`, or null when the folder holds none. Builds before the marker was
 * JSON wrote only their time, as plain text: such a marker reads as the default base, `/`, so that
 * a site built then still previews.
 */
export async function readSiteMarker(out: string): Promise<SiteMarker | null> {
  const file = path.join(out, SITE_MARKER);
  // lstat, not exists: a symbolic link (even one that points nowhere) is no marker a build wrote.
  const stat = await lstat(file).catch(() => null);
  if (stat === null) return null;
  if (!stat.isFile())
    throw new UsageError(
      `${file} is not a file a build wrote: remove it only if the folder holds nothing but a workscope site`,
    );
  try {
    const text = await readFile(file, "utf8");
    if (!text.trimStart().startsWith("{")) return SiteMarker.parse({ generatedAt: text.trim(), base: "/" });
    return SiteMarker.parse(JSON.parse(text));
  } catch {
    // A marker no build of ours wrote (edited, cut short) says nothing to trust about the folder.
    throw new UsageError(
      `${file} is damaged: remove it only if the folder holds nothing but a workscope site`,
    );
  }
}
