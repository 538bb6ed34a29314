import { describe, expect, it } from "vitest";
import { publish, redactJsonLine } from "../../../src/core/redact/publish.ts";
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

  it("redacts every text of a payload, whatever its fields are called, and keeps the event's own ids", () => {
    const redactor = new Redactor();
    const event = {
      id: TOKEN,
      agentId: "eden",
      data: { to: `token ${TOKEN}`, id: TOKEN, nested: { agent: TOKEN, list: [{ segment: TOKEN }] } },
    };
    const hidden = "[redacted: gitlab token]";
    expect(publish(event, { redactor, inputRoots: null })).toEqual({
      id: TOKEN,
      agentId: "eden",
      data: { to: `token ${hidden}`, id: hidden, nested: { agent: hidden, list: [{ segment: hidden }] } },
    });
  });

  it("keeps texts and paths as they are when asked to", () => {
    expect(publish(value, { redactor: null, inputRoots: null })).toEqual(value);
  });
});

describe("redactJsonLine", () => {
  it("redacts the texts of a line, keeps its ids and the order of its fields", () => {
    const redactor = new Redactor();
    const line = JSON.stringify({ id: TOKEN, ts: 1, data: { message: `use ${TOKEN}`, n: 1.5 } });
    expect(redactJsonLine(line, redactor)).toBe(
      JSON.stringify({ id: TOKEN, ts: 1, data: { message: "use [redacted: gitlab token]", n: 1.5 } }),
    );
    expect(redactor.counts()).toEqual([{ kind: "gitlab token", count: 1 }]);
  });

  it("keeps a line no rule can match byte for byte", () => {
    const line = '{"b":1.0,"a":"x"}';
    expect(redactJsonLine(line, new Redactor())).toBe(line);
  });

  it("finds a secret spelled with \\u escapes", () => {
    const line = JSON.stringify({ text: TOKEN }).replace("g", "\\u0067");
    expect(redactJsonLine(line, new Redactor())).toBe('{"text":"[redacted: gitlab token]"}');
  });

  it("redacts each string in place when the line cannot be parsed again", () => {
    const depth = 20_000;
    const line = `${'{"a":'.repeat(depth)}"${TOKEN}"${"}".repeat(depth)}`;
    const out = redactJsonLine(line, new Redactor());
    expect(out).toBe(`${'{"a":'.repeat(depth)}"[redacted: gitlab token]"${"}".repeat(depth)}`);
  });
});
