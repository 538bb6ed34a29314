// npm install run against a registry that lacks some platforms' optional binaries (as this
// project's does: only linux-x64 builds of @astrojs/compiler-binding are served) leaves those
// packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds
// an entry for each missing optional dependency with the os, cpu and libc its name declares, so
// `npm ci` skips it on other platforms as it would with a complete lock.
//   node scripts/fix-lockfile.ts        (after any `npm install`)
import { readFileSync, writeFileSync } from "node:fs";

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
  [key: string]: unknown;
}

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "sunos", "win32", "aix", "netbsd"];
const CPU = ["arm64", "arm", "x64", "ia32", "ppc64", "riscv64", "s390x", "wasm32", "loong64"];

/** The platform a binary package's name declares, e.g. `…-linux-arm64-musl`. */
function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const parts = name.split("/").pop()?.split("-") ?? [];
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.includes("musl") ? "musl" : parts.includes("gnu") ? "glibc" : undefined;
  return { ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}), ...(os ? { os: [os] } : {}) };
}

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8")) as { packages: Record<string, LockEntry> };
let added = 0;
for (const entry of Object.values({ ...lock.packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] !== undefined) continue;
    lock.packages[key] = {
      version,
      ...platformOf(name),
      optional: true,
      ...(entry.engines ? { engines: entry.engines } : {}),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added} missing optional platform entries added\n`);
