import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteShards } from "../src/core/site/build-site.ts";
import { analyzeInputs } from "../src/ingest/analyze-inputs.ts";
import { writeSiteData } from "../src/ingest/write-site-data.ts";
import { TEST_NOW } from "./helpers/run-analyze.ts";

/**
 * The golden test of the site's page data: the bundled sample, analyzed against a fixed now and
 * written as `workscope build` writes its shards, must give the committed files. `files.sha256`
 * lists every file written with the SHA-256 of its bytes; `shards/` holds a few whole shards,
 * indented, so that a change can be read in a diff. Nothing is written unless `UPDATE_GOLDEN=1`:
 * a missing expected file fails.
 */
const SAMPLE = path.resolve(import.meta.dirname, "../content/sample");
const EXPECTED = path.join(import.meta.dirname, "fixtures", "golden-site", "expected");
const update = process.env["UPDATE_GOLDEN"] === "1";

/** Shards kept whole: the index, and pages that show each part of a page model. */
const SHOWN = [
  "index.json",
  // Delegations, a blocked thread, unattributed neighbours, signals and a task.
  "sessions/ws_e808c1ee-fbeb-42a0-94d5-91e62ae91d14.json",
  // A Claude Code session nothing names.
  "sessions/4c13f2f7-a1ea-4349-8c52-764c26faa813.json",
  // A session that continues another.
  "sessions/ws_08ee5c39-5813-45e2-bc81-da1a6addf73e.json",
  // A task waiting for a person's answer.
  "tasks/task_8941a7ebb957ffab2a74.json",
  "agents/eden.json",
  "events/orchestration.task/7.json",
];

/** The data folder written, and its page data, whose files the expected output lists. */
let out: string;
let pages: string;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), "workscope-golden-site-"));
  const analysis = await analyzeInputs([SAMPLE], { cwd: process.cwd(), nowMs: Date.parse(TEST_NOW) });
  // The same stream `workscope build` writes.
  await writeSiteData(out, siteShards(analysis));
  pages = path.join(out, "pages");
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every file below `dir`, as paths relative to it with `/` separators, sorted. */
function filesBelow(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesBelow(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

function compare(name: string, actual: string): void {
  const expectedPath = path.join(EXPECTED, name);
  if (update) {
    mkdirSync(path.dirname(expectedPath), { recursive: true });
    writeFileSync(expectedPath, actual);
  }
  if (!existsSync(expectedPath))
    expect.fail(
      `${name} has no expected file; create it with UPDATE_GOLDEN=1 npx vitest run test/golden-site.test.ts`,
    );
  expect(actual, `${name} differs from ${path.relative(process.cwd(), expectedPath)}`).toBe(
    readFileSync(expectedPath, "utf8"),
  );
}

describe("golden site data of the sample", () => {
  it.each(SHOWN)("writes %s as expected", (file) => {
    const json: unknown = JSON.parse(readFileSync(path.join(pages, file), "utf8"));
    compare(path.join("shards", file), `${JSON.stringify(json, null, 2)}\n`);
  });

  it("writes the expected files, each with the expected content", () => {
    const listing = filesBelow(pages).map(
      (file) =>
        `${createHash("sha256")
          .update(readFileSync(path.join(pages, file)))
          .digest("hex")}  ${file}\n`,
    );
    compare("files.sha256", listing.join(""));
  });
});
