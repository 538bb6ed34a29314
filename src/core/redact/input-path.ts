/**
 * A file's path as a published page may show it: relative to the input it was found under, never
 * the absolute path of the machine the build ran on (which names the user's home folder).
 *
 * The Report shows a path relative to the working directory when the file lies inside it, and the
 * absolute path otherwise. Such an absolute path is shown relative to the longest input root that
 * holds it (`~/.openclaw/logs/a.ndjson` read from `~/.openclaw` is `logs/a.ndjson`); a file named
 * as an input itself, or one no root holds, is shown by its name alone. Relative paths stay as
 * they are. Both separators are understood, so that Windows paths are treated alike.
 */
export function relativeToInput(filePath: string, inputRoots: readonly string[]): string {
  const file = filePath.replaceAll("\\", "/");
  if (!isAbsolute(file)) return filePath;
  let best: string | null = null;
  for (const input of inputRoots) {
    const root = rootOf(input.replaceAll("\\", "/"));
    if (root !== "" && file.startsWith(`${root}/`) && (best === null || root.length > best.length))
      best = root;
  }
  return best === null ? baseName(file) : file.slice(best.length + 1);
}

/** `/x`, `//server/share`, `C:/x`. */
function isAbsolute(p: string): boolean {
  return p.startsWith("/") || /^[A-Za-z]:\//.test(p);
}

/**
 * The folder an input stands for: itself without a trailing slash, or for a glob, the folders
 * before its first segment with a wildcard. A file named as an input gives its own path, which
 * holds no file, so that file is shown by its name.
 */
function rootOf(input: string): string {
  const segments = input.split("/");
  const wild = segments.findIndex((s) => /[*?[\]{}]/.test(s));
  const kept = wild === -1 ? segments : segments.slice(0, wild);
  return kept.join("/").replace(/\/+$/, "");
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf("/") + 1);
}
