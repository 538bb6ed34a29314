// One share of the site's pages, rendered by Astro in a process of its own (see render-site.ts):
//   node render-part.ts ROOT OUT_DIR LOG_LEVEL CACHE_DIR
// The data folder and the share come in the environment (WORKSCOPE_DATA, WORKSCOPE_PART); the
// base path, like every setting of the site, comes from the data folder's settings, through
// astro.config.mjs.
import path from "node:path";
import { build } from "astro";

const [root, outDir, logLevel, cacheDir] = process.argv.slice(2) as [
  string,
  string,
  "warn" | "error",
  string,
];
// Each process keeps its own caches, so that processes building side by side never share a file.
await build({ root, outDir, logLevel, cacheDir, vite: { cacheDir: path.join(cacheDir, "vite") } });
