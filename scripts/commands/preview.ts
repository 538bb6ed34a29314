import { existsSync } from "node:fs";
import path from "node:path";
import { parseCommand, UsageError } from "../args.ts";
import { DEFAULT_OUT } from "../../src/site/data-folder.ts";
import { ROOT } from "../site/render-site.ts";
import { readSiteMarker } from "../site/site-marker.ts";

export const PREVIEW_HELP = `Usage: workscope preview [options]

Serves a site that \`workscope build\` wrote, on http://localhost:4321/ by default (under its
--base path, which the site's own marker file, .workscope-site, remembers).

Options:
  --out DIR      the site's folder (default: dist)
  --port N       the port (default: 4321)
  -h, --help     this help
`;

export async function runPreview(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, { out: { type: "string" }, port: { type: "string" } });
  if (values.help) {
    process.stdout.write(PREVIEW_HELP);
    return 0;
  }
  const out = path.resolve(values.out ?? DEFAULT_OUT);
  if (!existsSync(path.join(out, "index.html")))
    throw new UsageError(`${out} holds no site; run \`npx workscope build\` first`);
  const port = Number(values.port ?? "4321");
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new UsageError(`--port should be a port number (got ${JSON.stringify(values.port)})`);
  // Served under the base its links were written for, as the build that wrote it recorded it in the
  // site itself: a site copied away from its data folder previews as well.
  const base = (await readSiteMarker(out))?.base ?? "/";
  const { preview } = await import("astro");
  const server = await preview({ root: ROOT, outDir: out, base, server: { port }, logLevel: "info" });
  await server.closed();
  return 0;
}
