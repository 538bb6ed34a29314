import { describe, expect, it } from "vitest";
import {
  SESSION_TYPE_RULES,
  sessionTypeOf,
  type SideFacts,
} from "../../../src/core/classify/session-type.ts";

const mains = new Set(["main", "eden", "seum"]);
const side = (over: Partial<SideFacts>): SideFacts => ({
  agent: null,
  stated: undefined,
  sessionKey: undefined,
  delegated: false,
  ...over,
});

/** One case per row of the table, in order: the side, and what that row (and only it) decides. */
const CASES: Array<[SideFacts, "main" | "subagent"]> = [
  [side({ agent: "explorer", stated: "main" }), "main"],
  [side({ agent: "eden", sessionKey: "agent:eden:subagent:1b2c" }), "subagent"],
  [side({ agent: "explorer", delegated: true }), "subagent"],
  [side({ agent: "Eden" }), "main"],
  [side({ agent: "worker-quick" }), "subagent"],
];

describe("SESSION_TYPE_RULES", () => {
  it("has a case for every row", () => {
    expect(CASES).toHaveLength(SESSION_TYPE_RULES.length);
  });

  it.each(CASES.map((c, i) => [SESSION_TYPE_RULES[i]?.name ?? "", ...c] as const))(
    "%s",
    (name, facts, expected) => {
      const first = SESSION_TYPE_RULES.find((rule) => rule.decide(facts, mains) !== null);
      expect(first?.name).toBe(name);
      expect(sessionTypeOf(facts, mains)).toBe(expected);
    },
  );

  it("reads `agent:<id>:main` keys as main, and ignores other keys", () => {
    expect(sessionTypeOf(side({ sessionKey: "agent:worker:main" }), mains)).toBe("main");
    expect(sessionTypeOf(side({ sessionKey: "agent:eden:discord:channel:42" }), new Set(["main"]))).toBe(
      "unknown",
    );
  });

  it("says unknown when there is no config to tell main agents from others", () => {
    expect(sessionTypeOf(side({ agent: "eden" }), new Set(["main"]))).toBe("unknown");
  });

  it("ignores a stated type that is not one", () => {
    expect(sessionTypeOf(side({ agent: "eden", stated: "robot" }), mains)).toBe("main");
  });
});
