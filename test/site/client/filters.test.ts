import { describe, expect, it } from "vitest";
import { matches, readFilters } from "../../../src/site/client/filters.ts";

const card = {
  status: "ACTIVE",
  category: "qa_validation",
  tags: "E2E\nQA",
  agents: "main\nnuri",
  text: "check the deploy\nws-1\nmain nuri\ne2e qa",
  type: undefined,
};

describe("list filters", () => {
  it("reads every filter from the URL query, trimmed, empty when absent", () => {
    expect(readFilters(new URLSearchParams("status=QUIET&q=%20deploy%20&agent=nuri"))).toEqual({
      status: "QUIET",
      category: "",
      subTag: "",
      agent: "nuri",
      q: "deploy",
      type: "",
    });
  });

  it.each([
    ["", true],
    ["status=ACTIVE", true],
    ["status=QUIET", false],
    ["category=qa_validation", true],
    ["category=infra_ops", false],
    ["subTag=QA", true],
    ["subTag=Q", false],
    ["agent=nuri", true],
    ["agent=nu", false],
    ["q=DEPLOY", true],
    ["q=rollback", false],
    ["status=ACTIVE&agent=main&q=deploy", true],
    ["status=ACTIVE&agent=miri", false],
    ["type=a2a.send", false],
  ])("?%s → %s", (query, expected) => {
    expect(matches(card, readFilters(new URLSearchParams(query)))).toBe(expected);
  });
});
