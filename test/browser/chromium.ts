import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
 * Playwright's own. Playwright cannot download a browser here, so on a Debian machine where the
 * tests run as root, Debian's package is installed; anywhere else a missing browser is an error
 * that says what to do, never a skipped test.
 */
export function findChromium(): string {
  const named = process.env["CHROMIUM_PATH"];
  if (named !== undefined && named !== "") {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH=${named} does not exist`);
    return named;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = chromium.executablePath();
  if (own !== "" && existsSync(own)) return own;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    "no Chromium for the browser tests: install Debian's `chromium` (apt-get install -y chromium) or set CHROMIUM_PATH",
  );
}
