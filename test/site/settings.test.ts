import { describe, expect, it } from "vitest";
import { SiteSettings } from "../../src/site/settings.ts";

describe("a build's settings", () => {
  const settings = { locale: "en", base: "/reports/", generatedAt: "2026-03-09T00:00:00.000Z" };

  it("accept what a build writes", () => {
    expect(SiteSettings.parse(settings)).toEqual(settings);
    expect(SiteSettings.parse({ ...settings, locale: "ko", base: "/" }).base).toBe("/");
  });

  it("refuse an unknown language, a base without its slashes, or a time that is not ISO-8601", () => {
    for (const bad of [
      { ...settings, locale: "fr" },
      { ...settings, base: "reports/" },
      { ...settings, base: "/reports" },
      { ...settings, generatedAt: "yesterday" },
      { locale: "ko", base: "/" },
    ])
      expect(SiteSettings.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
