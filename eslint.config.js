import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".astro/",
      "node_modules/",
      "content/",
      "bench-data/",
      "test/fixtures/",
      ".cli-bundle/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", Buffer: "readonly", URL: "readonly" },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-restricted-imports": "off",
    },
  },
  // The pure core must not reach for the disk, the process or the site framework.
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "astro:*", "react", "react-dom", "fs", "path", "zlib"],
              message: "src/core is pure: values in, values out.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", { name: "process", message: "src/core is pure." }],
    },
  },
);
