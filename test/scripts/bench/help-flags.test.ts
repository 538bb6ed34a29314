import { describe, expect, it } from "vitest";
import { helpFlags } from "../../../scripts/bench/help-flags.ts";

const HELP = `Usage: workscope analyze [inputs…] [options]

Reads agent logs; --not-a-flag in prose is not an option.

Options:
  --json FILE|-    write the Report as JSON (see --pretty)
  --cache DIR      keep what was read in DIR
  --no-cache       read everything again
  -h, --help       this help
`;

describe("helpFlags", () => {
  it("lists the long flags of the option lines, not those named in descriptions or prose", () => {
    expect([...helpFlags(HELP)].sort()).toEqual(["--cache", "--help", "--json", "--no-cache"]);
  });

  it("finds no flag in a text without option lines", () => {
    expect(helpFlags("Usage: x --y\n").size).toBe(0);
  });
});
