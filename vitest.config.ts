import { defineConfig } from "vitest/config";

// Tests run in UTC so that any local-time formatting is repeatable on every machine.
process.env["TZ"] = "UTC";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
  },
});
