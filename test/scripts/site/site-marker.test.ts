import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readSiteMarker,
  SITE_MARKER,
  SiteMarker,
  writeSiteMarker,
} from "../../../scripts/site/site-marker.ts";
import { tmpTree } from "../../helpers/tmp.ts";
import { UsageError } from "../../../scripts/args.ts";

const MARKER = { generatedAt: "2026-03-09T00:00:00.000Z", base: "/reports/" };

describe("a site's marker", () => {
  it("records when the site was built and the base it was built for, as JSON in the site", async () => {
    const out = tmpTree();
    await writeSiteMarker(out, MARKER);
    expect(JSON.parse(readFileSync(path.join(out, SITE_MARKER), "utf8"))).toEqual(MARKER);
    expect(await readSiteMarker(out)).toEqual(MARKER);
  });

  it("is missing from a folder no build wrote", async () => {
    expect(await readSiteMarker(tmpTree())).toBeNull();
  });

  it("reads the plain-text marker of an earlier version as a site under /", async () => {
    const out = tmpTree({ [SITE_MARKER]: "2026-03-01T09:00:00.000Z\n" });
    expect(await readSiteMarker(out)).toEqual({ generatedAt: "2026-03-01T09:00:00.000Z", base: "/" });
  });

  it("takes only a base that starts and ends with a slash, and a time in ISO-8601", async () => {
    expect(SiteMarker.safeParse({ ...MARKER, base: "reports" }).success).toBe(false);
    expect(SiteMarker.safeParse({ ...MARKER, generatedAt: "yesterday" }).success).toBe(false);
    await expect(writeSiteMarker(tmpTree(), { ...MARKER, base: "/reports" })).rejects.toThrow();
    await expect(readSiteMarker(tmpTree({ [SITE_MARKER]: '{"base":"/"}' }))).rejects.toThrow();
  });

  it("records the files the build wrote, each a relative path inside the site", async () => {
    const out = tmpTree();
    const marker = { ...MARKER, files: ["_astro/a.css", "index.html", "sessions/x/index.html"] };
    await writeSiteMarker(out, marker);
    expect(await readSiteMarker(out)).toEqual(marker);
    for (const bad of ["../x", "/etc/passwd", "a//b", "a/./b", "a\\b", "", "a/"])
      expect(SiteMarker.safeParse({ ...MARKER, files: [bad] }).success, bad).toBe(false);
  });

  it("never names a hidden file, so that a marker edited on a gh-pages branch cannot list .git/", () => {
    for (const bad of [".git/config", ".git", "sessions/.hidden", ".well-known/x"])
      expect(SiteMarker.safeParse({ ...MARKER, files: [bad] }).success, bad).toBe(false);
  });

  it("is no marker when it is a symbolic link, and is replaced, not written through, by a build", async () => {
    const dir = tmpTree();
    const out = path.join(dir, "out");
    mkdirSync(out);
    const outside = path.join(dir, "outside.json");
    symlinkSync(outside, path.join(out, SITE_MARKER));
    await expect(readSiteMarker(out)).rejects.toThrow("is not a file a build wrote");
    await writeSiteMarker(out, MARKER);
    expect(existsSync(outside)).toBe(false);
    expect(await readSiteMarker(out)).toEqual(MARKER);
  });

  it("says in one line that a damaged marker is damaged", async () => {
    const out = tmpTree({ [SITE_MARKER]: '{"generatedAt":' });
    await expect(readSiteMarker(out)).rejects.toThrow(UsageError);
    await expect(readSiteMarker(out)).rejects.toThrow(`${path.join(out, SITE_MARKER)} is damaged`);
  });
});
