import path from "node:path";
import { describe, expect, it } from "vitest";
import { findProjectRoot, PROJECT_ROOT } from "../../src/ingest/project-root.ts";
import { tmpTree } from "../helpers/tmp.ts";

describe("findProjectRoot", () => {
  it("finds the nearest folder above that holds a package.json", () => {
    const root = tmpTree({ "package.json": "{}", ".cli-bundle/workscope.mjs": "", "scripts/site/x.ts": "" });
    expect(findProjectRoot(path.join(root, ".cli-bundle"))).toBe(root);
    expect(findProjectRoot(path.join(root, "scripts", "site"))).toBe(root);
    expect(findProjectRoot(root)).toBe(root);
  });

  it("says so when no folder above holds one", () => {
    // The file system's root holds no package.json: nothing lies above it to look in.
    expect(() => findProjectRoot(path.parse(process.cwd()).root)).toThrow(/no package\.json above/);
  });

  it("is this project's folder, with a trailing separator", () => {
    expect(PROJECT_ROOT).toBe(`${path.resolve(import.meta.dirname, "../..")}${path.sep}`);
  });
});
