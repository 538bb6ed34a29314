import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, type Session } from "./browser.ts";
import { serveSite } from "./serve.ts";

// test/fixtures/site-hostile holds log text written to attack the reader: script tags, event
// handlers, javascript: and data: links, <svg onload>, <iframe srcdoc>, <style>, and ids made of
// `../`, NUL, quotes, upper case, Korean and 600 characters. Nothing of it may run or escape.

let session: Session;
let server: Awaited<ReturnType<typeof serveSite>>;
let site: string;

/** Every page of a built site, as URL paths. */
function pages(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html")
        out.push(`/${path.relative(root, dir).split(path.sep).join("/")}/`.replace(/^\/\/$/, "/"));
    }
  };
  walk(root);
  return out.sort();
}

beforeAll(async () => {
  site = inject("hostileSite");
  server = await serveSite(site);
  session = await launch();
});
afterAll(async () => {
  await session.browser.close();
  await server.close();
});

describe("a site built from hostile logs", () => {
  it("writes nothing outside --out, and gives ids that differ only in case their own pages", () => {
    const parent = inject("hostileParent");
    // Beside the site, only the data folder the build keeps for the dev server, named after the site.
    expect(readdirSync(parent).sort()).toEqual([".workscope", "out"]);
    expect(readdirSync(path.join(parent, ".workscope"))).toEqual(["out"]);
    expect(readdirSync(path.dirname(parent))).toEqual(["b"]);
    const sessions = readdirSync(path.join(site, "sessions"))
      .filter((n) => !["index.html", "index.json", "by-category"].includes(n))
      .sort();
    // ../../../outside, the 600-character id, WS-Case and ws-case: four sessions, four folders.
    expect(sessions).toHaveLength(4);
    expect(sessions).toContain("ws-case");
    expect(sessions).toContain("~57~53-~43ase");
    for (const name of sessions) {
      expect(name.length).toBeLessThanOrEqual(100);
      expect(name).not.toMatch(/[/\\\0]|^\.\.?$/);
    }
  });

  it("runs nothing from a log on any page, and shows the hostile text as text", async () => {
    const all = pages(site);
    expect(all.length).toBeGreaterThan(15);
    const page = await session.open();
    for (const url of all) {
      const response = await page.goto(`${server.url}${url}`);
      expect(response?.status(), url).toBe(200);
      // The session list draws its cards from the index, with the log's text in them.
      if (url === "/sessions/") await page.waitForSelector('#session-list[data-ready="true"]');
      // Give onload/onerror handlers and srcdoc frames a moment, had any got through.
      await page.waitForTimeout(50);
      const found = await page.evaluate(() => {
        const w = window as unknown as { __pwned?: string };
        const handlers = [...document.querySelectorAll("*")].flatMap((el) =>
          [...el.attributes]
            .filter((a) => a.name.toLowerCase().startsWith("on"))
            .map((a) => `${el.tagName}[${a.name}]`),
        );
        const badLinks = [...document.querySelectorAll("a[href]")]
          .map((a) => a.getAttribute("href") ?? "")
          .filter((h) => /^\s*(javascript|data|vbscript):/i.test(h));
        const scripts = [...document.querySelectorAll("script")].filter(
          (s) =>
            (s.textContent ?? "").includes("__pwned") || (s.getAttribute("src") ?? "").includes("__pwned"),
        ).length;
        return {
          pwned: w.__pwned ?? null,
          handlers,
          badLinks,
          scripts,
          frames: document.querySelectorAll("iframe, frame, object, embed").length,
          styles: [...document.querySelectorAll("style")].filter((s) =>
            (s.textContent ?? "").includes("display:none"),
          ).length,
          // The site draws SVG in its timelines and, once the island loads, in the drift charts;
          // any other SVG came from a log.
          svgs: [...document.querySelectorAll("svg")].filter(
            (s) => s.closest("figure.timeline") === null && s.closest(".drift-chart") === null,
          ).length,
          bodyShown: getComputedStyle(document.body).display !== "none",
        };
      });
      expect(found, url).toEqual({
        pwned: null,
        handlers: [],
        badLinks: [],
        scripts: 0,
        frames: 0,
        styles: 0,
        svgs: 0,
        bodyShown: true,
      });
    }
    expect(session.errors).toEqual([]);
  });

  it("shows the attack as escaped text in the transcript", async () => {
    const page = await session.open();
    const thread = pages(site).find((p) => p.includes("outside/threads/conv.conv~2F")) as string;
    await page.goto(`${server.url}${thread}`);
    const text = await page.locator("ol.chat").innerText();
    expect(text).toContain("<script>window.__pwned='script'</script>");
    expect(text).toContain("<iframe srcdoc=");
    expect(text).toContain("[click me](javascript:window.__pwned='mdlink')");
    expect(text).toContain("@user");
    expect(text).not.toContain("[outcome] blocked:");
  });

  it("splits a long transcript into pages of a hundred turns, linked both ways", async () => {
    const page = await session.open();
    const first = "/sessions/ws-case/threads/conv.long-thread/";
    await page.goto(`${server.url}${first}`);
    expect(await page.locator("li.bubble").count()).toBe(100);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/conv\.long-thread\/2\/$/);
    expect(await page.locator("li.bubble").count()).toBe(100);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/conv\.long-thread\/3\/$/);
    // 231 turns: the send and 230 replies.
    expect(await page.locator("li.bubble").count()).toBe(31);
    expect(await page.locator('a[rel="next"]').count()).toBe(0);
    expect(await page.locator("li.bubble .badge").last().innerText()).toBe("턴 230");
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL(/conv\.long-thread\/2\/$/);
  });

  it("puts a Content-Security-Policy on every page that allows no inline script from anywhere", () => {
    for (const url of pages(site)) {
      const html = readFileSync(path.join(site, url, "index.html"), "utf8");
      const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
      expect(csp, url).not.toContain("unsafe-inline");
    }
  });
});
