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

  it("keeps an override of a session named like an Object.prototype member as an own entry", () => {
    const entry = { collabCategory: "engineering_build", updatedAt: "2026-03-01T00:00:00Z" };
    const { overrides, problems } = readOverrides(
      JSON.parse(JSON.stringify({ constructor: entry, toString: entry, ["__proto__"]: entry })) as unknown,
    );
    expect(problems).toEqual([]);
    expect(Object.getPrototypeOf(overrides)).toBe(Object.prototype);
    expect(Object.keys(overrides)).toEqual(["constructor", "toString", "__proto__"]);
    expect(JSON.stringify(overrides)).toContain('"__proto__":{"collabCategory":"engineering_build"');
  });

  it("rejects a file that is not an object", () => {
    expect(readOverrides([]).problems).toEqual(["expected an object of work session ids"]);
  });
});
