import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../scripts/args.ts";
import { placeSite } from "../../../scripts/site/place-site.ts";
import { SITE_MARKER } from "../../../scripts/site/site-marker.ts";
import { tmpTree } from "../../helpers/tmp.ts";

const MARKER = { generatedAt: "2026-03-09T00:00:00.000Z", base: "/" };

/** Two rendered parts, as the renderers leave them: the shared pages in both. */
function parts(files: Record<string, string>): string[] {
  const tree = tmpTree(
    Object.fromEntries(
      Object.entries(files).flatMap(([rel, text]) => [
        [`0/${rel}`, text],
        [`1/${rel}`, text],
      ]),
    ),
  );
  return [path.join(tree, "0"), path.join(tree, "1")];
}

const read = (out: string, rel: string): string => readFileSync(path.join(out, rel), "utf8");

describe("placeSite", () => {
  it("puts the site into a new or empty folder and lists every file it wrote", async () => {
    const out = path.join(tmpTree(), "site");
    const files = await placeSite(
      out,
      parts({ "index.html": "home", "sessions/a/index.html": "a", "_astro/x.css": "css" }),
      [],
    );
    expect(files).toEqual(["_astro/x.css", "index.html", "sessions/a/index.html"]);
    expect(read(out, "sessions/a/index.html")).toBe("a");
  });

  it("replaces only what the earlier build listed: a gh-pages checkout keeps .git/ and CNAME", async () => {
    const out = tmpTree({
      ".git/HEAD": "ref: refs/heads/gh-pages\n",
      ".git/objects/ab/cdef": "object",
      CNAME: "reports.example.org\n",
      "index.html": "old home",
      "sessions/gone/index.html": "old page",
      "sessions/kept/index.html": "old kept",
      "sessions/notes.txt": "the user's own",
      [SITE_MARKER]: JSON.stringify({
        ...MARKER,
        files: ["index.html", "sessions/gone/index.html", "sessions/kept/index.html"],
      }),
    });
    const files = await placeSite(
      out,
      parts({ "index.html": "new home", "sessions/kept/index.html": "new kept" }),
      [],
    );
    expect(files).toEqual(["index.html", "sessions/kept/index.html"]);
    expect(read(out, ".git/HEAD")).toBe("ref: refs/heads/gh-pages\n");
    expect(read(out, ".git/objects/ab/cdef")).toBe("object");
    expect(read(out, "CNAME")).toBe("reports.example.org\n");
    expect(read(out, "sessions/notes.txt")).toBe("the user's own");
    expect(read(out, "index.html")).toBe("new home");
    expect(read(out, "sessions/kept/index.html")).toBe("new kept");
    // A page of ours no longer produced goes, with the folder it leaves empty.
    expect(existsSync(path.join(out, "sessions/gone"))).toBe(false);
  });

  it("refuses, before it changes anything, to overwrite a file no build of ours wrote", async () => {
    const out = tmpTree({
      "index.html": "old home",
      "sessions/a/index.html": "the user's page",
      [SITE_MARKER]: JSON.stringify({ ...MARKER, files: ["index.html"] }),
    });
    const placing = placeSite(out, parts({ "index.html": "new", "sessions/a/index.html": "new a" }), []);
    await expect(placing).rejects.toThrow(UsageError);
    await expect(placeSite(out, parts({ "sessions/a/index.html": "new a" }), [])).rejects.toThrow(
      `--out ${out} holds sessions/a/index.html, which no workscope build wrote and this build would overwrite; move it away or choose another folder`,
    );
    expect(read(out, "index.html")).toBe("old home");
    expect(read(out, "sessions/a/index.html")).toBe("the user's page");
  });

  it("refuses a file of the user's where a folder of the site goes", async () => {
    const out = tmpTree({ sessions: "a file", [SITE_MARKER]: JSON.stringify({ ...MARKER, files: [] }) });
    await expect(placeSite(out, parts({ "sessions/a/index.html": "a" }), [])).rejects.toThrow(
      "holds sessions, which no workscope build wrote",
    );
  });

  it("takes, from a marker with no list, the files under the names the site uses at its top", async () => {
    const out = tmpTree({
      CNAME: "x",
      "index.html": "old",
      "sessions/gone/index.html": "old page",
      ".work/keep": "build's own",
      [SITE_MARKER]: "2026-03-01T09:00:00.000Z\n",
    });
    const files = await placeSite(out, parts({ "index.html": "new", "sessions/a/index.html": "a" }), [
      ".work",
    ]);
    expect(files).toEqual(["index.html", "sessions/a/index.html"]);
    expect(read(out, "CNAME")).toBe("x");
    expect(read(out, ".work/keep")).toBe("build's own");
    expect(existsSync(path.join(out, "sessions/gone"))).toBe(false);
  });

  it("deletes nothing through a link that took the place of one of its folders", async () => {
    const elsewhere = tmpTree({ "x/index.html": "not ours" });
    const out = tmpTree({ [SITE_MARKER]: JSON.stringify({ ...MARKER, files: ["sessions/x/index.html"] }) });
    symlinkSync(elsewhere, path.join(out, "sessions"));
    expect(await placeSite(out, parts({ "index.html": "new" }), [])).toEqual(["index.html"]);
    expect(read(elsewhere, "x/index.html")).toBe("not ours");
    // Nor does it write through one.
    await expect(placeSite(out, parts({ "sessions/y/index.html": "new" }), [])).rejects.toThrow(
      "holds sessions, which no workscope build wrote",
    );
    expect(existsSync(path.join(elsewhere, "y"))).toBe(false);
  });

  it("refuses a marker whose list names a path outside the site, and deletes nothing", async () => {
    const outer = tmpTree({ "precious.txt": "keep", "site/index.html": "old" });
    const out = path.join(outer, "site");
    writeFileSync(path.join(out, SITE_MARKER), JSON.stringify({ ...MARKER, files: ["../precious.txt"] }));
    await expect(placeSite(out, parts({ "index.html": "new" }), [])).rejects.toThrow(UsageError);
    expect(read(outer, "precious.txt")).toBe("keep");
  });
});
