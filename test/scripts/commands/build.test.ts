import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tmpTree } from "../../helpers/tmp.ts";
import { TEST_NOW } from "../../helpers/run-analyze.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(ROOT, "bin", "workscope.js");
const FIXTURE = path.join(ROOT, "test", "fixtures", "golden", "blocked-flows");

function workscope(args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, TZ: "UTC" },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("workscope build", () => {
  it("explains its options", () => {
    const help = workscope(["build", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--out DIR", "--base PATH", "--locale ko|en", "--jobs N", "--now ISO", "--quiet"])
      expect(help.stdout).toContain(option);
    expect(workscope(["--help"]).stdout).toMatch(/build \[inputs…\]/);
    expect(workscope(["preview", "--help"]).stdout).toMatch(/^Usage: workscope preview/);
  });

  it("refuses, in one line with exit code 1, an output folder that holds other files, the project folder, a bad locale or base", () => {
    const dir = tmpTree({ "precious.txt": "keep me" });
    const cases = [
      ["build", FIXTURE, "--out", dir],
      ["build", FIXTURE, "--out", ROOT],
      ["build", FIXTURE, "--locale", "fr", "--out", path.join(dir, "x")],
      ["build", FIXTURE, "--base", "../up", "--out", path.join(dir, "y")],
      ["build", FIXTURE, "--jobs", "0", "--out", path.join(dir, "y")],
      // The renderers start before the inputs are read: a missing input stops them, and leaves no folder.
      ["build", "no/such/logs", "--out", path.join(dir, "z")],
    ];
    for (const args of cases) {
      const run = workscope(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(run.stderr).toMatch(/^workscope build: /);
    }
    expect(readFileSync(path.join(dir, "precious.txt"), "utf8")).toBe("keep me");
    for (const name of ["x", "y", "z", ".workscope"]) expect(existsSync(path.join(dir, name))).toBe(false);
  });

  it("refuses a data folder beside the output that holds other files, and an output folder named like one", () => {
    const dir = tmpTree({ ".workscope/notes.txt": "keep me" });
    for (const args of [
      ["build", FIXTURE, "--out", path.join(dir, "site")],
      ["build", FIXTURE, "--out", path.join(dir, "sub", ".workscope")],
    ]) {
      const run = workscope(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    expect(readdirSync(dir)).toEqual([".workscope"]);
    expect(readFileSync(path.join(dir, ".workscope", "notes.txt"), "utf8")).toBe("keep me");
  });

  it("builds a site in English under a base path, and rebuilds over its own earlier output", () => {
    const dir = tmpTree();
    const out = path.join(dir, "site");
    const run = workscope([
      "build",
      FIXTURE,
      "--out",
      out,
      "--base",
      "/reports",
      "--locale",
      "en",
      "--now",
      TEST_NOW,
      "--quiet",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("site written to");
    expect(run.stdout).toContain("npx workscope preview --out");
    expect(run.stdout).toContain(".workscope/");
    const home = readFileSync(path.join(out, "index.html"), "utf8");
    expect(home).toContain('<html lang="en">');
    expect(home).toContain('href="/reports/sessions/"');
    expect(home).toContain('href="/reports/_astro/');
    expect(home).toContain("View all");
    expect(readdirSync(path.join(out, "sessions")).length).toBeGreaterThan(2);
    // The page data stays beside the site, with the settings the pages were rendered with.
    const data = path.join(dir, ".workscope");
    expect(JSON.parse(readFileSync(path.join(data, "settings.json"), "utf8"))).toEqual({
      locale: "en",
      base: "/reports/",
      generatedAt: new Date(TEST_NOW).toISOString(),
    });
    expect(existsSync(path.join(data, "pages", "READY"))).toBe(true);
    expect(readdirSync(path.join(data, "pages", "sessions")).length).toBe(
      readdirSync(path.join(out, "sessions")).length - 3,
    );
    writeFileSync(path.join(data, "pages", "sessions", "stale.json"), "{}");
    // A second build may replace the first: the folder holds the marker of a site we wrote.
    writeFileSync(path.join(out, "stale.html"), "old");
    const again = workscope(["build", FIXTURE, "--out", out, "--now", TEST_NOW, "--quiet"]);
    expect(again.code).toBe(0);
    expect(existsSync(path.join(out, "stale.html"))).toBe(false);
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toContain('<html lang="ko">');
    expect(existsSync(path.join(data, "pages", "sessions", "stale.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(data, "settings.json"), "utf8"))).toMatchObject({
      locale: "ko",
      base: "/",
    });
  });

  it("writes into an empty folder that exists", () => {
    const dir = tmpTree();
    const out = path.join(dir, "empty");
    mkdirSync(out);
    expect(workscope(["build", FIXTURE, "--out", out, "--now", TEST_NOW, "--quiet"]).code).toBe(0);
    expect(existsSync(path.join(out, "index.html"))).toBe(true);
  });
});
