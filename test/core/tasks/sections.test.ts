import { describe, expect, it } from "vitest";
import {
  JSON_SECTIONS,
  METADATA_FIELDS,
  sectionOfHeading,
  TASK_SECTIONS,
} from "../../../src/core/tasks/sections.ts";

describe("sectionOfHeading", () => {
  it("names the section a level-two heading starts, in any case and with spaces around", () => {
    expect(sectionOfHeading("## Steps")).toBe("Steps");
    expect(sectionOfHeading("## last activity  ")).toBe("Last Activity");
    expect(sectionOfHeading("##   BLOCKING")).toBe("Blocking");
  });

  it("gives null for other headings, so a description may hold markdown headings", () => {
    for (const line of ["# Task: t1", "### Steps", "##Steps", "## Notes", "Steps", "- **Status:** pending"])
      expect(sectionOfHeading(line), line).toBeNull();
  });
});

describe("the task file layout", () => {
  it("has JSON sections that are sections, and metadata labels each once", () => {
    for (const section of JSON_SECTIONS) expect(TASK_SECTIONS).toContain(section);
    expect(TASK_SECTIONS.indexOf("Metadata")).toBe(0);
    const labels = METADATA_FIELDS.map(([label]) => label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(METADATA_FIELDS.slice(0, 3)).toEqual([
      ["Status", "status"],
      ["Priority", "priority"],
      ["Created", "created"],
    ]);
  });
});
