import { describe, expect, it } from "vitest";
import { CollabCategory } from "../../src/core/category.ts";

describe("CollabCategory", () => {
  it("holds the ten categories, development first and business strategy last", () => {
    expect(CollabCategory.options).toHaveLength(10);
    expect(new Set(CollabCategory.options).size).toBe(10);
    expect(CollabCategory.options[0]).toBe("engineering_build");
    expect(CollabCategory.options.at(-1)).toBe("biz_strategy");
  });

  it("refuses a category it does not know", () => {
    expect(CollabCategory.safeParse("infra_ops").success).toBe(true);
    expect(CollabCategory.safeParse("sales").success).toBe(false);
    expect(CollabCategory.safeParse("Infra_Ops").success).toBe(false);
  });
});
