import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The `now` both sites are built against: fixed, so that statuses and relative times repeat. */
export const SITE_NOW = "2026-03-09T00:00:00Z";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built sample site. */
    sampleSite: string;
    /** The site built from test/fixtures/site-hostile, two folders below `hostileParent`. */
    hostileSite: string;
    hostileParent: string;
    /** The Chromium to drive. */
    chromiumPath: string;
  }
}

/** Builds the two sites once with the real command line, for every browser test file. */
export default function setup(project: TestProject): () => void {
  const chromiumPath = findChromium();
  const dir = mkdtempSync(path.join(tmpdir(), "workscope-site-"));
  const build = (args: string[]): void => {
    execFileSync(
      process.execPath,
      [path.join(ROOT, "bin/workscope.js"), "build", ...args, "--now", SITE_NOW, "--quiet"],
      { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
    );
  };
  const sampleSite = path.join(dir, "sample");
  build(["content/sample", "--out", sampleSite]);
  const hostileParent = path.join(dir, "hostile", "a", "b");
  mkdirSync(hostileParent, { recursive: true });
  const hostileSite = path.join(hostileParent, "out");
  build(["test/fixtures/site-hostile", "--out", hostileSite]);
  project.provide("sampleSite", sampleSite);
  project.provide("hostileSite", hostileSite);
  project.provide("hostileParent", hostileParent);
  project.provide("chromiumPath", chromiumPath);
  return () => rmSync(dir, { recursive: true, force: true });
}
