import { defineConfig } from "vitest/config";

// Tests run in UTC so that any local-time formatting is repeatable on every machine.
process.env["TZ"] = "UTC";

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 60_000,
    projects: [
      // Everything but the browser: core, ingest, CLI and golden tests.
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/browser/**", "**/node_modules/**"],
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
