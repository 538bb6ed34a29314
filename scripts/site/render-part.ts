// One share of the site's pages, rendered by Astro in a process of its own (see render-site.ts):
//   node render-part.ts ROOT OUT_DIR BASE LOG_LEVEL CACHE_DIR   (data and share in WORKSCOPE_* env)
import path from "node:path";
import { build } from "astro";

const [root, outDir, base, logLevel, cacheDir] = process.argv.slice(2) as [
  string,
  string,
  string,
  "warn" | "error",
  string,
];
// Each process keeps its own caches, so that processes building side by side never share a file.
await build({ root, outDir, base, logLevel, cacheDir, vite: { cacheDir: path.join(cacheDir, "vite") } });
