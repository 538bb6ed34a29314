import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The folders, from the project's root, whose code shapes what a parse makes of a line: the
 * formats and the event in the core, and the reader, columns and cache in the IO shell.
 */
const PARSE_CODE_FOLDERS: readonly string[] = ["src/core", "src/ingest"];

/**
 * A SHA-1 of every `.ts` file under `folders` of `root`: each file's path from the root and its
 * bytes, in path order. Two checkouts whose parsing code differs in any byte get other
 * signatures, so neither reads the other's parse cache; the bundler computes the same value at
 * bundle time, as the bundle does not carry the sources.
 */
export function codeSignature(root: string, folders: readonly string[] = PARSE_CODE_FOLDERS): string {
  // A folder that is not there has no code (a project the bundler's tests make has only some).
  const files = folders.flatMap((folder) =>
    (existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      : []
    )
      .filter((name) => name.endsWith(".ts"))
      .map((name) => path.join(folder, name).split(path.sep).join("/")),
  );
  const hash = createHash("sha1");
  for (const file of files.sort()) {
    const bytes = readFileSync(path.join(root, file));
    // The path and the length first, so that no two sets of files hash the same bytes.
    hash.update(`${file}\u0000${bytes.length}\u0000`).update(bytes);
  }
  return hash.digest("hex");
}
