#!/usr/bin/env node
// The `workscope` command. The CLI is TypeScript that Node runs by stripping types (Node ≥ 22.18).
// On an older system Node this re-runs the CLI under the Node 22 the project pins as its `node`
// devDependency, so `npx workscope` works on a machine whose system Node is 20.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../scripts/workscope.ts", import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const stripsTypes = major >= 24 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);

if (stripsTypes) {
  await import(cli);
} else {
  let node;
  try {
    node = createRequire(import.meta.url).resolve("node/bin/node");
  } catch {
    console.error(
      `workscope: needs Node 22.18 or newer (this is ${process.version}); run \`npm ci\` to install the pinned Node 22`,
    );
    process.exit(1);
  }
  const run = spawnSync(node, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
