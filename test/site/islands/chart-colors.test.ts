import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../../src/core/category.ts";
import { BLOCKED_REASONS } from "../../../src/core/sessions/blocked-reasons.ts";
import { seriesColor } from "../../../src/site/islands/chart-colors.ts";

describe("seriesColor", () => {
  it.each([
    ["blocked reasons", BLOCKED_REASONS],
    ["categories", CollabCategory.options],
  ] as const)("gives each of the %s a colour of its own", (_name, keys) => {
    expect(new Set(keys.map((key) => seriesColor(key, keys))).size).toBe(keys.length);
  });
});
