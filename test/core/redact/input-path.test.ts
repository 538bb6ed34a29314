import { describe, expect, it } from "vitest";
import { relativeToInput } from "../../../src/core/redact/input-path.ts";

describe("relativeToInput", () => {
  it.each([
    // A path the Report already shows relative to the working directory stays.
    ["content/sample/logs/a.ndjson", ["/home/u/.openclaw"], "content/sample/logs/a.ndjson"],
    // Below a state directory: relative to it.
    ["/home/u/.openclaw/logs/a.ndjson", ["/home/u/.openclaw"], "logs/a.ndjson"],
    ["/home/u/.openclaw/logs/a.ndjson", ["/home/u/.openclaw/"], "logs/a.ndjson"],
    // The longest root that holds it wins.
    ["/home/u/.openclaw/logs/a.ndjson", ["/home/u", "/home/u/.openclaw"], "logs/a.ndjson"],
    // A file named as an input, or one no root holds: its name alone.
    ["/tmp/x/events.ndjson", ["/tmp/x/events.ndjson"], "events.ndjson"],
    ["/srv/other/b.ndjson", ["/home/u/.openclaw"], "b.ndjson"],
    ["/srv/other/b.ndjson", [], "b.ndjson"],
    // A root is a whole folder, not a prefix of a name.
    ["/home/u/.openclaw-old/a.ndjson", ["/home/u/.openclaw"], "a.ndjson"],
    // A glob stands for the folders before its first wildcard.
    ["/var/log/agents/x/y.ndjson", ["/var/log/agents/*/*.ndjson"], "x/y.ndjson"],
    ["/var/log/agents/x/y.ndjson", ["/var/log/{agents,other}/**"], "agents/x/y.ndjson"],
    // Windows paths, with either separator.
    ["C:\\Users\\u\\.openclaw\\logs\\a.ndjson", ["C:\\Users\\u\\.openclaw"], "logs/a.ndjson"],
    ["C:\\Users\\u\\a.ndjson", [], "a.ndjson"],
  ])("shows %j under %j as %j", (file, roots, shown) => {
    expect(relativeToInput(file, roots)).toBe(shown);
  });
});
