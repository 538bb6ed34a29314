// The report site renders the page data a build wrote into its data folder (src/site/data.ts):
// `workscope build` runs Astro on top of this file with its own output folder, and `npx astro dev`
// renders the same data live. The base path is the build's (--base), read from the data folder's
// settings; `/` when no build has written any.
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import { writtenSettings } from "./src/site/data.ts";

export default defineConfig({
  base: writtenSettings()?.base ?? "/",
  // React renders the drift charts (src/site/islands/), the only islands of the site; pages
  // without an island load none of its scripts.
  integrations: [react()],
  vite: {
    plugins: [
      {
        // A build ships React's production code whatever NODE_ENV the shell has (test runners set
        // "test"): Vite keeps a NODE_ENV it finds over its build mode, and both the JSX transform
        // and React's own modules would then be the development ones, a third larger and checking
        // every render. Vite reads NODE_ENV after the plugins' config hooks, so this one sets it.
        name: "workscope-production-build",
        apply: "build",
        config: () => {
          process.env.NODE_ENV = "production";
        },
      },
    ],
  },
  output: "static",
  // Styles stay external files: the Content-Security-Policy below allows no inline style.
  // Pages render while earlier ones are written: the build waits on the disk otherwise.
  build: { inlineStylesheets: "never", format: "directory", concurrency: 4 },
  trailingSlash: "ignore",
  devToolbar: { enabled: false },
  // Pages render markdown from logs with src/site/markdown.ts; Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro adds a CSP meta tag to every page, with hashes of its own scripts and styles; nothing
    // else may run, load or be framed, so text from a log can never act even if it got through.
    csp: {
      directives: [
        "default-src 'none'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "frame-src 'none'",
      ],
    },
  },
});
