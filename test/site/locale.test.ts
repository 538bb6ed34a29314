import { afterEach, describe, expect, it, vi } from "vitest";
import { label } from "../../src/core/site/labels.ts";
import { tmpTree } from "../helpers/tmp.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the site's language", () => {
  it("is the one the build's settings name", async () => {
    for (const locale of ["ko", "en"] as const) {
      vi.stubEnv(
        "WORKSCOPE_DATA",
        tmpTree({
          "settings.json": JSON.stringify({ locale, base: "/", generatedAt: "2026-03-09T00:00:00Z" }),
        }),
      );
      vi.resetModules();
      const site = await import("../../src/site/locale.ts");
      expect(site.locale).toBe(locale);
      expect(site.t("sessions")).toBe(label(locale, "sessions"));
    }
  });
});
