import { describe, expect, it } from "vitest";
import { EVIDENCE_KEYS, JUDGING_RULES, judgingRule } from "../../../src/core/postmortems/judging-rule.ts";
import { BLOCKED_REASON_RULES, BLOCKED_REASONS } from "../../../src/core/sessions/blocked-reasons.ts";
import { EVIDENCE_NAMES, evidenceName } from "../../../src/core/site/labels.ts";

describe("JUDGING_RULES", () => {
  it.each(BLOCKED_REASONS)("judges %s on its own evidence key, named in both languages", (reason) => {
    const rule = judgingRule(reason);
    expect(rule.reason).toBe(reason);
    expect(rule.evidence).toBe(JUDGING_RULES[reason]);
    expect(evidenceName("ko", rule.evidence).trim()).not.toBe("");
    expect(evidenceName("en", rule.evidence).trim()).not.toBe("");
  });

  it.each(BLOCKED_REASON_RULES.map((rule, i) => [rule.reason, i + 1] as const))(
    "points %s at its row %i of BLOCKED_REASON_RULES",
    (reason, row) => {
      expect(judgingRule(reason).row).toBe(row);
      expect(BLOCKED_REASON_RULES[row - 1]?.reason).toBe(reason);
    },
  );

  it("says the two reasons of the whole flow come from no row", () => {
    expect(judgingRule("retry_exhausted").row).toBeNull();
    expect(judgingRule("orphaned").row).toBeNull();
  });

  it("gives each reason a different key, and names every key", () => {
    expect(new Set(Object.values(JUDGING_RULES)).size).toBe(BLOCKED_REASONS.length);
    expect(Object.keys(EVIDENCE_NAMES).sort()).toEqual([...EVIDENCE_KEYS].sort());
  });
});
