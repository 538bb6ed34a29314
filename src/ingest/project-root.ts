import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The nearest folder at or above `start` that holds a package.json. Looked for rather than reached
 * by a fixed number of `..`, because the command line runs from two places: as TypeScript from
 * scripts/, and bundled into .cli-bundle/ (scripts/bundle-cli.ts), where every module shares the
 * bundle's own folder.
 */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The project folder (with a trailing separator): Astro's root, and where content/ and scripts/ are. */
export const PROJECT_ROOT = `${findProjectRoot(path.dirname(fileURLToPath(import.meta.url)))}${path.sep}`;
