import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests run in UTC so that any local-time formatting is repeatable on every machine.
process.env["TZ"] = "UTC";
// Commands that tests run keep their parse cache in a folder of the tests' own, never in the user's.
process.env["XDG_CACHE_HOME"] = path.join(tmpdir(), "workscope-test-cache");

/**
 * Tests that run the real command (a child process, often an Astro build) or the whole analysis over
 * the golden fixtures. They stay at the mirrored path of what they test; only this list sets them apart.
 */
const endToEnd = [
  "test/scripts/cli.test.ts",
  "test/scripts/bundle-cli.test.ts",
  "test/scripts/commands/**/*.test.ts",
  "test/golden*.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    projects: [
      // One module at a time, in process: core, ingest, site helpers and scripts. Runs in seconds.
      // The property tests of test/property/ run here too, with a short run from a fixed seed;
      // `npm run fuzz` runs the same files with many more cases.
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/browser/**", "**/node_modules/**", ...endToEnd],
          // The files share one module graph per worker instead of importing it afresh each: that
          // import was three quarters of the project's time. A test that needs a module to read
          // the environment again resets it itself (vi.resetModules), as the site's data tests do.
          isolate: false,
        },
      },
      // The real command line and Astro builds, and the golden Reports.
      {
        test: {
          name: "e2e",
          include: endToEnd,
          testTimeout: 120_000,
        },
      },
      // The built site in Chromium: one build of the sample and one of the hostile fixture, shared.
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/browser/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // One Chromium at a time: this machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
