import { describe, expect, it } from "vitest";
import { readMainAgents } from "../../src/core/agent-config.ts";

describe("readMainAgents", () => {
  it("reads agents.list ids, lower-cased, with main always present", () => {
    expect(readMainAgents({ agents: { list: [{ id: "Eden" }, { id: "seum" }] } })).toEqual({
      mainAgents: ["eden", "main", "seum"],
      problems: [],
    });
  });

  it("says when the list is missing or an entry has no id", () => {
    expect(readMainAgents({}).problems).toEqual(["no agents.list: only `main` is taken as a main agent"]);
    expect(readMainAgents({ agents: { list: [{ name: "x" }] } }).problems).toEqual([
      "agents.list[0] has no id",
    ]);
  });
});
