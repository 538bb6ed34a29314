import { describe, expect, it } from "vitest";
import { absoluteUrl } from "../../../src/core/site/absolute-url.ts";

describe("absoluteUrl", () => {
  it.each([
    ["https://team.example/reports/", "/reports/sessions/a/", "https://team.example/reports/sessions/a/"],
    ["http://localhost:4321/", "/reports/", "http://localhost:4321/reports/"],
    ["https://Team.Example:443/x/?q#f", "/x/a/", "https://team.example/x/a/"],
  ])("puts the origin of %s before %s", (siteUrl, path, url) => {
    expect(absoluteUrl(siteUrl, path)).toBe(url);
  });

  it.each([null, undefined, "not a url", "file:///srv/site/", "javascript:alert(1)"])(
    "leaves the path as it is for the site URL %s",
    (siteUrl) => {
      expect(absoluteUrl(siteUrl, "/reports/")).toBe("/reports/");
    },
  );
});
