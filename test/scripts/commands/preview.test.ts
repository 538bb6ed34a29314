import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../scripts/args.ts";
import { PREVIEW_HELP, runPreview } from "../../../scripts/commands/preview.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "workscope.js");

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Runs `workscope preview` on the site in `out` and fetches each of `urls` from it once it answers.
 * The command runs in a process group of its own, so that stopping it stops any Node it started.
 */
async function previewAndFetch(out: string, urls: string[]): Promise<{ status: number; body: string }[]> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, "preview", "--out", out, "--port", String(port)], {
    cwd: ROOT,
    stdio: "ignore",
    detached: true,
  });
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`http://localhost:${port}/`);
        break;
      } catch (error) {
        if (tries > 300 || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const served = [];
    for (const url of urls) {
      const response = await fetch(`http://localhost:${port}${url}`, { redirect: "manual" });
      served.push({ status: response.status, body: await response.text() });
    }
    return served;
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  }
}

describe("workscope preview", () => {
  it("explains its options", () => {
    for (const option of ["--out DIR", "--port N"]) expect(PREVIEW_HELP).toContain(option);
  });

  it("refuses a folder that holds no site, and a port that is no port, before it serves anything", async () => {
    const site = tmpTree({ "index.html": "<!doctype html>" });
    await expect(runPreview(["--out", tmpTree()])).rejects.toThrow(/holds no site/);
    await expect(runPreview(["--out", path.join(site, "missing")])).rejects.toBeInstanceOf(UsageError);
    for (const port of ["0", "65536", "http", "80.5"])
      await expect(runPreview(["--out", site, "--port", port]), port).rejects.toThrow(/--port should be/);
    await expect(runPreview(["--out", site, "--host"])).rejects.toBeInstanceOf(UsageError);
    // A file named as the site's folder, and a site whose marker is damaged: one line each.
    await expect(runPreview(["--out", path.join(site, "index.html")])).rejects.toThrow(/holds no site/);
    const damaged = tmpTree({ "index.html": "<!doctype html>", ".workscope-site": '{"base":' });
    await expect(runPreview(["--out", damaged])).rejects.toThrow(
      new UsageError(
        `${path.join(damaged, ".workscope-site")} is damaged: remove it only if the folder holds nothing but a workscope site`,
      ),
    );
  });

  it("serves a site under the base its own marker records, with no data folder beside it", async () => {
    const site = tmpTree({
      "index.html": "<!doctype html><p>the reports</p>",
      ".workscope-site": JSON.stringify({ generatedAt: "2026-03-09T00:00:00.000Z", base: "/reports/" }),
    });
    const [underBase, atRoot] = await previewAndFetch(site, ["/reports/", "/"]);
    expect(underBase?.status).toBe(200);
    expect(underBase?.body).toContain("the reports");
    expect(atRoot?.body).not.toContain("the reports");
  });

  it("serves a site whose marker an earlier version wrote, as plain text, under /", async () => {
    const site = tmpTree({
      "index.html": "<!doctype html><p>an older site</p>",
      ".workscope-site": "2026-03-09T00:00:00.000Z\n",
    });
    const [atRoot] = await previewAndFetch(site, ["/"]);
    expect(atRoot?.status).toBe(200);
    expect(atRoot?.body).toContain("an older site");
  });
});
