// Puts a freshly rendered site into its output folder beside whatever else the folder holds: only
// the files an earlier build of ours wrote (the marker's list) are replaced, so that a site kept in
// a checkout of its own (a gh-pages branch with `.git/` and `CNAME`) keeps the user's files.
import { existsSync } from "node:fs";
import { lstat, mkdir, readdir, rename, rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../args.ts";
import { readSiteMarker, SITE_MARKER } from "./site-marker.ts";

/** Folders a renderer writes beside the pages for itself, which are not part of the site. */
const NOT_SITE = new Set([".prerender"]);

/**
 * Moves the files of the rendered parts into `out` and returns every file of the new site, sorted.
 * Files the earlier build listed in its marker are removed first, with folders they leave empty;
 * nothing else in `out` is touched. A new file whose place holds a file no build of ours wrote is
 * refused with a UsageError before anything changes. `skip` names entries of `out` that are the
 * build's own work folders.
 */
export async function placeSite(
  out: string,
  partDirs: readonly string[],
  skip: readonly string[],
): Promise<string[]> {
  const newFiles = [
    ...new Set((await Promise.all(partDirs.map((dir) => filesUnder(dir, NOT_SITE)))).flat()),
  ].sort();
  const ours = await earlierFiles(out, newFiles, skip);
  for (const file of newFiles) {
    const taken = await takenBy(out, file, ours);
    if (taken !== null)
      throw new UsageError(
        `--out ${out} holds ${taken}, which no workscope build wrote and this build would overwrite; move it away or choose another folder`,
      );
  }
  for (const file of [...ours].sort().reverse()) await removeOurs(out, file);
  for (const dir of partDirs) await moveInto(dir, out);
  return newFiles;
}

/**
 * The files of the site that an earlier build wrote in `out`: its marker's list, or, for a marker
 * of a version that kept no list, the files under the names the new site uses at its top (its
 * pages' folders, `index.html`, `_astro/`), which that version owned; a folder without a marker
 * holds none.
 */
async function earlierFiles(
  out: string,
  newFiles: readonly string[],
  skip: readonly string[],
): Promise<Set<string>> {
  const marker = await readSiteMarker(out);
  if (marker === null) return new Set();
  if (marker.files !== undefined) return new Set(marker.files);
  const tops = new Set(newFiles.map((file) => file.split("/")[0] ?? file));
  const ignored = new Set([
    ...skip,
    SITE_MARKER,
    ...(await readdir(out)).filter((entry) => !tops.has(entry)),
  ]);
  return new Set(await filesUnder(out, ignored));
}

/**
 * The path, in `out`, of what keeps `file` from being written there: a file or folder at its place,
 * or a file where one of its folders goes, that no build of ours wrote. Null when the place is free.
 */
async function takenBy(out: string, file: string, ours: ReadonlySet<string>): Promise<string | null> {
  const parts = file.split("/");
  for (let k = 1; k <= parts.length; k++) {
    const rel = parts.slice(0, k).join("/");
    const info = await lstat(path.join(out, rel)).catch(() => null);
    if (info === null) return null;
    if (ours.has(rel)) continue;
    if (k < parts.length && info.isDirectory()) continue;
    return rel;
  }
  return null;
}

/** Removes a file an earlier build wrote, and the folders up to `out` that it leaves empty. */
async function removeOurs(out: string, file: string): Promise<void> {
  const target = path.join(out, file);
  // The marker's paths are checked to stay inside the site; this holds even if that check changes.
  if (path.relative(out, target).startsWith("..")) return;
  // A folder of the path replaced by a link since (to somewhere outside, say) is not ours to follow.
  const parts = file.split("/");
  for (let k = 1; k < parts.length; k++) {
    const folder = await lstat(path.join(out, ...parts.slice(0, k))).catch(() => null);
    if (folder === null || !folder.isDirectory()) return;
  }
  const info = await lstat(target).catch(() => null);
  // A folder where our file was is the user's now: it stays.
  if (info === null || info.isDirectory()) return;
  await unlink(target);
  for (let dir = path.dirname(target); dir !== out && dir.startsWith(out); dir = path.dirname(dir)) {
    const removed = await rmdir(dir).then(
      () => true,
      () => false,
    );
    if (!removed) break;
  }
}

/** Every file below `dir`, relative and `/`-separated, without the entries of `dir` named in `skip`. */
async function filesUnder(dir: string, skip: ReadonlySet<string>): Promise<string[]> {
  const files: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      if (rel === "" && skip.has(entry.name)) continue;
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else files.push(child);
    }
  };
  await walk("");
  return files;
}

/** Moves a part's files into the site, folder by folder; what is there already stays. */
async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (NOT_SITE.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    // The pages every renderer writes (the lists, the assets named by their hash) come out the
    // same in each part: the first part's copy is kept.
    if (!existsSync(target)) await rename(source, target);
    else if (entry.isDirectory()) await moveInto(source, target);
  }
}
