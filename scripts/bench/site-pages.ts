import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** How many pages a built site holds: its `index.html` files, in every folder below `dir`. */
export function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countPages(path.join(dir, entry.name));
    else if (entry.name === "index.html") n++;
  }
  return n;
}

/** Sizes of every transcript page's HTML, in bytes: the page alone, before shared CSS and JS. */
export function transcriptSizes(out: string): number[] {
  const sizes: number[] = [];
  const sessions = path.join(out, "sessions");
  for (const session of readdirSync(sessions)) {
    const threads = path.join(sessions, session, "threads");
    let names: string[];
    try {
      names = readdirSync(threads);
    } catch {
      continue;
    }
    for (const thread of names) sizes.push(statSync(path.join(threads, thread, "index.html")).size);
  }
  return sizes.sort((a, b) => a - b);
}
