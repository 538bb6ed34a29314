import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBase } from "../../../scripts/commands/build.ts";
import { UsageError } from "../../../scripts/args.ts";
import { tmpTree } from "../../helpers/tmp.ts";
import { workscopeProcess } from "../../helpers/workscope-process.ts";
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

/** A JSON file, read. */
function json(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("parseBase", () => {
  it.each([
    ["/", { base: "/" }],
    ["reports", { base: "/reports/" }],
    ["/a/b/", { base: "/a/b/" }],
    ["https://team.example", { base: "/", siteUrl: "https://team.example/" }],
    ["https://team.example/reports", { base: "/reports/", siteUrl: "https://team.example/reports/" }],
    ["HTTP://Team.Example:8080/a/", { base: "/a/", siteUrl: "http://team.example:8080/a/" }],
  ])("reads %j as a path and, for a full URL, the site's URL", (value, expected) => {
    expect(parseBase(value)).toEqual(expected);
  });

  it.each([
    "../up",
    "https://team.example/a?b=1",
    "https://team.example/a#top",
    "https://u:p@team.example/",
    "https://",
  ])("refuses %j", (value) => {
    expect(() => parseBase(value)).toThrow(UsageError);
  });
});

describe("workscope build", () => {
  it("explains its options", () => {
    const help = workscope(["build", "--help"]);
    expect(help.code).toBe(0);
    for (const option of [
      "--out DIR",
      "--base PATH|URL",
      "--tz ZONE",
      "--locale ko|en",
      "--jobs N",
      "--now ISO",
      "--quiet",
    ])
      expect(help.stdout).toContain(option);
    expect(workscope(["--help"]).stdout).toMatch(/build \[inputs…\]/);
    expect(workscope(["preview", "--help"]).stdout).toMatch(/^Usage: workscope preview/);
  });

  it("refuses, in one line with exit code 1, an output folder that holds other files, the project folder, a bad locale or base", () => {
    const dir = tmpTree({ "precious.txt": "keep me" });
    const cases = [
      ["build", FIXTURE, "--out", dir],
      ["build", FIXTURE, "--out", ROOT],
      ["build", FIXTURE, "--out", path.join(dir, "precious.txt")],
      ["build", FIXTURE, "--out", path.join(dir, "precious.txt", "site")],
      ["build", FIXTURE, "--locale", "fr", "--out", path.join(dir, "x")],
      ["build", FIXTURE, "--base", "../up", "--out", path.join(dir, "y")],
      ["build", FIXTURE, "--base", "https://team.example/reports?x=1", "--out", path.join(dir, "y")],
      ["build", FIXTURE, "--base", "ftp://team.example/reports/", "--out", path.join(dir, "y")],
      ["build", FIXTURE, "--tz", "Mars/Olympus", "--out", path.join(dir, "y")],
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

  it("refuses a data folder or new-data folder that holds other files, and an output folder among the data folders", () => {
    const dir = tmpTree({
      ".workscope/site/notes.txt": "keep me",
      ".workscope/other.next/notes.txt": "keep me",
    });
    for (const args of [
      ["build", FIXTURE, "--out", path.join(dir, "site")],
      ["build", FIXTURE, "--out", path.join(dir, "other")],
      ["build", FIXTURE, "--out", path.join(dir, "sub", ".workscope")],
      ["build", FIXTURE, "--out", path.join(dir, ".workscope", "inside")],
      ["build", FIXTURE, "--out", path.join(dir, "named.next")],
    ]) {
      const run = workscope(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    expect(readdirSync(dir)).toEqual([".workscope"]);
    expect(readdirSync(path.join(dir, ".workscope")).sort()).toEqual(["other.next", "site"]);
    expect(readFileSync(path.join(dir, ".workscope", "site", "notes.txt"), "utf8")).toBe("keep me");
  });

  it("builds a site in English under a base given as a full URL, in a time zone, and rebuilds over its own earlier output", () => {
    const dir = tmpTree();
    const out = path.join(dir, "site");
    const run = workscope([
      "build",
      FIXTURE,
      "--out",
      out,
      "--base",
      "https://team.example/reports",
      "--tz",
      "Asia/Seoul",
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
    expect(run.stdout).toContain(".workscope/site/");
    const home = readFileSync(path.join(out, "index.html"), "utf8");
    expect(home).toContain('<html lang="en">');
    expect(home).toContain('href="/reports/sessions/"');
    expect(home).toContain('href="/reports/_astro/');
    expect(home).toContain("View all");
    // Every time is shown on Seoul's clock, and says so: --now is 2026-03-09 00:00 UTC.
    expect(home).toMatch(/2026-03-09 09:00<\/time>|2026-03-09 09:00 Asia\/Seoul/);
    expect(home).toContain("Asia/Seoul");
    expect(readdirSync(path.join(out, "sessions")).length).toBeGreaterThan(2);
    // The site records the base it was built for, for `workscope preview`.
    expect(json(path.join(out, ".workscope-site"))).toMatchObject({
      generatedAt: new Date(TEST_NOW).toISOString(),
      base: "/reports/",
    });
    // It lists every file the build wrote, and nothing else.
    const listed = (json(path.join(out, ".workscope-site")) as { files: string[] }).files;
    expect(listed).toContain("index.html");
    expect(listed).not.toContain(".workscope-site");
    expect(listed.every((file) => existsSync(path.join(out, file)))).toBe(true);
    // The page data stays beside the site, named after it, with the settings the pages were rendered with.
    const data = path.join(dir, ".workscope", "site");
    expect(readdirSync(path.join(dir, ".workscope"))).toEqual(["site"]);
    expect(json(path.join(data, "settings.json"))).toEqual({
      locale: "en",
      base: "/reports/",
      generatedAt: new Date(TEST_NOW).toISOString(),
      siteUrl: "https://team.example/reports/",
    });
    expect(existsSync(path.join(data, "pages", "READY"))).toBe(true);
    expect(readdirSync(path.join(data, "pages", "sessions")).length).toBe(
      readdirSync(path.join(out, "sessions")).length - 3,
    );
    writeFileSync(path.join(data, "pages", "sessions", "stale.json"), "{}");
    // A second build may replace the first: the folder holds the marker of a site we wrote. It
    // replaces what the first build wrote, and leaves alone what the user put beside it (a gh-pages
    // checkout's .git/ and CNAME); a page of ours no longer produced goes.
    writeFileSync(path.join(out, "stale.html"), "the user's");
    writeFileSync(path.join(out, "CNAME"), "reports.example.org\n");
    mkdirSync(path.join(out, ".git"));
    writeFileSync(path.join(out, ".git", "HEAD"), "ref: refs/heads/gh-pages\n");
    mkdirSync(path.join(out, "sessions", "gone"));
    writeFileSync(path.join(out, "sessions", "gone", "index.html"), "old page of ours");
    writeFileSync(
      path.join(out, ".workscope-site"),
      JSON.stringify({
        ...(json(path.join(out, ".workscope-site")) as object),
        files: [...listed, "sessions/gone/index.html"],
      }),
    );
    const again = workscope(["build", FIXTURE, "--out", out, "--now", TEST_NOW, "--quiet"]);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    expect(readFileSync(path.join(out, "stale.html"), "utf8")).toBe("the user's");
    expect(readFileSync(path.join(out, "CNAME"), "utf8")).toBe("reports.example.org\n");
    expect(readFileSync(path.join(out, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/gh-pages\n");
    expect(existsSync(path.join(out, "sessions", "gone"))).toBe(false);
    // A marker that lists none of the pages: each is then a file of the user's, and refused.
    const markerText = readFileSync(path.join(out, ".workscope-site"), "utf8");
    writeFileSync(
      path.join(out, ".workscope-site"),
      JSON.stringify({ ...(JSON.parse(markerText) as object), files: [] }),
    );
    const refused = workscope(["build", FIXTURE, "--out", out, "--now", TEST_NOW, "--quiet"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^workscope build: --out .* holds .*, which no workscope build wrote/);
    expect(readFileSync(path.join(out, "CNAME"), "utf8")).toBe("reports.example.org\n");
    writeFileSync(path.join(out, ".workscope-site"), markerText);
    expect(readFileSync(path.join(out, "index.html"), "utf8")).toContain('<html lang="ko">');
    expect(existsSync(path.join(data, "pages", "sessions", "stale.json"))).toBe(false);
    expect(json(path.join(data, "settings.json"))).toMatchObject({ locale: "ko", base: "/" });
    expect(json(path.join(out, ".workscope-site"))).toMatchObject({ base: "/" });
    expect(readdirSync(path.join(dir, ".workscope"))).toEqual(["site"]);
  });

  it("keeps the data of two sites side by side apart, even built at once, and a failed rebuild leaves a site's data as it was", async () => {
    const dir = tmpTree();
    const build = async (name: string) =>
      (
        await workscopeProcess([
          "build",
          FIXTURE,
          "--out",
          path.join(dir, name),
          "--base",
          `/${name}/`,
          "--jobs",
          "1",
          "--now",
          TEST_NOW,
          "--quiet",
        ])
      ).code;
    expect(await Promise.all([build("a"), build("b")])).toEqual([0, 0]);
    expect(readdirSync(path.join(dir, ".workscope")).sort()).toEqual(["a", "b"]);
    for (const name of ["a", "b"]) {
      const data = path.join(dir, ".workscope", name);
      expect(json(path.join(data, "settings.json"))).toMatchObject({ base: `/${name}/` });
      expect(existsSync(path.join(data, "pages", "READY"))).toBe(true);
      expect(readFileSync(path.join(dir, name, "index.html"), "utf8")).toContain(`href="/${name}/sessions/"`);
    }
    // The inputs are missing: the build fails after it started writing new data.
    const failed = workscope(["build", "no/such/logs", "--out", path.join(dir, "a"), "--quiet"]);
    expect(failed.code).toBe(1);
    expect(readdirSync(path.join(dir, ".workscope")).sort()).toEqual(["a", "b"]);
    expect(json(path.join(dir, ".workscope", "a", "settings.json"))).toMatchObject({ base: "/a/" });
    expect(existsSync(path.join(dir, ".workscope", "a", "pages", "READY"))).toBe(true);
    expect(json(path.join(dir, "a", ".workscope-site"))).toMatchObject({ base: "/a/" });
    expect(readFileSync(path.join(dir, "a", "index.html"), "utf8")).toContain('href="/a/sessions/"');
  });

  it("writes into an empty folder that exists", () => {
    const dir = tmpTree();
    const out = path.join(dir, "empty");
    mkdirSync(out);
    expect(workscope(["build", FIXTURE, "--out", out, "--now", TEST_NOW, "--quiet"]).code).toBe(0);
    expect(existsSync(path.join(out, "index.html"))).toBe(true);
  });
});
