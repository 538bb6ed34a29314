import { describe, expect, it } from "vitest";
import { intern, internOrNull } from "../../../src/core/formats/intern.ts";
import { normalizeLine } from "../../../src/core/formats/normalize-line.ts";

/** A string equal to `text` but made anew, as JSON.parse makes one for every occurrence. */
const fresh = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** The event of one OpenClaw line. */
const read = (line: object) => {
  const text = JSON.stringify(line);
  return normalizeLine({ file: "a.ndjson", line: 1, text, bytes: new TextEncoder().encode(text) }).event;
};

describe("intern", () => {
  // Which copy comes back cannot be seen from JavaScript (strings compare by value); what can
  // fail is handing back another text.
  it("hands back an equal text", () => {
    expect(intern(fresh("a2a.send"))).toBe("a2a.send");
    expect(intern(fresh("a2a.send"))).toBe("a2a.send");
    expect(intern("")).toBe("");
    expect(internOrNull(null)).toBeNull();
    expect(internOrNull(fresh("eden"))).toBe("eden");
  });

  it("keeps long texts as they are and stays equal past its bound", () => {
    const long = "x".repeat(500);
    expect(intern(long)).toBe(long);
    for (let i = 0; i < 200_050; i++) expect(intern(`id-${i}`)).toBe(`id-${i}`);
    expect(intern(fresh("a2a.send"))).toBe("a2a.send");
  });

  it("leaves the type, agents and ids the formats read through it unchanged", () => {
    const line = {
      type: "a2a.send",
      agentId: "eden",
      ts: 1,
      data: {
        fromAgent: "eden",
        toAgent: "seum",
        workSessionId: "ws-1",
        conversationId: "c-1",
        taskId: "t-1",
      },
    };
    read(line);
    expect(read(line)).toMatchObject({
      type: "a2a.send",
      agentId: "eden",
      fromAgent: "eden",
      toAgent: "seum",
      workSessionId: "ws-1",
      conversationId: "c-1",
      taskId: "t-1",
    });
  });
});

describe("intern's slots", () => {
  it("hands back each of two texts that share a slot, and either again after the other", () => {
    // Same length and the same characters where a slot is picked (the last, the middle, three
    // quarters in), different elsewhere: one slot for both.
    const [a, b] = ["aaaaXaXY", "bbbbXbXY"];
    for (let round = 0; round < 3; round++) {
      expect(intern(fresh(a))).toBe(a);
      expect(intern(fresh(b))).toBe(b);
    }
    expect(intern(fresh("x"))).toBe("x");
    expect(intern(fresh("é€😀"))).toBe("é€😀");
  });
});
