import { describe, expect, it } from "vitest";
import { readOverrides } from "../../src/core/overrides.ts";

describe("readOverrides", () => {
  it("reads overrides and skips a bad entry with its session id", () => {
    const { overrides, problems } = readOverrides({
      ws_a: { collabCategory: "infra_ops", updatedAt: "2026-03-01T00:00:00Z", updatedBy: "kim" },
      ws_b: { collabCategory: "cooking", updatedAt: "2026-03-01T00:00:00Z" },
    });
    expect(overrides).toEqual({
      ws_a: { collabCategory: "infra_ops", updatedAt: "2026-03-01T00:00:00Z", updatedBy: "kim" },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^override for "ws_b": collabCategory: /);
  });

  it("rejects a file that is not an object", () => {
    expect(readOverrides([]).problems).toEqual(["expected an object of work session ids"]);
  });
});
