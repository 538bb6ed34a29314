// npm install run against a registry that lacks some platforms' optional binaries (as this
// project's does: only linux-x64 builds of @astrojs/compiler-binding are served) leaves those
// packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds
// an entry for each missing optional dependency with the os, cpu and libc its name declares, so
// `npm ci` skips it on other platforms as it would with a complete lock.
//   node scripts/fix-lockfile.ts        (after any `npm install`)
import { readFileSync, writeFileSync } from "node:fs";

/** One entry of package-lock.json's `packages`, as far as this script reads it. */
export interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
  [key: string]: unknown;
}

/** package-lock.json, as far as this script reads it. */
export interface Lock {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "sunos", "win32", "aix", "netbsd"];
const CPU = ["arm64", "arm", "x64", "ia32", "ppc64", "riscv64", "s390x", "wasm32", "loong64"];

/** The platform a binary package's name declares, e.g. `…-linux-arm64-musl`. */
export function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const parts = name.split("/").pop()?.split("-") ?? [];
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.includes("musl") ? "musl" : parts.includes("gnu") ? "glibc" : undefined;
  return { ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}), ...(os ? { os: [os] } : {}) };
}

/**
 * The lock with an entry for every optional dependency it lacks, and how many were added. Entries
 * are ordered by path, the root package first, as npm writes them.
 */
export function addMissingOptionals(lock: Lock): { lock: Lock; added: number } {
  const packages: Record<string, LockEntry> = { ...lock.packages };
  let added = 0;
  for (const entry of Object.values(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (packages[key] !== undefined) continue;
      packages[key] = {
        version,
        ...platformOf(name),
        optional: true,
        ...(entry.engines ? { engines: entry.engines } : {}),
      };
      added++;
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  return { lock: { ...lock, packages: sorted }, added };
}

if (import.meta.main) {
  const path = new URL("../package-lock.json", import.meta.url);
  const { lock, added } = addMissingOptionals(JSON.parse(readFileSync(path, "utf8")) as Lock);
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  process.stdout.write(`package-lock.json: ${added} missing optional platform entries added\n`);
}
