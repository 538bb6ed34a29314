import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codeSignature } from "../../src/ingest/code-signature.ts";
import { tmpTree } from "../helpers/tmp.ts";

describe("codeSignature", () => {
  it("changes with any byte or name of a .ts file under the folders, and only with those", () => {
    const root = tmpTree({
      "src/core/formats/a.ts": "export const a = 1;\n",
      "src/ingest/b.ts": "export const b = 2;\n",
      "src/site/c.ts": "export const c = 3;\n",
    });
    const first = codeSignature(root);
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    expect(codeSignature(root)).toBe(first);
    writeFileSync(path.join(root, "src/site/c.ts"), "export const c = 4;\n");
    writeFileSync(path.join(root, "src/core/notes.md"), "not code\n");
    expect(codeSignature(root)).toBe(first);
    appendFileSync(path.join(root, "src/core/formats/a.ts"), "// one more line\n");
    const second = codeSignature(root);
    expect(second).not.toBe(first);
    writeFileSync(path.join(root, "src/ingest/d.ts"), "");
    expect(codeSignature(root)).not.toBe(second);
  });
});
