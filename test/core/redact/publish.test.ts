import { describe, expect, it } from "vitest";
import { publish } from "../../../src/core/redact/publish.ts";
import { Redactor } from "../../../src/core/redact/redact.ts";

/** A fake token put together from parts. */
const TOKEN = ["gl", "pat-", "A1b2C3d4E5f6G7h8I9j0"].join("");

describe("publish", () => {
  const value = {
    id: TOKEN,
    segment: TOKEN,
    threadSegments: [TOKEN],
    agentId: TOKEN,
    title: `deploy with ${TOKEN}`,
    turns: [{ from: "eden", text: TOKEN }],
    file: "/home/u/.openclaw/logs/a.ndjson",
    filePath: "/elsewhere/task_1.md",
  };

  it("redacts every text but ids, segments and agents, and shows paths relative to their input", () => {
    const redactor = new Redactor();
    expect(publish(value, { redactor, inputRoots: ["/home/u/.openclaw"] })).toEqual({
      id: TOKEN,
      segment: TOKEN,
      threadSegments: [TOKEN],
      agentId: TOKEN,
      title: "deploy with [redacted: gitlab token]",
      turns: [{ from: "eden", text: "[redacted: gitlab token]" }],
      file: "logs/a.ndjson",
      filePath: "task_1.md",
    });
    expect(redactor.counts()).toEqual([{ kind: "gitlab token", count: 2 }]);
  });

  it("keeps texts and paths as they are when asked to", () => {
    expect(publish(value, { redactor: null, inputRoots: null })).toEqual(value);
  });
});
