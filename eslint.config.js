import js from "@eslint/js";
import tseslint from "typescript-eslint";

// zod is imported as a namespace, never as its `z` export: esbuild drops the parts of a namespace
// import nothing names, so the command line's bundle holds 170 KB of zod instead of 755 KB (every
// locale), and Node reads and compiles that much less at every start.
const ZOD_AS_NAMESPACE = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message: 'Write `import * as z from "zod"`: the bundle then leaves out what is not used.',
};

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
      "no-restricted-syntax": ["error", ZOD_AS_NAMESPACE],
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
